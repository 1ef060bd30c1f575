import nock from 'nock';
import { getGlobalDispatcher } from 'undici';
import { Cancellation, GatewayError, Secret, type ChatChunk, type ChatRequest, type ConnectionSettings } from '@model-gateway/core';
import { Attempt, Call, UpstreamClient } from '@model-gateway/core/testing';
import { CredentialInjection } from '@model-gateway/credential-injection';
import { AnthropicConnection } from './anthropic-connection';
import { anthropicOptionsSchema, type AnthropicOptions } from './anthropic-options';
import { anthropicProvider } from './index';

const BASE = 'https://api.example-anthropic.test';
const KEY = 'sk-ant-unit-key';
const TIMEOUTS = { connectMs: 1000, firstByteMs: 2000, idleMs: 2000, totalMs: 5000 };

const sse = (events: Array<{ type: string } & Record<string, unknown>>) => events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
const message = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: 'yo' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 3, output_tokens: 1 } };

/** The anthropic provider module alone: its HTTP exchanges are intercepted by nock, no server involved. */
describe('AnthropicConnection (unit, nock)', () => {
  const credentials = new CredentialInjection();
  let upstream: UpstreamClient;
  let connection: AnthropicConnection;

  beforeAll(() => {
    nock.disableNetConnect();
    upstream = new UpstreamClient(getGlobalDispatcher());
  });
  afterAll(() => {
    nock.enableNetConnect();
    // Later test files in this jest worker need the real node:http back.
    nock.restore();
  });
  beforeEach(() => {
    const settings: ConnectionSettings<AnthropicOptions> = {
      name: 'claude', type: 'anthropic', baseUrl: BASE, apiKey: new Secret(KEY), headers: { 'x-extra': '1' }, options: { anthropic_version: '2023-06-01', default_max_tokens: 512 },
    };
    connection = new AnthropicConnection(settings);
  });
  afterEach(() => nock.cleanAll());

  const chat = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });

  function attempt(request: ChatRequest): Attempt {
    const call = new Call('req-1', 'openai-chat', 'chat', 'ep', request, {}, new Cancellation());
    const target = { key: 'claude/claude-x', connectionName: 'claude', connection, definition: anthropicProvider, model: 'claude-x', catalogModel: 'claude-x', timeouts: TIMEOUTS, role: 'split' as const, weight: 1 };
    return new Attempt(call, target, 0, upstream, (a, r) => credentials.authorize(a, r));
  }

  async function collect(request: ChatRequest): Promise<ChatChunk[]> {
    const result = await connection.chat(request, attempt(request));
    if (result.type !== 'stream') throw new Error('expected a stream');
    const chunks: ChatChunk[] = [];
    for await (const chunk of result.chunks) chunks.push(chunk);
    return chunks;
  }

  it('posts the encoded body to {base_url}/v1/messages with x-api-key, anthropic-version and the connection default max_tokens', async () => {
    const scope = nock(BASE, { reqheaders: { 'x-api-key': KEY, 'anthropic-version': '2023-06-01', 'x-extra': '1' }, badheaders: ['authorization'] })
      .post('/v1/messages', { model: 'claude-x', max_tokens: 512, system: 'S', messages: [{ role: 'user', content: 'hi' }] })
      .reply(200, message);
    const request = chat({ messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'hi' }] });
    const result = await connection.chat(request, attempt(request));
    expect(scope.isDone()).toBe(true);
    if (result.type !== 'response') throw new Error('expected a response');
    expect(result.response.choices[0]).toEqual({ index: 0, message: { role: 'assistant', content: 'yo' }, finishReason: 'stop' });
    expect(result.response.usage).toEqual({ inputTokens: 3, outputTokens: 1, totalTokens: 4 });
  });

  it('refuses a parameter Anthropic cannot honour before sending anything', async () => {
    const request = chat({ n: 2 });
    await expect(connection.chat(request, attempt(request))).rejects.toMatchObject({ code: 'invalid_parameter', param: 'n', status: 400 });
  });

  it("maps Anthropic's error body, scrubs the key and reads Retry-After", async () => {
    nock(BASE).post('/v1/messages').reply(429, { type: 'error', error: { type: 'rate_limit_error', message: `slow down ${KEY}` } }, { 'retry-after': '7' });
    const limited = (await connection.chat(chat(), attempt(chat())).catch((e: unknown) => e)) as GatewayError;
    expect(limited).toBeInstanceOf(GatewayError);
    expect(limited).toMatchObject({ code: 'provider_error', status: 429, message: 'slow down [redacted]', providerType: 'rate_limit_error', retryAfterMs: 7000, retryable: true });

    nock(BASE).post('/v1/messages').reply(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    await expect(connection.chat(chat(), attempt(chat()))).rejects.toMatchObject({ code: 'upstream_error', status: 502, retryable: true });
  });

  it('rejects a 200 whose body is not JSON as upstream_invalid_response', async () => {
    nock(BASE).post('/v1/messages').reply(200, '<html>proxy</html>');
    await expect(connection.chat(chat(), attempt(chat()))).rejects.toMatchObject({ code: 'upstream_invalid_response' });
  });

  it('streams canonical chunks and ends with the usage chunk', async () => {
    nock(BASE)
      .post('/v1/messages', (body) => body.stream === true)
      .reply(200, sse([
        { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 3, output_tokens: 1 } } },
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'a' } },
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'b' } },
        { type: 'content_block_stop', index: 0 },
        { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } },
        { type: 'message_stop' },
      ]), { 'content-type': 'text/event-stream' });
    const chunks = await collect(chat({ stream: true }));
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? null)).toEqual([null, 'a', 'b', null, null]);
    expect(chunks.at(-2)?.choices[0].finishReason).toBe('stop');
    expect(chunks.at(-1)?.usage).toEqual({ inputTokens: 3, outputTokens: 2, totalTokens: 5 });
  });

  it('fails a stream on an in-band error event, and on a stream cut before message_stop', async () => {
    nock(BASE).post('/v1/messages').reply(200, sse([
      { type: 'message_start', message: { ...message, content: [] } },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ]), { 'content-type': 'text/event-stream' });
    await expect(collect(chat({ stream: true }))).rejects.toMatchObject({ code: 'upstream_error', message: 'Provider "claude" failed with HTTP 529: Overloaded' });

    nock(BASE).post('/v1/messages').reply(200, sse([{ type: 'message_start', message: { ...message, content: [] } }]), { 'content-type': 'text/event-stream' });
    await expect(collect(chat({ stream: true }))).rejects.toMatchObject({ code: 'upstream_invalid_response' });
  });

  it('keeps passthrough: only the anthropic format, the configured version as a default', () => {
    expect(connection.passthrough('anthropic', 'messages')).toEqual({
      url: `${BASE}/v1/messages`,
      headers: { 'content-type': 'application/json', 'x-extra': '1' },
      defaultHeaders: { 'anthropic-version': '2023-06-01' },
    });
    expect(connection.passthrough('openai', 'chat/completions')).toBeUndefined();
  });
});

describe('anthropicOptionsSchema', () => {
  it('defaults the version and max_tokens and describes every field', () => {
    expect(anthropicOptionsSchema.parse({})).toEqual({ anthropic_version: '2023-06-01', default_max_tokens: 4096 });
    for (const [name, field] of Object.entries(anthropicOptionsSchema.shape)) expect([name, field.description]).toEqual([name, expect.any(String)]);
  });
});
