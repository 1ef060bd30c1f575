import OpenAI from 'openai';
import { ConfigError } from '@model-gateway/core/testing';
import { OpenAiFake } from '../fakes/openai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { readChatStream } from '../support/read-chat-stream';

const DEEPSEEK_KEY = 'sk-deepseek-server-key-71';
const CLOUDFLARE_TOKEN = 'cf-server-token-29';
const CLIENT_KEY = 'placeholder-client-key';

/**
 * Catalogue rows end to end: provider types from the data table, pointed at a local fake
 * OpenAI server by base_url, called through the unified and passthrough OpenAI routes with
 * the official SDK. The fake records the path, credential and body each call arrived with.
 */
describe('provider catalogue rows through the gateway', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    const base = `http://127.0.0.1:${upstream.port}/v1`;
    gw = await startGateway(`
providers:
  ds: { type: deepseek, base_url: "${base}", api_key: "${DEEPSEEK_KEY}" }
  local: { type: vllm, base_url: "${base}" }
  cf: { type: cloudflare-workers-ai, base_url: "${base}", api_key: "${CLOUDFLARE_TOKEN}" }
endpoints:
  - { name: ds-chat, kind: chat, provider: ds, model: deepseek-chat }
  - { name: local-chat, kind: chat, provider: local, model: Qwen/Qwen3-8B }
  - { name: local-embed, kind: embeddings, provider: local, model: BAAI/bge-m3 }
  - { name: cf-chat, kind: chat, provider: cf, model: "@cf/meta/llama-3.1-8b-instruct" }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const client = (route: 'native' | 'openai') => new OpenAI({ apiKey: CLIENT_KEY, baseURL: `${gw.url}/gateway/${route}/v1`, maxRetries: 0 });

  it.each(['native', 'openai'] as const)('a cloud row sends chat to {base_url}/chat/completions with its key as Bearer (%s route)', async (route) => {
    const completion = await client(route).chat.completions.create({ model: 'ds-chat', messages: [{ role: 'user', content: 'Hello' }] });
    expect(completion.choices[0].message.content).toBe('reply to: Hello');
    expect(upstream.last.path).toBe('/v1/chat/completions');
    expect(upstream.last.headers.authorization).toBe(`Bearer ${DEEPSEEK_KEY}`);
    expect(upstream.last.body.model).toBe('deepseek-chat');
    expect(JSON.stringify(upstream.last.headers)).not.toContain(CLIENT_KEY);
  });

  it('streams through a catalogue row', async () => {
    const stream = await client('native').chat.completions.create({ model: 'ds-chat', messages: [{ role: 'user', content: 'Hi' }], stream: true });
    expect((await readChatStream(stream)).text).toBe('Hello from upstream');
    expect(upstream.last.body.stream).toBe(true);
  });

  it('a local server row works without a key and serves embeddings', async () => {
    const completion = await client('native').chat.completions.create({ model: 'local-chat', messages: [{ role: 'user', content: 'Hi' }] });
    expect(completion.choices[0].message.content).toBe('reply to: Hi');
    expect(upstream.last.headers.authorization).toBeUndefined();
    const embedding = await client('native').embeddings.create({ model: 'local-embed', input: 'one' });
    expect(embedding.data[0].embedding).toEqual([0.25, -0.5, 0.125]);
    expect(upstream.last.path).toBe('/v1/embeddings');
    expect(upstream.last.body.model).toBe('BAAI/bge-m3');
  });

  it('an account row calls the base_url its connection names', async () => {
    await client('native').chat.completions.create({ model: 'cf-chat', messages: [{ role: 'user', content: 'Hi' }] });
    expect(upstream.last.path).toBe('/v1/chat/completions');
    expect(upstream.last.headers.authorization).toBe(`Bearer ${CLOUDFLARE_TOKEN}`);
    expect(upstream.last.body.model).toBe('@cf/meta/llama-3.1-8b-instruct');
  });

  it('refuses, at config load, an account row without base_url and an embeddings endpoint on a chat-only row', async () => {
    const problems = async (yaml: string) => {
      try {
        await startGateway(yaml);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      throw new Error('expected the config to be rejected');
    };
    expect(await problems('endpoints: [{ name: e, kind: chat, provider: cloudflare-workers-ai, model: m }]')).toEqual([
      'endpoints[0].provider: base_url is required for provider type "cloudflare-workers-ai"; name a connection under providers: that sets it',
    ]);
    expect(await problems('endpoints: [{ name: e, kind: embeddings, provider: deepseek, model: m }]')).toEqual(['endpoints[0].kind: provider type "deepseek" does not serve embeddings']);
  });
});
