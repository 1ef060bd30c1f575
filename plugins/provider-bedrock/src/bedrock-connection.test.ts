import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Cancellation, GatewayError, Secret, type ChatChunk, type ChatRequest, type ConnectionSettings } from '@model-gateway/core';
import { Attempt, Call, UpstreamClient } from '@model-gateway/core/testing';
import { CredentialInjection } from '@model-gateway/credential-injection';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { BedrockConnection } from './bedrock-connection';
import type { BedrockOptions } from './bedrock-facts';
import { bedrockProvider } from './index';

const TIMEOUTS = { connectMs: 1000, firstByteMs: 2000, idleMs: 2000, totalMs: 5000 };
const MODEL = 'arn:aws:bedrock:us-west-2:123456789012:inference-profile/us.anthropic.claude-3-5-haiku-20241022-v1:0';
const SECRET = 'unit/secret+access/key0123';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}
type Handler = (seen: Seen, res: http.ServerResponse) => void;

const codec = new EventStreamCodec(toUtf8, fromUtf8);
const frame = (headers: Record<string, string>, payload: unknown) =>
  Buffer.from(
    codec.encode({
      headers: Object.fromEntries(Object.entries(headers).map(([k, value]) => [k, { type: 'string' as const, value }])),
      body: fromUtf8(JSON.stringify(payload)),
    }),
  );
const event = (type: string, payload: unknown) => frame({ ':event-type': type, ':message-type': 'event', ':content-type': 'application/json' }, payload);
const converseJson = (text: string) => JSON.stringify({ output: { message: { role: 'assistant', content: [{ text }] } }, stopReason: 'end_turn', usage: { inputTokens: 3, outputTokens: 1, totalTokens: 4 } });

/** The connection against a local server: real HTTP through core's upstream client and the authorize phase. */
describe('BedrockConnection', () => {
  const seen: Seen[] = [];
  let handler: Handler = () => undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      const entry = { url: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : undefined };
      seen.push(entry);
      handler(entry, res);
    });
  });
  const upstream = new UpstreamClient();
  const credentials = new CredentialInjection();
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await upstream.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  function connect(over: Partial<ConnectionSettings<BedrockOptions>> = {}, options: Partial<BedrockOptions> = {}): BedrockConnection {
    return new BedrockConnection({
      name: 'aws',
      type: 'bedrock',
      baseUrl: base,
      headers: {},
      options: { region: 'us-west-2', access_key_id: new Secret('AKIAUNIT'), secret_access_key: new Secret(SECRET), session_token: new Secret('unit-session'), ...options },
      ...over,
    });
  }

  function attempt(connection: BedrockConnection, request: ChatRequest, model = MODEL): Attempt {
    const call = new Call('req-1', 'openai-chat', 'chat', 'ep', request, {}, new Cancellation());
    const target = { key: `aws/${model}`, connectionName: 'aws', connection, definition: bedrockProvider, model, catalogModel: model, timeouts: TIMEOUTS, role: 'split' as const, weight: 1 };
    return new Attempt(call, target, 0, upstream, (a, r) => credentials.authorize(a, r));
  }

  const chat = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });

  async function run(connection: BedrockConnection, request: ChatRequest, model?: string) {
    return connection.chat(request, attempt(connection, request, model));
  }

  async function collect(chunks: AsyncIterable<ChatChunk>): Promise<ChatChunk[]> {
    const out: ChatChunk[] = [];
    for await (const c of chunks) out.push(c);
    return out;
  }

  it('posts Converse to /model/{encoded id}/converse, signed with SigV4 and the session token', async () => {
    handler = (_s, res) => res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': 'r-42' }).end(converseJson('yo'));
    const result = await run(connect(), chat({ maxTokens: 5 }));
    expect(seen[0].url).toBe(`/model/${encodeURIComponent(MODEL)}/converse`);
    expect(seen[0].body).toEqual({ messages: [{ role: 'user', content: [{ text: 'hi' }] }], inferenceConfig: { maxTokens: 5 } });
    expect(seen[0].headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAUNIT\/\d{8}\/us-west-2\/bedrock\/aws4_request, SignedHeaders=.*host.*x-amz-security-token/);
    expect(seen[0].headers['x-amz-security-token']).toBe('unit-session');
    expect(result.type === 'response' && result.response).toMatchObject({ id: 'bedrock-r-42', model: MODEL, choices: [{ message: { content: 'yo' } }] });
  });

  it('sends a Bedrock API key as a bearer token and no SigV4 headers', async () => {
    handler = (_s, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(converseJson('ok'));
    await run(connect({ apiKey: new Secret('bedrock-api-key-123') }, { access_key_id: undefined, secret_access_key: undefined, session_token: undefined }), chat());
    expect(seen[0].headers.authorization).toBe('Bearer bedrock-api-key-123');
    for (const name of ['x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256']) expect(seen[0].headers[name]).toBeUndefined();
  });

  it('answers 503 provider_credentials_missing without calling Bedrock when there are no credentials', async () => {
    const error = await run(connect({}, { access_key_id: undefined, secret_access_key: undefined, session_token: undefined }), chat()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'provider_credentials_missing', status: 503 });
    expect((error as Error).message).toContain('access_key_id and secret_access_key');
    expect(seen).toHaveLength(0);
  });

  it('keeps a 4xx with Bedrock\'s message and type, scrubbing any credential echoed in it', async () => {
    handler = (_s, res) =>
      res
        .writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'ValidationException:http://internal.amazon.com/coral/com.amazon.bedrock/' })
        .end(JSON.stringify({ message: `bad request for AKIAUNIT with ${SECRET}` }));
    const error = await run(connect(), chat()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error', status: 400, providerType: 'ValidationException', message: 'bad request for [redacted] with [redacted]' });
  });

  it('streams ConverseStream frames as chunks and ends with the usage-only chunk', async () => {
    handler = (_s, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
      const bytes = Buffer.concat([
        event('messageStart', { role: 'assistant' }),
        event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'a' } }),
        event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'b' } }),
        event('messageStop', { stopReason: 'max_tokens' }),
        event('metadata', { usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } }),
      ]);
      res.write(bytes.subarray(0, 40));
      setTimeout(() => res.end(bytes.subarray(40)), 10);
    };
    const result = await run(connect(), chat({ stream: true }));
    expect(seen[0].url).toBe(`/model/${encodeURIComponent(MODEL)}/converse-stream`);
    if (result.type !== 'stream') throw new Error('expected a stream');
    const chunks = await collect(result.chunks);
    expect(chunks.map((c) => c.choices[0]?.delta.content).filter(Boolean)).toEqual(['a', 'b']);
    expect(chunks[3].choices[0].finishReason).toBe('length');
    expect(chunks[4].usage).toEqual({ inputTokens: 1, outputTokens: 2, totalTokens: 3 });
  });

  it('turns an exception frame into the error it would have been as HTTP (throttling: a retryable 429)', async () => {
    handler = (_s, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
      res.end(
        Buffer.concat([
          event('messageStart', { role: 'assistant' }),
          frame({ ':message-type': 'exception', ':exception-type': 'throttlingException', ':content-type': 'application/json' }, { message: `slow down ${SECRET}` }),
        ]),
      );
    };
    const result = await run(connect(), chat({ stream: true }));
    if (result.type !== 'stream') throw new Error('expected a stream');
    const error = await collect(result.chunks).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_error', status: 429, retryable: true, providerType: 'throttlingException', message: 'slow down [redacted]' });
  });

  it('reports a stream it cannot decode as upstream_invalid_response', async () => {
    handler = (_s, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
      const bytes = event('messageStart', { role: 'assistant' });
      bytes[bytes.length - 1] ^= 0xff;
      res.end(bytes);
    };
    const result = await run(connect(), chat({ stream: true }));
    if (result.type !== 'stream') throw new Error('expected a stream');
    await expect(collect(result.chunks)).rejects.toMatchObject({ code: 'upstream_invalid_response' });
  });

  it('reports a stream that closes before messageStop as cut short', async () => {
    handler = (_s, res) => {
      res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
      res.end(Buffer.concat([event('messageStart', { role: 'assistant' }), event('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'a' } })]));
    };
    const result = await run(connect(), chat({ stream: true }));
    if (result.type !== 'stream') throw new Error('expected a stream');
    await expect(collect(result.chunks)).rejects.toMatchObject({ code: 'upstream_invalid_response', message: expect.stringContaining('before the message was complete') });
  });

  it('embeds with Titan in one signed InvokeModel call per text, and reads Cohere\'s token count from the header', async () => {
    handler = (s, res) => {
      if (s.body.texts) {
        res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-bedrock-input-token-count': '9' }).end(JSON.stringify({ embeddings: { float: s.body.texts.map(() => [0.5]) } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ embedding: [s.body.inputText.length], inputTextTokenCount: 2 }));
    };
    const connection = connect();
    const embed = (model: string, input: string[]) => {
      const request = { input, encodingFormat: 'float' as const, extra: {} };
      return connection.embeddings(request, attempt(connection, chat(), model));
    };
    const titan = await embed('amazon.titan-embed-text-v2:0', ['a', 'bb', 'ccc']);
    expect(seen.map((s) => s.url)).toEqual(Array(3).fill(`/model/${encodeURIComponent('amazon.titan-embed-text-v2:0')}/invoke`));
    for (const s of seen) {
      expect(s.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
      expect(s.headers.accept).toBe('application/json');
    }
    expect(titan.data.map((d) => d.embedding)).toEqual([[1], [2], [3]]);
    expect(titan.usage).toEqual({ inputTokens: 6, outputTokens: 0, totalTokens: 6 });
    const cohere = await embed('cohere.embed-english-v3', ['x', 'y']);
    expect(cohere.usage?.inputTokens).toBe(9);
  });
});
