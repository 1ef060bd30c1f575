/** The bench's reading of the gateway's own share, from its Server-Timing header. */
const { gatewayShareMs, hasContent } = require('./load-runner');

describe('gatewayShareMs', () => {
  it('reads the gateway metric wherever it sits in the header', () => {
    expect(gatewayShareMs('gateway;dur=0.412, upstream;dur=12.000')).toBe(0.412);
    expect(gatewayShareMs('upstream;dur=3.000, gateway;dur=1.5')).toBe(1.5);
  });

  it('is null without a header or without the metric', () => {
    expect(gatewayShareMs(undefined)).toBeNull();
    expect(gatewayShareMs('upstream;dur=3.000')).toBeNull();
    expect(gatewayShareMs('mygateway;dur=3.000')).toBeNull();
  });
});

describe('hasContent', () => {
  it('finds text in an OpenAI chunk and in an Anthropic content_block_delta', () => {
    expect(hasContent('data: {"choices":[{"index":0,"delta":{"content":"Hello"}}]}')).toBe(true);
    expect(hasContent('data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}')).toBe(true);
  });

  it('does not count a role-only chunk, an Anthropic start event, [DONE] or a non-data line', () => {
    expect(hasContent('data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}')).toBe(false);
    expect(hasContent('data: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}')).toBe(false);
    expect(hasContent('data: [DONE]')).toBe(false);
    expect(hasContent('event: content_block_delta')).toBe(false);
  });
});
