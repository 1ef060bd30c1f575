import { OpenAiFake } from '../fakes/openai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * The OpenAI passthrough asks for include_usage on chat streams so it can account
 * tokens. A provider that rejects stream_options (Mistral reports usage on its own)
 * must get the client's body without it.
 */
describe('OpenAI passthrough and stream_options', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
providers:
  mistral-acct: { type: mistral, base_url: "${upstream.baseUrl}", api_key: mistral-key-1234 }
  openai-acct: { type: openai, base_url: "${upstream.baseUrl}", api_key: openai-key-1234 }
endpoints:
  - { name: le-chat, kind: chat, provider: mistral-acct, model: mistral-small-latest }
  - { name: gpt, kind: chat, provider: openai-acct, model: gpt-4o-mini }
`);
  });

  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });

  const stream = (model: string) =>
    fetch(`${gw.url}/gateway/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    }).then((r) => r.text());

  it('does not add stream_options for a provider that rejects it', async () => {
    const text = await stream('le-chat');
    expect(text).toContain('Hello');
    expect(upstream.last.body).not.toHaveProperty('stream_options');
  });

  it('adds include_usage for an OpenAI provider, and hides the usage chunk from a client that did not ask', async () => {
    const text = await stream('gpt');
    expect(upstream.last.body.stream_options).toEqual({ include_usage: true });
    expect(text).not.toContain('"usage"');
  });
});
