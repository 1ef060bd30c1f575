import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PYTHON_VENV_SETUP_TIMEOUT_MS } from '../python-venv';
import { AnswerTap, routeAnswer, takeAnswerProblems } from './answer-tap';
import { sdkValidator } from './sdk-validator';

/**
 * The answer tap on a plain HTTP server standing in for a gateway: each route's answers go
 * to the right SDK model, whole and streamed, and only 2xx answers on client routes are checked.
 */

const chatCompletion = { id: 'c1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'hi' } }] };
const chunk = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] };

/** What the stand-in answers per path: status, content type and body text. */
let answers: Record<string, [number, string, string]> = {};
let server: http.Server;
let base: string;

beforeAll(async () => {
  await sdkValidator();
  server = http.createServer((req, res) => {
    const [status, type, body] = answers[new URL(req.url ?? '/', 'http://x').pathname] ?? [404, 'text/plain', 'no'];
    res.writeHead(status, { 'content-type': type });
    // Written in two pieces, as a stream is.
    res.write(body.slice(0, 7));
    res.end(body.slice(7));
  });
  // Registered with the file's taps, read through takeAnswerProblems as the jest hooks read it.
  new AnswerTap(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, PYTHON_VENV_SETUP_TIMEOUT_MS + 60_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function problemsOf(path: string, answer: [number, string, string]): Promise<string[]> {
  answers = { [path]: answer };
  await (await fetch(`${base}${path}`, { method: 'POST', body: '{}' })).text();
  return takeAnswerProblems();
}

const json = (body: unknown): [number, string, string] => [200, 'application/json', JSON.stringify(body)];
const sse = (events: Array<[string | undefined, unknown]>): [number, string, string] => [
  200,
  'text/event-stream',
  events.map(([name, data]) => `${name ? `event: ${name}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`).join(''),
];

describe('the answer tap', () => {
  it('maps each client route to its SDK model', () => {
    expect(routeAnswer('/gateway/native/v1/chat/completions')?.whole).toBe('openai.ChatCompletion');
    expect(routeAnswer('/gateway/mlflow/v1/responses')?.event).toBe('openai.ResponseStreamEvent');
    expect(routeAnswer('/gateway/ep/native/invocations')?.whole).toBe('invocations');
    expect(routeAnswer('/gateway/anthropic/v1/messages/count_tokens')?.whole).toBe('anthropic.MessageTokensCount');
    expect(routeAnswer('/gateway/gemini/v1beta/models/ep%3AstreamGenerateContent')?.event).toBe('genai.GenerateContentResponse');
    expect(routeAnswer('/gateway/gemini/models/ep:batchEmbedContents')?.whole).toBe('genai.EmbedContentResponse');
    expect(routeAnswer('/gateway/gemini/v1/models/ep:countTokens')?.whole).toBe('genai.CountTokensResponse');
    expect(routeAnswer('/api/endpoints')).toBeUndefined();
  });

  it('accepts an SDK-shaped answer, whole and streamed', async () => {
    expect(await problemsOf('/gateway/native/v1/chat/completions', json(chatCompletion))).toEqual([]);
    expect(await problemsOf('/gateway/openai/v1/chat/completions', sse([[undefined, chunk], [undefined, '[DONE]']]))).toEqual([]);
    expect(await problemsOf('/gateway/ep/native/invocations', json({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.5] }], model: 'm', usage: { prompt_tokens: 1, total_tokens: 1 } }))).toEqual([]);
    expect(await problemsOf('/gateway/gemini/v1/models/ep:countTokens', json({ totalTokens: 3 }))).toEqual([]);
    expect(await problemsOf('/gateway/anthropic/v1/messages/count_tokens', json({ input_tokens: 3 }))).toEqual([]);
    expect(await problemsOf('/gateway/gemini/v1beta/models/ep:streamGenerateContent', json([{ candidates: [{ content: { role: 'model', parts: [{ text: 'hi' }] } }] }]))).toEqual([]);
  });

  it('names the route, the event and the problem of an answer a model refuses', async () => {
    const problems = await problemsOf('/gateway/openai/v1/chat/completions', sse([[undefined, { ...chunk, created: 'soon', extra: 1 }]]));
    expect(problems).toEqual([
      expect.stringMatching(/^POST \/gateway\/openai\/v1\/chat\/completions \[.*\] → 200, event 0 \(chat\.completion\.chunk\) \(openai\.ChatCompletionChunk\): created: /),
    ]);
    const base64 = Buffer.from(new Float32Array([0.5, 1]).buffer).toString('base64');
    const embeddings = (embedding: unknown) => json({ object: 'list', data: [{ object: 'embedding', index: 0, embedding }], model: 'm', usage: { prompt_tokens: 1, total_tokens: 1 } });
    expect(await problemsOf('/gateway/openai/v1/embeddings', embeddings(base64))).toEqual([]);
    expect(await problemsOf('/gateway/openai/v1/embeddings', embeddings('AAA='))).toEqual([expect.stringContaining('data.0.embedding: Input should be a valid list')]);
    expect(await problemsOf('/gateway/native/v1/embeddings', json({ data: [] }))).toEqual(expect.arrayContaining([expect.stringContaining('(openai.CreateEmbeddingResponse): model: Field required')]));
  });

  it('reports an unknown key, and lets the allow-listed gateway extensions through', async () => {
    const message = { ...chatCompletion.choices[0].message, reasoning_content: 'why', secret: 1 };
    const problems = await problemsOf('/gateway/native/v1/chat/completions', json({ ...chatCompletion, choices: [{ ...chatCompletion.choices[0], message }] }));
    expect(problems).toEqual([expect.stringMatching(/choices\.0\.message\.secret: unknown key$/)]);
  });

  it('holds an Anthropic stream to its event names, skipping ping', async () => {
    const stop = { type: 'message_stop' };
    expect(await problemsOf('/gateway/anthropic/v1/messages', sse([['ping', { type: 'ping' }], ['message_stop', stop]]))).toEqual([]);
    expect(await problemsOf('/gateway/anthropic/v1/messages', sse([['message_delta', stop]]))).toEqual([expect.stringContaining('event: message_delta: the SSE event name is not the data')]);
  });

  it('checks neither error answers nor routes that are not a client API', async () => {
    expect(await problemsOf('/gateway/native/v1/chat/completions', [400, 'application/json', '{"error":{"message":"no"}}'])).toEqual([]);
    expect(await problemsOf('/api/endpoints', json({ anything: true }))).toEqual([]);
  });

  it('hands what a test left unread to the jest hooks (answer-check-hooks.ts), once', async () => {
    answers = { '/gateway/anthropic/v1/messages/count_tokens': json({ input_tokens: 'many' }) };
    await (await fetch(`${base}/gateway/anthropic/v1/messages/count_tokens`, { method: 'POST', body: '{}' })).text();
    expect(await takeAnswerProblems()).toEqual([expect.stringContaining('(anthropic.MessageTokensCount): input_tokens: ')]);
    expect(await takeAnswerProblems()).toEqual([]);
  });

  it('reports a 2xx answer that is not JSON where the SDK parses JSON', async () => {
    expect(await problemsOf('/gateway/anthropic/v1/messages', [200, 'text/plain', 'ok'])).toEqual([expect.stringContaining('a text/plain answer where the SDK parses JSON')]);
  });
});
