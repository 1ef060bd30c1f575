import nock from 'nock';
import { getGlobalDispatcher } from 'undici';
import { Cancellation, GatewayError, Secret, type ChatRequest, type Target } from '@model-gateway/core';
import { Attempt, Call, UpstreamClient } from '@model-gateway/core/testing';
import { CredentialInjection } from '@model-gateway/credential-injection';
import { CohereConnection } from './cohere-connection';
import { cohereProvider } from './index';

const BASE = 'https://api.example-cohere.test';
const TIMEOUTS = { connectMs: 1000, firstByteMs: 2000, idleMs: 2000, totalMs: 5000 };

/** The cohere provider module alone: its HTTP exchanges are intercepted by nock, no server involved. */
describe('CohereConnection (unit, nock)', () => {
  const credentials = new CredentialInjection();
  let upstream: UpstreamClient;
  let connection: CohereConnection;

  beforeAll(() => {
    nock.disableNetConnect();
    upstream = new UpstreamClient(getGlobalDispatcher());
  });
  afterAll(() => {
    nock.enableNetConnect();
    // nock patches node:http for the whole jest worker; later files there need the real stack back.
    nock.restore();
  });
  beforeEach(() => {
    connection = new CohereConnection({ name: 'co', type: 'cohere', baseUrl: BASE, apiKey: new Secret('co-unit-key'), headers: {}, options: { embed_input_type: 'search_document' } });
  });
  afterEach(() => nock.cleanAll());

  function attempt(request: ChatRequest): Attempt {
    const call = new Call('req-1', 'openai-chat', 'chat', 'ep', request, {}, new Cancellation());
    const target = { key: 'co/command-a-03-2025', role: 'split', weight: 1, connectionName: 'co', connection, definition: cohereProvider, model: 'command-a-03-2025', catalogModel: 'command-a-03-2025', timeouts: TIMEOUTS } as Target;
    return new Attempt(call, target, 0, upstream, (a, r) => credentials.authorize(a, r));
  }

  const chat = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });

  it('posts the v2 body to {base_url}/v2/chat with bearer auth and decodes the answer', async () => {
    const scope = nock(BASE, { reqheaders: { authorization: 'Bearer co-unit-key' } })
      .post('/v2/chat', { model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }], stream: false, max_tokens: 10 })
      .reply(200, { id: 'r1', finish_reason: 'COMPLETE', message: { role: 'assistant', content: [{ type: 'text', text: 'yo' }] }, usage: { billed_units: { input_tokens: 3, output_tokens: 1 } } });
    const result = await connection.chat(chat({ maxTokens: 10 }), attempt(chat()));
    if (result.type !== 'response') throw new Error('expected a response');
    expect(result.response).toMatchObject({ id: 'r1', model: 'command-a-03-2025', choices: [{ message: { content: 'yo' }, finishReason: 'stop' }], usage: { inputTokens: 3, outputTokens: 1 } });
    expect(scope.isDone()).toBe(true);
  });

  it('streams SSE events as canonical chunks', async () => {
    const events = [
      { type: 'message-start', id: 's1', delta: { message: { role: 'assistant' } } },
      { type: 'content-delta', index: 0, delta: { message: { content: { text: 'a' } } } },
      { type: 'content-delta', index: 0, delta: { message: { content: { text: 'b' } } } },
      { type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { billed_units: { input_tokens: 2, output_tokens: 2 } } } },
    ];
    const sse = events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
    nock(BASE).post('/v2/chat', (body) => body.stream === true).reply(200, sse, { 'content-type': 'text/event-stream' });
    const result = await connection.chat(chat({ stream: true }), attempt(chat({ stream: true })));
    if (result.type !== 'stream') throw new Error('expected a stream');
    const chunks = [];
    for await (const chunk of result.chunks) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content).join('')).toBe('ab');
    expect(chunks.at(-1)?.usage).toEqual({ inputTokens: 2, outputTokens: 2, totalTokens: 4 });
  });

  it('maps a 429 with its message and Retry-After, scrubbing the key', async () => {
    nock(BASE).post('/v2/chat').reply(429, { message: 'slow down co-unit-key' }, { 'retry-after': '7' });
    const error = (await connection.chat(chat(), attempt(chat())).catch((e: unknown) => e)) as GatewayError;
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'provider_error', status: 429, message: 'slow down [redacted]', retryable: true, retryAfterMs: 7000 });
  });

  it('maps a 500 to a retryable upstream_error (502)', async () => {
    nock(BASE).post('/v2/chat').reply(500, { message: 'internal' });
    await expect(connection.chat(chat(), attempt(chat()))).rejects.toMatchObject({ code: 'upstream_error', status: 502, retryable: true });
  });

  it('posts embeddings to {base_url}/v2/embed with the configured input type', async () => {
    nock(BASE)
      .post('/v2/embed', { model: 'command-a-03-2025', texts: ['x'], input_type: 'search_document', embedding_types: ['float'] })
      .reply(200, { id: 'e', embeddings: { float: [[1, 2]] }, meta: { billed_units: { input_tokens: 1 } } });
    const result = await connection.embeddings({ input: 'x', encodingFormat: 'float', extra: {} }, attempt(chat()));
    expect(result.data[0].embedding).toEqual([1, 2]);
  });
});
