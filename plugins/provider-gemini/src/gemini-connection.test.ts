import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Cancellation, GatewayError, Secret, type ChatChunk, type ChatRequest, type ProviderConnection } from '@model-gateway/core';
import { Attempt, Call, UpstreamClient } from '@model-gateway/core/testing';
import { CredentialInjection } from '@model-gateway/credential-injection';
import { geminiProvider } from './index';
import { GeminiConnection, modelPath } from './gemini-connection';

const KEY = 'AIza-unit-key-0042';
const TIMEOUTS = { connectMs: 1000, firstByteMs: 2000, idleMs: 2000, totalMs: 5000 };

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

type Answer = (seen: Seen, res: http.ServerResponse) => void;

/** The connection alone, against a local server that answers what each test queues. */
describe('GeminiConnection', () => {
  let server: http.Server;
  let base: string;
  const seen: Seen[] = [];
  const answers: Answer[] = [];
  const upstream = new UpstreamClient();
  const credentials = new CredentialInjection();

  beforeAll(async () => {
    server = http.createServer(async (req, res) => {
      let text = '';
      for await (const chunk of req) text += chunk;
      const entry = { url: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined };
      seen.push(entry);
      (answers.shift() ?? ((_s, r) => r.writeHead(500).end()))(entry, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await upstream.close();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
    answers.length = 0;
  });

  const connection = () => new GeminiConnection({ name: 'google', type: 'gemini', baseUrl: base, apiKey: new Secret(KEY), headers: {}, options: { api_version: 'v1beta' } });

  function attempt(conn: ProviderConnection, request: ChatRequest, model = 'gemini-2.5-flash'): Attempt {
    const call = new Call('req-1', 'openai-chat', 'chat', 'ep', request, {}, new Cancellation());
    const target = { key: `google/${model}`, connectionName: 'google', connection: conn, definition: geminiProvider, model, catalogModel: model, timeouts: TIMEOUTS, role: 'split' as const, weight: 1 };
    return new Attempt(call, target, 0, upstream, (a, r) => credentials.authorize(a, r));
  }

  const chat = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
  const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => (_s, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  it('posts generateContent with the key in x-goog-api-key and decodes the answer', async () => {
    answers.push(json(200, { candidates: [{ content: { role: 'model', parts: [{ text: 'yo' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 2, candidatesTokenCount: 1, totalTokenCount: 3 }, responseId: 'r1' }));
    const conn = connection();
    const result = await conn.chat(chat({ temperature: 0.1 }), attempt(conn, chat()));
    expect(seen[0].url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(seen[0].headers['x-goog-api-key']).toBe(KEY);
    expect(seen[0].body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { temperature: 0.1 } });
    if (result.type !== 'response') throw new Error('expected a response');
    expect(result.response).toMatchObject({ id: 'r1', model: 'gemini-2.5-flash', choices: [{ message: { content: 'yo' }, finishReason: 'stop' }], usage: { inputTokens: 2, outputTokens: 1 } });
  });

  it('streams over alt=sse and ends with the usage chunk', async () => {
    answers.push((_s, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'He' }] } }], usageMetadata: { promptTokenCount: 2 } })}\r\n\r\n`);
      res.end(`data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'llo' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 2, candidatesTokenCount: 2, totalTokenCount: 4 } })}\r\n\r\n`);
    });
    const conn = connection();
    const result = await conn.chat(chat({ stream: true }), attempt(conn, chat({ stream: true })));
    if (result.type !== 'stream') throw new Error('expected a stream');
    const chunks: ChatChunk[] = [];
    for await (const chunk of result.chunks) chunks.push(chunk);
    expect(seen[0].url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? c.usage)).toEqual(['He', 'llo', { inputTokens: 2, outputTokens: 2, totalTokens: 4 }]);
  });

  it("ends a stream with the provider's in-band error, key scrubbed", async () => {
    answers.push((_s, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text: 'a' }] } }] })}\r\n\r\n`);
      res.end(`data: ${JSON.stringify({ error: { code: 503, message: `overloaded for ${KEY}`, status: 'UNAVAILABLE' } })}\r\n\r\n`);
    });
    const conn = connection();
    const result = await conn.chat(chat({ stream: true }), attempt(conn, chat({ stream: true })));
    if (result.type !== 'stream') throw new Error('expected a stream');
    const consume = async () => {
      for await (const _ of result.chunks) void _;
    };
    const error = (await consume().catch((e: unknown) => e)) as GatewayError;
    expect(error).toMatchObject({ code: 'upstream_error', status: 502 });
    expect(error.message).toContain('overloaded for [redacted]');
  });

  it("maps Google's errors: 429 keeps its status and takes RetryInfo's delay; the key never shows", async () => {
    answers.push(json(429, { error: { code: 429, message: `quota ${KEY}`, status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }] } }));
    const conn = connection();
    const error = (await conn.chat(chat(), attempt(conn, chat())).catch((e: unknown) => e)) as GatewayError;
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'provider_error', status: 429, retryAfterMs: 7000, providerType: 'RESOURCE_EXHAUSTED' });
    expect(error.message).toBe('quota [redacted]');
  });

  it('embeds with batchEmbedContents, one request per input', async () => {
    answers.push(json(200, { embeddings: [{ values: [0.1, 0.2] }, { values: [0.3, 0.4] }] }));
    const conn = connection();
    const response = await conn.embeddings({ input: ['a', 'b'], encodingFormat: 'float', extra: {} }, attempt(conn, chat(), 'gemini-embedding-001'));
    expect(seen[0].url).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(seen[0].body.requests.map((r: any) => [r.model, r.content.parts[0].text])).toEqual([['models/gemini-embedding-001', 'a'], ['models/gemini-embedding-001', 'b']]);
    expect(response).toEqual({ model: 'gemini-embedding-001', data: [{ index: 0, embedding: [0.1, 0.2] }, { index: 1, embedding: [0.3, 0.4] }] });
  });

  it("passthrough keeps the client's API version and only alt", () => {
    expect(connection().passthrough('gemini', 'streamGenerateContent', 'gemini-2.5-flash', { alt: 'sse' }, 'v1')).toEqual({
      url: `${base}/v1/models/gemini-2.5-flash:streamGenerateContent?alt=sse`,
      headers: { 'content-type': 'application/json' },
    });
    expect(connection().passthrough('openai', 'chat/completions', 'x')).toBeUndefined();
  });

  it('names base and tuned models by their resource path', () => {
    expect(modelPath('gemini-2.5-flash')).toBe('models/gemini-2.5-flash');
    expect(modelPath('models/gemini-2.5-flash')).toBe('models/gemini-2.5-flash');
    expect(modelPath('tunedModels/my model')).toBe('tunedModels/my%20model');
  });

  it('describes every option', () => {
    for (const [name, field] of Object.entries(geminiProvider.optionsSchema?.shape ?? {})) expect([name, (field as { description?: string }).description]).toEqual([name, expect.any(String)]);
  });
});
