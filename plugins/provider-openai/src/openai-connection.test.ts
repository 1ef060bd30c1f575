import nock from 'nock';
import { getGlobalDispatcher } from 'undici';
import { Cancellation, GatewayError, Secret, type ChatRequest, type ConnectionSettings } from '@model-gateway/core';
import { Attempt, Call, UpstreamClient } from '@model-gateway/core/testing';
import { CredentialInjection } from '@model-gateway/credential-injection';
import { OpenAiConnection } from './openai-connection';
import { openAiProvider } from './index';
import type { OpenAiOptions } from './openai-facts';

const BASE = 'https://api.example-openai.test/v1';
const TIMEOUTS = { connectMs: 1000, firstByteMs: 2000, idleMs: 2000, totalMs: 5000 };

/** The openai provider module alone: its HTTP exchanges are intercepted by nock, no server involved. */
describe('OpenAiConnection (unit, nock)', () => {
  const credentials = new CredentialInjection();
  let upstream: UpstreamClient;
  let connection: OpenAiConnection;

  beforeAll(() => {
    nock.disableNetConnect();
    // nock intercepts undici through its global dispatcher, which it installs when activated.
    upstream = new UpstreamClient(getGlobalDispatcher());
  });
  afterAll(async () => {
    nock.enableNetConnect();
    // nock patches node:http for the whole jest worker; later test files there (the
    // http-proxy-3 relay uses node:http) must get the real network stack back.
    nock.restore();
  });
  beforeEach(() => {
    const settings: ConnectionSettings<OpenAiOptions> = {
      name: 'acct', type: 'openai', baseUrl: BASE, apiKey: new Secret('sk-unit-key'), headers: { 'x-extra': '1' }, options: { organization: 'org-9' },
    };
    connection = new OpenAiConnection(settings);
  });
  afterEach(() => nock.cleanAll());

  function attempt(request: ChatRequest): Attempt {
    const call = new Call('req-1', 'openai-chat', 'chat', 'ep', request, {}, new Cancellation());
    const target = { key: 'acct/gpt-4o-mini', connectionName: 'acct', connection, definition: openAiProvider, model: 'gpt-4o-mini', catalogModel: 'gpt-4o-mini', timeouts: TIMEOUTS, role: 'split' as const, weight: 1 };
    return new Attempt(call, target, 0, upstream, (a, r) => credentials.authorize(a, r));
  }

  const chat = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });

  it('posts the encoded body to {base_url}/chat/completions with bearer auth and fixed headers', async () => {
    // nock only answers when the headers and the body match exactly.
    const scope = nock(BASE, { reqheaders: { authorization: 'Bearer sk-unit-key', 'openai-organization': 'org-9', 'x-extra': '1' } })
      .post('/chat/completions', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], temperature: 0.1 })
      .reply(200, { id: 'c1', object: 'chat.completion', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, message: { role: 'assistant', content: 'yo' }, finish_reason: 'stop' }], usage: { prompt_tokens: 2, completion_tokens: 1, total_tokens: 3 } });
    const result = await connection.chat(chat({ temperature: 0.1 }), attempt(chat()));
    expect(result.type).toBe('response');
    if (result.type === 'response') expect(result.response.choices[0].message.content).toBe('yo');
    expect(scope.isDone()).toBe(true);
  });

  it('maps a 4xx to provider_error with its status and the provider\'s code', async () => {
    nock(BASE).post('/chat/completions').reply(400, { error: { message: 'bad param', type: 'invalid_request_error', code: 'invalid_value', param: 'temperature' } });
    const error = await connection.chat(chat(), attempt(chat())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'provider_error', status: 400, message: 'bad param', providerCode: 'invalid_value', param: 'temperature', retryable: false });
  });

  it('maps a 401 to provider_auth_error (502: the refused key is the gateway\'s) and scrubs the key from the message', async () => {
    nock(BASE).post('/chat/completions').reply(401, { error: { message: 'bad key sk-unit-key', type: 'invalid_request_error', code: 'invalid_api_key' } });
    const error = (await connection.chat(chat(), attempt(chat())).catch((e: unknown) => e)) as GatewayError;
    expect(error).toMatchObject({ code: 'provider_auth_error', status: 502, retryable: false });
    expect(error.message).toContain('bad key [redacted]');
    expect(error.message).not.toContain('sk-unit-key');
  });

  it('drops top_k and reports it (OpenAI refuses the field), and reads `reasoning` as reasoning text', async () => {
    nock(BASE)
      .post('/chat/completions', (body) => body.top_k === undefined)
      .reply(200, { id: 'c1', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'yo', reasoning: 'thought' }, finish_reason: 'stop' }] });
    const tried = attempt(chat());
    const result = await connection.chat(chat({ topK: 20 }), tried);
    if (result.type !== 'response') throw new Error('expected a response');
    expect(result.response.choices[0].message).toMatchObject({ content: 'yo', reasoning: 'thought' });
    expect(tried.droppedFields).toEqual(['topK']);
  });

  it('sends max_completion_tokens to OpenAI\'s own API (its reasoning models refuse max_tokens), max_tokens elsewhere', async () => {
    const official = new OpenAiConnection({ name: 'acct', type: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: new Secret('sk-unit-key'), headers: {}, options: {} });
    nock('https://api.openai.com/v1')
      .post('/chat/completions', (body) => body.max_completion_tokens === 64 && body.max_tokens === undefined)
      .reply(200, { id: 'c1', created: 1, model: 'o3', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] });
    expect((await official.chat(chat({ maxTokens: 64 }), attempt(chat()))).type).toBe('response');
    nock(BASE)
      .post('/chat/completions', (body) => body.max_tokens === 64 && body.max_completion_tokens === undefined)
      .reply(200, { id: 'c2', created: 1, model: 'llama', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }] });
    expect((await connection.chat(chat({ maxTokens: 64 }), attempt(chat()))).type).toBe('response');
  });

  it('maps a 5xx to a retryable upstream_error (502) and reads Retry-After', async () => {
    nock(BASE).post('/chat/completions').reply(503, 'upstream down', { 'retry-after': '2' });
    const error = (await connection.chat(chat(), attempt(chat())).catch((e: unknown) => e)) as GatewayError;
    expect(error).toMatchObject({ code: 'upstream_error', status: 502, retryable: true, retryAfterMs: 2000 });
  });

  it('rejects a 200 whose body is not JSON as upstream_invalid_response', async () => {
    nock(BASE).post('/chat/completions').reply(200, '<html>proxy error</html>');
    await expect(connection.chat(chat(), attempt(chat()))).rejects.toMatchObject({ code: 'upstream_invalid_response' });
  });

  it('parses an SSE stream into canonical chunks, stops at [DONE], and turns an in-band error event into a failure', async () => {
    const sse = (events: unknown[]) => events.map((e) => `data: ${typeof e === 'string' ? e : JSON.stringify(e)}\n\n`).join('');
    const chunk = (content: string) => ({ id: 's', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    nock(BASE).post('/chat/completions').reply(200, sse([chunk('a'), chunk('b'), '[DONE]', chunk('never')]), { 'content-type': 'text/event-stream' });
    const streamed = await connection.chat(chat({ stream: true }), attempt(chat({ stream: true })));
    if (streamed.type !== 'stream') throw new Error('expected a stream');
    const parts: string[] = [];
    for await (const c of streamed.chunks) parts.push(String(c.choices[0].delta.content));
    expect(parts).toEqual(['a', 'b']);

    nock(BASE).post('/chat/completions').reply(200, sse([chunk('a'), { error: { message: 'overloaded', type: 'server_error' } }]), { 'content-type': 'text/event-stream' });
    const failing = await connection.chat(chat({ stream: true }), attempt(chat({ stream: true })));
    if (failing.type !== 'stream') throw new Error('expected a stream');
    const read = async () => {
      for await (const _ of failing.chunks) void _;
    };
    await expect(read()).rejects.toMatchObject({ code: 'upstream_error' });
  });

  it('posts embeddings to {base_url}/embeddings', async () => {
    nock(BASE)
      .post('/embeddings', { model: 'gpt-4o-mini', input: 'x' })
      .reply(200, { object: 'list', model: 'e', data: [{ object: 'embedding', index: 0, embedding: [1, 2] }], usage: { prompt_tokens: 1, total_tokens: 1 } });
    const result = await connection.embeddings({ input: 'x', encodingFormat: 'float', extra: {} }, attempt(chat()));
    expect(result.data[0].embedding).toEqual([1, 2]);
  });
});
