import { PYTHON_VENV_SETUP_TIMEOUT_MS } from '../python-venv';
import { sdkValidator, validateRequest, type SdkFormat } from './sdk-validator';

/** The oracle itself: each format accepts a body its provider takes and names what is wrong with one it refuses. */

beforeAll(async () => {
  await sdkValidator();
}, PYTHON_VENV_SETUP_TIMEOUT_MS + 60_000);

const user = { role: 'user', content: 'hi' };

const CASES: Array<[SdkFormat, string, unknown, RegExp[]]> = [
  ['openai-chat', '/v1/chat/completions', { model: 'm', messages: [user], stream: true, stream_options: { include_usage: true } }, []],
  ['openai-chat', '/v1/chat/completions', { model: 'm', messages: [{ ...user, name: 7, foo: 1 }], top_k: 3 }, [/^top_k: unknown key/, /^messages\[0\]\.foo: unknown key/, /name/]],
  ['openai-embeddings', '/v1/embeddings', { model: 'm', input: ['a'], dimensions: 8 }, []],
  ['openai-responses', '/v1/responses', { model: 'm', input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi', extra: 1 }] }] }, [/input\[0\]\.content\[0\]\.extra: unknown key/]],
  ['anthropic-messages', '/v1/messages', { model: 'm', max_tokens: 5, messages: [user] }, []],
  ['anthropic-messages', '/v1/messages', { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'x', cache: true }] }] }, [/max_tokens/, /content\[0\]\.cache: unknown key/]],
  ['anthropic-vertex', '/v1/projects/p/locations/l/publishers/anthropic/models/claude:rawPredict', { anthropic_version: 'vertex-2023-10-16', max_tokens: 5, messages: [user] }, []],
  ['gemini-generate', '/v1beta/models/g:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 5 } }, []],
  ['gemini-generate', '/v1beta/models/g:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi', bogus: 1 }] }], temperature: 1 }, [/^temperature: unknown key/, /bogus/]],
  ['gemini-embed', '/v1beta/models/e:embedContent', { content: { parts: [{ text: 'a' }] }, taskType: 'RETRIEVAL_QUERY' }, []],
  ['mistral-chat', '/v1/chat/completions', { model: 'm', messages: [user], stream_options: { include_usage: true } }, [/^stream_options: unknown key/]],
  ['mistral-embeddings', '/v1/embeddings', { model: 'm', input: ['a'] }, []],
  ['bedrock-converse', '/model/anthropic.claude/converse', { messages: [{ role: 'user', content: [{ text: 'hi' }] }], inferenceConfig: { maxTokens: 5 } }, []],
  ['bedrock-converse-stream', '/model/m/converse-stream', { messages: [{ role: 'user', content: [{ text: 'hi' }] }], inferenceConfig: { top_k: 5 } }, [/Unknown parameter in inferenceConfig: "top_k"/]],
];

test.each(CASES)('%s %s', async (format, path, body, expected) => {
  const verdict = await validateRequest(format, path, body);
  expect(verdict.ok).toBe(expected.length === 0);
  for (const pattern of expected) expect(verdict.problems).toEqual(expect.arrayContaining([expect.stringMatching(pattern)]));
});

test('reports how long the start and the SDK imports took', async () => {
  const validator = await sdkValidator();
  // The warm-up runs beside the requests above; it reports once every SDK is imported.
  await validator.warmed;
  process.stderr.write(`[sdk-oracle] validator ready in ${validator.startupSeconds} s, SDKs warmed in ${validator.warmSeconds} s\n`);
  expect(validator.warmSeconds).toBeGreaterThan(0);
}, 70_000);
