import { estimateInputTokens, IMAGE_TOKENS } from './token-estimate';

describe('estimateInputTokens', () => {
  it('counts system, message text, tool calls and results and tool definitions, plus framing', () => {
    const base = { messages: [{ role: 'user', content: 'Hello there' }] };
    const small = estimateInputTokens(base);
    expect(small).toBeGreaterThan(2);
    expect(small).toBeLessThan(10);
    expect(estimateInputTokens({ ...base, system: 'word '.repeat(100) })).toBeGreaterThanOrEqual(small + 100);
    const withTool = estimateInputTokens({ ...base, tools: [{ name: 'Read', description: 'Reads a file', input_schema: { type: 'object' } }] });
    expect(withTool).toBeGreaterThan(small + 8);
    const turns = estimateInputTokens({
      messages: [
        { role: 'user', content: 'Read it' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'Read', input: { file_path: '/a/b.txt' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'alpha beta gamma' }] }] },
      ],
    });
    expect(turns).toBeGreaterThan(estimateInputTokens({ messages: [{ role: 'user', content: 'Read it' }] }) + 10);
  });

  it('counts an image as a fixed cost', () => {
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } };
    expect(estimateInputTokens({ messages: [{ role: 'user', content: [image] }] })).toBe(IMAGE_TOKENS + 4);
  });
});
