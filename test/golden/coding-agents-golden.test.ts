import type { AttemptContext, ChatChunk, ChatRequest, ChatResponse, Target } from '@model-gateway/core';
import { decodeAnthropicRequest, encodeAnthropicRequest } from '@model-gateway/format-anthropic';
import { encodeGenerateContentRequest } from '@model-gateway/format-gemini';
import { encodeChatRequest } from '@model-gateway/format-openai';
import { decodeResponsesRequest, encodeResponsesResponse, ResponsesStreamEncoder } from '@model-gateway/format-openai-responses';
import { fitReasoning, type CapabilitiesOf } from '@model-gateway/model-catalog';
import { expectGolden, readFixture } from './golden-file';

/**
 * What coding agents send, through the translation rules of docs/translation.md: a Claude
 * Code Messages body (mid-conversation system message, context_management, adaptive
 * thinking with an effort, a long metadata.user_id) to OpenAI and Gemini, with and without
 * reasoning on the target's model; a Codex Responses body (namespace tool, web_search,
 * Responses-only fields, a namespaced call coming back) to Chat Completions and Anthropic;
 * and a namespaced call in the answer, whole and streamed. Inputs are
 * `coding-agents/<case>.input.json`; reviewed outputs `coding-agents/<case>.json`.
 */
const DIR = 'coding-agents';

/** The catalogue's flags for the two target models these cases use. */
const capabilitiesOf: CapabilitiesOf = (_type, model) => ({ reasoning: model === 'gpt-5-mini' });
const target = (model: string) => ({ definition: { type: 'openai' }, model, catalogModel: model }) as unknown as Target;

/** The request each target model gets (the pipeline's reasoning fit), with the header that names what was left out. */
function forModel(request: ChatRequest, reasoningFrom: string[], model: string): { request: ChatRequest; headers?: Record<string, string> } {
  const dropped: string[] = [];
  const attempt = { target: target(model), dropField: (field: string) => dropped.push(field) } as unknown as AttemptContext;
  const fitted = fitReasoning(attempt, request, capabilitiesOf) ?? request;
  return dropped.includes('reasoning') ? { request: fitted, headers: { 'x-gateway-dropped-fields': reasoningFrom.join(', ') } } : { request };
}

describe('golden: Claude Code through translation', () => {
  const decoded = () => decodeAnthropicRequest(readFixture(`${DIR}/claude-code-request.input`));

  it('decodes the Messages body: system messages in place, context_management reported, reasoning from adaptive thinking and effort', () => {
    expectGolden(`${DIR}/claude-code-decoded`, decoded());
  });

  it.each([
    ['claude-code-to-openai', 'gpt-4o-mini', true],
    ['claude-code-to-openai-reasoning', 'gpt-5-mini', true],
    ['claude-code-to-openai-not-streamed', 'gpt-4o-mini', false],
  ])('encodes %s', (name, model, stream) => {
    const { request, reasoningFrom } = decoded();
    const fitted = forModel({ ...request, stream: stream as boolean }, reasoningFrom, model as string);
    expectGolden(`${DIR}/${name}`, { headers: fitted.headers ?? {}, body: encodeChatRequest(fitted.request, model as string) });
  });

  it('encodes claude-code-to-gemini (a reasoning model: thinking budget from the effort)', () => {
    const { request } = decoded();
    expectGolden(`${DIR}/claude-code-to-gemini`, encodeGenerateContentRequest(request));
  });
});

describe('golden: Codex through translation', () => {
  const decoded = () => decodeResponsesRequest(readFixture(`${DIR}/codex-request.input`), { route: 'passthrough' });

  it('decodes the Responses body: namespace flattened, web_search left out, Responses-only fields not passed on', () => {
    const { request, droppedTools, echo } = decoded();
    expectGolden(`${DIR}/codex-decoded`, { request, droppedTools, namespaced: Object.fromEntries(echo.namespaced ?? []) });
  });

  it.each([true, false])('encodes codex-to-openai (stream %s)', (stream) => {
    const { request } = decoded();
    expectGolden(`${DIR}/codex-to-openai${stream ? '' : '-not-streamed'}`, encodeChatRequest({ ...request, stream }, 'gpt-4o-mini'));
  });

  it('encodes codex-to-anthropic', () => {
    expectGolden(`${DIR}/codex-to-anthropic`, encodeAnthropicRequest(decoded().request, 'claude-sonnet-4-5'));
  });

  it('answers a namespaced call under its namespace, whole', () => {
    const { echo } = decoded();
    expectGolden(`${DIR}/namespaced-call-answer`, encodeResponsesResponse(readFixture<ChatResponse>(`${DIR}/namespaced-call-answer.input`), echo).output);
  });

  it('answers a namespaced call under its namespace, streamed', () => {
    const encoder = new ResponsesStreamEncoder(decoded().echo);
    const events = [...readFixture<ChatChunk[]>(`${DIR}/namespaced-call-stream.input`).flatMap((chunk) => encoder.chunk(chunk)), ...encoder.finish()];
    // The response envelope repeats the request's settings; the items are what this case is about.
    expectGolden(`${DIR}/namespaced-call-stream`, events.map(({ response, ...event }) => (response ? { ...event, output: (response as { output: unknown }).output } : event)));
  });
});
