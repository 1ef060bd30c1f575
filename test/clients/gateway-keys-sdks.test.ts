import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import OpenAI, { AzureOpenAI } from 'openai';
import type { AnthropicFake } from '../fakes/anthropic-fake';
import type { GeminiFake } from '../fakes/gemini-fake';
import type { OpenAiFake } from '../fakes/openai-fake';
import { startKeyedGateway, UPSTREAM_KEYS, type KeyedGateway } from '../support/keyed-gateway';
import type { TestGateway } from '../support/start-gateway';

/**
 * The official JS SDKs presenting gateway keys where each puts its API key (OpenAI:
 * Authorization Bearer; Anthropic: x-api-key; google-genai: x-goog-api-key; Azure OpenAI:
 * api-key): a valid key is served, and every refusal surfaces as the SDK's own
 * authentication or permission exception. The fake upstreams never see a gateway key.
 */

const UNKNOWN_KEY = `mgw-${'Q'.repeat(43)}`;

let rig: KeyedGateway;
let openaiUp: OpenAiFake;
let anthropicUp: AnthropicFake;
let geminiUp: GeminiFake;
let gw: TestGateway;
let everything: string;
let gptOnly: string;
let revoked: string;

beforeAll(async () => {
  rig = await startKeyedGateway();
  ({ gw, openai: openaiUp, anthropic: anthropicUp, gemini: geminiUp } = rig);
  ({ all: everything, gptOnly, revoked } = rig.keys);
});

afterAll(async () => {
  await rig?.close();
});

afterEach(() => {
  for (const request of rig.upstreamRequests()) {
    for (const key of [everything, gptOnly, revoked]) {
      expect(JSON.stringify(request.headers)).not.toContain(key);
      expect(request.path).not.toContain(key);
      expect(request.rawBody).not.toContain(key);
    }
  }
});

/** The exception a call rejects with. */
async function failure(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call succeeded');
}

describe('openai', () => {
  const client = (apiKey: string, path = 'native/v1') => new OpenAI({ apiKey, baseURL: `${gw.url}/gateway/${path}`, maxRetries: 0 });

  it('calls with a key as Bearer, on the unified and the passthrough routes, streamed or not', async () => {
    const unified = await client(everything).chat.completions.create({ model: 'claude', messages: [{ role: 'user', content: 'Hello' }] });
    expect(unified.choices[0].message.content).toContain('Hello');
    const relayed = await client(gptOnly, 'openai/v1').chat.completions.create({ model: 'gpt', messages: [{ role: 'user', content: 'Hi' }] });
    expect(relayed.choices[0].message.content).toContain('Hi');
    let text = '';
    for await (const chunk of await client(gptOnly).chat.completions.create({ model: 'gpt', messages: [{ role: 'user', content: 'stream' }], stream: true })) {
      text += chunk.choices[0]?.delta?.content ?? '';
    }
    expect(text).toContain('stream');
    expect(openaiUp.requests.at(-1)?.headers.authorization).toBe(`Bearer ${UPSTREAM_KEYS.openai}`);
  });

  it('lists only the models the key may call', async () => {
    const ids = [];
    for await (const model of client(gptOnly).models.list()) ids.push(model.id);
    expect(ids).toEqual(['gpt']);
  });

  it.each([
    ['a placeholder', 'sk-placeholder'],
    ['an unknown key', UNKNOWN_KEY],
    ['a revoked key', 'revoked'],
  ])('raises AuthenticationError for %s', async (_what, apiKey) => {
    const sent = rig.upstreamRequests().length;
    const error = await failure(() => client(apiKey === 'revoked' ? revoked : apiKey).chat.completions.create({ model: 'gpt', messages: [{ role: 'user', content: 'x' }] }));
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as InstanceType<typeof OpenAI.AuthenticationError>).code).toBe('gateway_key_invalid');
    expect(rig.upstreamRequests()).toHaveLength(sent);
  });

  it('raises PermissionDeniedError for an endpoint outside the key\'s scope', async () => {
    openaiUp.reset();
    anthropicUp.reset();
    const error = await failure(() => client(gptOnly).chat.completions.create({ model: 'claude', messages: [{ role: 'user', content: 'x' }] }));
    expect(error).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(await failure(() => client(gptOnly).models.retrieve('claude'))).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(rig.upstreamRequests()).toHaveLength(0);
  });

  it("AzureOpenAI's api-key header is a key too (its deployments paths are not served, its models list is)", async () => {
    const azure = (apiKey: string) => new AzureOpenAI({ apiKey, baseURL: `${gw.url}/gateway/openai/v1`, apiVersion: '2024-10-21', maxRetries: 0 });
    const ids = [];
    for await (const model of azure(gptOnly).models.list()) ids.push(model.id);
    expect(ids).toEqual(['gpt']);
    expect(await failure(async () => azure(UNKNOWN_KEY).models.list())).toBeInstanceOf(OpenAI.AuthenticationError);
  });
});

describe('@anthropic-ai/sdk', () => {
  const client = (apiKey: string) => new Anthropic({ apiKey, baseURL: `${gw.url}/gateway/anthropic`, maxRetries: 0 });

  it('calls with a key as x-api-key, relayed and translated, streamed or not', async () => {
    const relayed = await client(everything).messages.create({ model: 'claude', max_tokens: 32, messages: [{ role: 'user', content: 'Hello' }] });
    expect(relayed.content[0]).toMatchObject({ type: 'text', text: 'reply to: Hello' });
    expect(anthropicUp.requests.at(-1)?.headers['x-api-key']).toBe(UPSTREAM_KEYS.anthropic);
    const stream = client(gptOnly).messages.stream({ model: 'gpt', max_tokens: 32, messages: [{ role: 'user', content: 'Hi' }] });
    const final = await stream.finalMessage();
    expect(final.content.length).toBeGreaterThan(0);
  });

  it('lists only the chat models the key may call', async () => {
    const page = await client(gptOnly).models.list();
    expect(page.data.map((m) => m.id)).toEqual(['gpt']);
  });

  it('raises AuthenticationError for an unknown or revoked key, PermissionDeniedError outside the scope', async () => {
    anthropicUp.reset();
    for (const apiKey of [UNKNOWN_KEY, revoked, 'sk-ant-placeholder']) {
      const error = await failure(() => client(apiKey).messages.create({ model: 'claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
      expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    }
    const denied = await failure(() => client(gptOnly).messages.create({ model: 'claude', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }));
    expect(denied).toBeInstanceOf(Anthropic.PermissionDeniedError);
    expect(anthropicUp.requests).toHaveLength(0);
  });
});

describe('@google/genai', () => {
  // Under jest the SDK cannot find undici's global dispatcher; handing it fetch works around that.
  const client = (apiKey: string) =>
    new GoogleGenAI({ apiKey, httpOptions: { baseUrl: `${gw.url}/gateway/gemini`, fetch: (url: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(url, init) } as never });

  it('calls with a key as x-goog-api-key', async () => {
    const response = await client(everything).models.generateContent({ model: 'gem', contents: 'Hello' });
    expect(response.text).toBe('reply to: Hello');
    expect(geminiUp.requests.at(-1)?.headers['x-goog-api-key']).toBe(UPSTREAM_KEYS.gemini);
    expect(geminiUp.requests.at(-1)?.query.key).toBeUndefined();
  });

  it('raises ApiError 401 for an unknown or revoked key, 403 outside the scope', async () => {
    geminiUp.reset();
    for (const apiKey of [UNKNOWN_KEY, revoked]) {
      const error = await failure(() => client(apiKey).models.generateContent({ model: 'gem', contents: 'x' }));
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(401);
    }
    const denied = await failure(() => client(gptOnly).models.generateContent({ model: 'gem', contents: 'x' }));
    expect((denied as ApiError).status).toBe(403);
    expect(geminiUp.requests).toHaveLength(0);
  });
});
