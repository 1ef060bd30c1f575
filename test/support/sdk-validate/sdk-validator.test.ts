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
  ['anthropic-count-tokens', '/v1/messages/count_tokens', { model: 'm', messages: [user], system: 's' }, []],
  ['anthropic-count-tokens', '/v1/messages/count_tokens', { model: 'm', messages: [user], max_tokens: 5 }, [/^max_tokens: unknown key/]],
  ['anthropic-vertex-count-tokens', '/v1/projects/p/locations/l/publishers/anthropic/models/count-tokens:rawPredict', { model: 'claude-sonnet-4@20250514', messages: [user] }, []],
  ['anthropic-vertex-count-tokens', '/v1/projects/p/locations/l/publishers/anthropic/models/count-tokens:rawPredict', { messages: [user], stream: false }, [/model/, /^stream: unknown key/]],
  ['gemini-generate', '/v1beta/models/g:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }], generationConfig: { maxOutputTokens: 5 } }, []],
  ['gemini-generate', '/v1beta/models/g:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi', bogus: 1 }] }], temperature: 1 }, [/^temperature: unknown key/, /bogus/]],
  ['gemini-embed', '/v1beta/models/e:embedContent', { content: { parts: [{ text: 'a' }] }, taskType: 'RETRIEVAL_QUERY' }, []],
  ['mistral-chat', '/v1/chat/completions', { model: 'm', messages: [user], stream_options: { include_usage: true } }, [/^stream_options: unknown key/]],
  ['mistral-embeddings', '/v1/embeddings', { model: 'm', input: ['a'] }, []],
  ['bedrock-converse', '/model/anthropic.claude/converse', { messages: [{ role: 'user', content: [{ text: 'hi' }] }], inferenceConfig: { maxTokens: 5 } }, []],
  ['bedrock-converse-stream', '/model/m/converse-stream', { messages: [{ role: 'user', content: [{ text: 'hi' }] }], inferenceConfig: { top_k: 5 } }, [/Unknown parameter in inferenceConfig: "top_k"/]],
  ['cohere-chat', '/v2/chat', { model: 'c', messages: [user, { role: 'assistant', tool_plan: 'p', tool_calls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }] }, { role: 'tool', tool_call_id: 'a', content: 'r' }], stream: true, p: 0.5, tool_choice: 'REQUIRED' }, []],
  ['cohere-chat', '/v2/chat', { model: 'c', messages: [{ ...user, name: 'x' }], top_p: 1, max_tokens: 'lots', tool_choice: 'AUTO' }, [/^top_p: unknown key/, /^messages\[0\]\.name: unknown key/, /^max_tokens: .*integer/, /^tool_choice: 'AUTO' is not one of the SDK's values/]],
  ['cohere-chat', '/v2/chat', { messages: [{ role: 'tool', content: 'r' }], stream: false }, [/^model: required/, /tool_call_id/]],
  ['cohere-embed', '/v2/embed', { model: 'e', texts: ['a'], input_type: 'search_query', embedding_types: ['float'], output_dimension: 256 }, []],
  ['cohere-embed', '/v2/embed', { model: 'e', texts: 'a', embedding_types: ['floats'], user: 'u' }, [/^input_type: required/, /^texts: /, /^embedding_types\[0\]: 'floats'/, /^user: unknown key/]],
  ['bedrock-invoke', '/model/amazon.titan-embed-text-v2%3A0/invoke', { inputText: 'a', dimensions: 256, normalize: true }, []],
  ['bedrock-invoke', '/model/amazon.titan-embed-text-v2%3A0/invoke', { inputText: 5, dimensions: 300, texts: ['a'] }, [/^inputText: .*string/, /^dimensions: /, /^texts: unknown key/]],
  ['bedrock-invoke', '/model/amazon.titan-embed-text-v1/invoke', { inputText: 'a', dimensions: 256 }, [/^dimensions: unknown key/]],
  ['bedrock-invoke', '/model/cohere.embed-english-v3/invoke', { texts: ['a'], input_type: 'search_document', embedding_types: ['float'], truncate: 'END' }, []],
  ['bedrock-invoke', '/model/cohere.embed-english-v3/invoke', { model: 'e', texts: ['a'], input_type: 'query', output_dimension: 256 }, [/^model: unknown key/, /^output_dimension: unknown key/, /^input_type: 'query'/]],
  ['bedrock-invoke', '/model/cohere.embed-v4%3A0/invoke', { texts: ['a'], input_type: 'search_document', output_dimension: 256 }, []],
  ['bedrock-invoke', '/model/anthropic.claude-3-haiku/invoke', { anthropic_version: 'bedrock-2023-05-31', max_tokens: 5, messages: [user] }, []],
  ['bedrock-invoke', '/model/anthropic.claude-3-haiku/invoke', { model: 'x', max_tokens: 5, messages: [user] }, [/^model: unknown key/, /^anthropic_version: required/]],
  ['bedrock-invoke', '/model/meta.llama3/invoke', { prompt: 'x' }, [/no request type for InvokeModel of meta\.llama3/]],
  ['vertex-predict', '/v1/projects/p/locations/l/publishers/google/models/text-embedding-005:predict', { instances: [{ content: 'a', task_type: 'RETRIEVAL_QUERY' }], parameters: { outputDimensionality: 8, autoTruncate: false } }, []],
  ['vertex-predict', '/v1/projects/p/locations/l/publishers/google/models/text-embedding-005:predict', { instances: [{ content: 5, taskType: 'Q' }], parameters: { dimensions: 8, outputDimensionality: '8' } }, [/^instances\[0\]\.content: .*string/, /^instances\[0\]\.taskType: unknown key/, /^parameters\.dimensions: unknown key/, /^parameters\.outputDimensionality: .*integer/]],
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
