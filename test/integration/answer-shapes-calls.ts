import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import type { AnswerCheck, AnswerKind } from '../support/sdk-validate/answer-validate';

/**
 * The calls of the answer-shapes suite: one per client format and mode, each asking the
 * fake for a conformance scenario, each returning its answer body (or every event of its
 * stream) as checks for the SDK validator. A non-200 answer throws, with its body.
 */

export type ChatScenario = 'cache-usage' | 'tools' | 'reasoning';
export const CHAT_SCENARIOS: ChatScenario[] = ['cache-usage', 'tools', 'reasoning'];

export interface CallTarget {
  gatewayUrl: string;
  /** The endpoint name (chat or embeddings). */
  endpoint: string;
  /** Prefix of every check's label, e.g. "anthropic". */
  label: string;
}

const text = (scenario: ChatScenario) => scenarioMarker(scenario);
const tool = FIXTURES.tool;

/** The gateway's own routes and the passthrough routes each client format reaches it on. */
export const CHAT_CALLS: Record<string, (target: CallTarget, scenario: ChatScenario, stream: boolean) => Promise<AnswerCheck[]>> = {
  'chat-completions': (t, scenario, stream) => chatCompletions(t, '/gateway/native/v1', scenario, stream),
  'openai-v1-chat-completions': (t, scenario, stream) => chatCompletions(t, '/gateway/openai/v1', scenario, stream),
  responses: (t, scenario, stream) => responses(t, '/gateway/native/v1', scenario, stream),
  'openai-v1-responses': (t, scenario, stream) => responses(t, '/gateway/openai/v1', scenario, stream),

  async 'anthropic-messages'(t, scenario, stream) {
    const body: Record<string, unknown> = { model: t.endpoint, max_tokens: 2048, system: FIXTURES.system, messages: [{ role: 'user', content: text(scenario) }], stream };
    if (scenario === 'tools') body.tools = [{ name: tool.name, description: tool.description, input_schema: tool.parameters }];
    if (scenario === 'reasoning') body.thinking = { type: 'enabled', budget_tokens: 1024 };
    const headers = { 'anthropic-version': '2023-06-01' };
    return answer(t, `/gateway/anthropic/v1/messages`, body, stream ? 'anthropic.RawMessageStreamEvent' : 'anthropic.Message', stream, headers);
  },

  async 'gemini-generate-content'(t, scenario, stream) {
    const body: Record<string, unknown> = { systemInstruction: { parts: [{ text: FIXTURES.system }] }, contents: [{ role: 'user', parts: [{ text: text(scenario) }] }] };
    if (scenario === 'tools') body.tools = [{ functionDeclarations: [{ name: tool.name, description: tool.description, parametersJsonSchema: tool.parameters }] }];
    if (scenario === 'reasoning') body.generationConfig = { thinkingConfig: { thinkingBudget: 1024, includeThoughts: true } };
    const path = `/gateway/gemini/v1beta/models/${t.endpoint}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`;
    return answer(t, path, body, 'genai.GenerateContentResponse', stream);
  },
};

/** A route is the unified API (translated for every provider) or the OpenAI passthrough (relayed to OpenAI-format providers). */
async function chatCompletions(t: CallTarget, base: string, scenario: ChatScenario, stream: boolean): Promise<AnswerCheck[]> {
  const body: Record<string, unknown> = { model: t.endpoint, messages: [{ role: 'system', content: FIXTURES.system }, { role: 'user', content: text(scenario) }] };
  if (scenario === 'tools') body.tools = [{ type: 'function', function: tool }];
  if (scenario === 'reasoning') body.reasoning_effort = 'low';
  if (stream) Object.assign(body, { stream: true, stream_options: { include_usage: true } });
  return answer(t, `${base}/chat/completions`, body, stream ? 'openai.ChatCompletionChunk' : 'openai.ChatCompletion', stream);
}

async function responses(t: CallTarget, base: string, scenario: ChatScenario, stream: boolean): Promise<AnswerCheck[]> {
  const body: Record<string, unknown> = { model: t.endpoint, instructions: FIXTURES.system, input: text(scenario), store: false, stream };
  if (scenario === 'tools') body.tools = [{ type: 'function', name: tool.name, description: tool.description, parameters: tool.parameters, strict: false }];
  if (scenario === 'reasoning') Object.assign(body, { reasoning: { effort: 'low', summary: 'auto' }, include: ['reasoning.encrypted_content'] });
  return answer(t, `${base}/responses`, body, stream ? 'openai.ResponseStreamEvent' : 'openai.Response', stream);
}

/** Embeddings in each client format; the inputs are the fixture's, so every fake answers its fixture vectors. */
export const EMBEDDINGS_CALLS: Record<string, (target: CallTarget) => Promise<AnswerCheck[]>> = {
  'native-v1-embeddings': (t) => answer(t, '/gateway/native/v1/embeddings', { model: t.endpoint, input: [...FIXTURES.embeddings.inputs] }, 'openai.CreateEmbeddingResponse', false),
  'openai-v1-embeddings': (t) => answer(t, '/gateway/openai/v1/embeddings', { model: t.endpoint, input: [...FIXTURES.embeddings.inputs] }, 'openai.CreateEmbeddingResponse', false),
  'native-invocations': (t) => answer(t, `/gateway/${t.endpoint}/native/invocations`, { input: [...FIXTURES.embeddings.inputs] }, 'openai.CreateEmbeddingResponse', false),
  'gemini-batch-embed-contents': (t) =>
    answer(
      t,
      `/gateway/gemini/v1beta/models/${t.endpoint}:batchEmbedContents`,
      { requests: FIXTURES.embeddings.inputs.map((input) => ({ model: `models/${t.endpoint}`, content: { parts: [{ text: input }] } })) },
      'genai.EmbedContentResponse',
      false,
    ),
  'gemini-embed-content': (t) =>
    answer(t, `/gateway/gemini/v1beta/models/${t.endpoint}:embedContent`, { content: { parts: [{ text: FIXTURES.embeddings.inputs[0] }] } }, 'genai.SingleEmbedContentResponse', false),
};

async function answer(t: CallTarget, path: string, body: unknown, kind: AnswerKind, stream: boolean, headers: Record<string, string> = {}): Promise<AnswerCheck[]> {
  const response = await fetch(`${t.gatewayUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const raw = await response.text();
  if (response.status !== 200) throw new Error(`${t.label} ${path}: ${response.status} ${raw.slice(0, 500)}`);
  if (!stream) return [{ kind, body: JSON.parse(raw), label: `${t.label}` }];
  return sseEvents(raw)
    .filter((event) => !(kind === 'anthropic.RawMessageStreamEvent' && event.type === 'ping'))
    .map((event, i) => ({ kind, body: event, label: `${t.label}, event ${i} (${String(event.type ?? event.object ?? '')})` }));
}

/** The JSON of every `data:` line of an SSE body, without OpenAI's `[DONE]`. */
function sseEvents(raw: string): Array<Record<string, unknown>> {
  return raw
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice('data:'.length).trim())
    .filter((data) => data !== '[DONE]' && data !== '')
    .map((data) => JSON.parse(data) as Record<string, unknown>);
}
