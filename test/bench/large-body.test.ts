/** The 5 MB body of the bench's large-body guard: legal for the gateway, and the size it claims. */
const { largeChatBody, LARGE_BODY_BYTES } = require('./large-body');

describe('largeChatBody', () => {
  it('makes one user message that brings the JSON body to the size asked for', () => {
    const body = largeChatBody({ model: 'bench', messages: [{ role: 'user', content: 'hi' }] });
    expect(Buffer.byteLength(JSON.stringify(body))).toBe(LARGE_BODY_BYTES);
    expect(body.model).toBe('bench');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].role).toBe('user');
    // Under the gateway's default server.body_limit of 10 MB (docs/errors.md).
    expect(LARGE_BODY_BYTES).toBeLessThan(10 * 1024 * 1024);
  });

  it('takes a smaller size too', () => {
    expect(Buffer.byteLength(JSON.stringify(largeChatBody({ model: 'x', messages: [] }, 4096)))).toBe(4096);
  });
});
