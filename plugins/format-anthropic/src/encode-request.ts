/**
 * The canonical ChatRequest to an Anthropic Messages body, for the anthropic provider.
 *
 * - `max_tokens` is required by Anthropic: the client's limit, else `defaultMaxTokens`
 *   (DEFAULT_MAX_TOKENS, 4096, unless the connection sets another).
 * - Reasoning becomes extended thinking, `{type: enabled, budget_tokens}`: an explicit
 *   budget wins (raised to Anthropic's minimum of 1024; 0 means off), else the effort's
 *   budget from EFFORT_BUDGETS; effort "none" sends no thinking. Anthropic counts thinking
 *   inside `max_tokens` and needs the budget below it, so when the limit would not leave
 *   room the budget is added on top: the answer keeps the room the client asked for.
 *   When the final assistant turn calls a tool without the thinking block Anthropic signed
 *   (it was lost on the way), thinking is switched off for the call rather than sent to a
 *   certain 400 (`thinkingDropped` says so).
 * - `response_format` json_schema uses Anthropic's structured outputs,
 *   `output_config.format` (generally available on the Claude API; see
 *   https://docs.claude.com/en/docs/build-with-claude/structured-outputs), with
 *   `additionalProperties: false` added where the schema leaves it open (closeJsonSchema).
 *   json_object has no Anthropic counterpart (structured outputs need a closed schema),
 *   so it is asked for in the system prompt: JSON_OBJECT_INSTRUCTION.
 * - `parallel_tool_calls: false` is Anthropic's `tool_choice.disable_parallel_tool_use`.
 * - `user` is `metadata.user_id`.
 * - `extra` holds fields of other wire formats; they are not Anthropic's and are not
 *   sent, except those that would change the answer, which rejectUnhonourable turns
 *   into a 400 (n > 1, penalties, seed, logprobs, ...).
 */
import { invalidParameterAt, setDefined, type ChatRequest, type ResponseFormat, type ToolChoice, type ToolDefinition, type WireObject } from '@model-gateway/core';
import { DEFAULT_MAX_TOKENS, EFFORT_BUDGETS, MIN_THINKING_BUDGET } from './anthropic-facts';
import { closeJsonSchema } from './closed-json-schema';
import { encodeAnthropicMessages } from './encode-messages';
import { finalToolTurnLacksThinking } from './thinking-envelope';
import { rejectUnhonourable } from './unhonourable-parameters';

export interface EncodeAnthropicOptions {
  /** `max_tokens` when the client gave none. */
  defaultMaxTokens?: number;
}

export const JSON_OBJECT_INSTRUCTION = 'Answer with a single JSON object and nothing else: no prose, no code fences.';

export function encodeAnthropicRequest(request: ChatRequest, model: string, options: EncodeAnthropicOptions = {}): WireObject {
  rejectUnhonourable(request);
  const { system, messages } = encodeAnthropicMessages(request.messages);
  if (messages.length === 0) throw invalidParameterAt('messages', 'must contain at least one user or assistant message for Anthropic');
  if (request.responseFormat && formatNeedsInstruction(request.responseFormat)) system.push({ type: 'text', text: JSON_OBJECT_INSTRUCTION });

  const wanted = thinkingBudget(request.reasoning);
  const budget = wanted !== undefined && finalToolTurnLacksThinking(messages) ? undefined : wanted;
  const limit = request.maxTokens ?? options.defaultMaxTokens ?? DEFAULT_MAX_TOKENS;
  const body: WireObject = { model, max_tokens: budget !== undefined && limit <= budget ? budget + limit : limit };
  if (system.length > 0) body.system = system.length === 1 ? system[0].text : system;
  body.messages = messages;
  setDefined(body, 'temperature', request.temperature);
  setDefined(body, 'top_p', request.topP);
  setDefined(body, 'top_k', request.topK);
  if (request.stop !== undefined && request.stop.length > 0) body.stop_sequences = request.stop;
  if (request.stream) body.stream = true;
  if (request.tools !== undefined && request.tools.length > 0) {
    body.tools = request.tools.map(encodeTool);
    const choice = encodeToolChoice(request.toolChoice, request.parallelToolCalls);
    if (choice) body.tool_choice = choice;
  }
  if (budget !== undefined) body.thinking = { type: 'enabled', budget_tokens: budget };
  if (request.responseFormat?.type === 'json_schema' && request.responseFormat.schema) {
    body.output_config = { format: { type: 'json_schema', schema: closeJsonSchema(request.responseFormat.schema) } };
  }
  if (request.user !== undefined) body.metadata = { user_id: request.user };
  return body;
}

/** json_object, and a json_schema without a schema (OpenAI allows it), can only be asked for in words. */
function formatNeedsInstruction(format: ResponseFormat): boolean {
  return format.type === 'json_object' || (format.type === 'json_schema' && !format.schema);
}

/** Whether encodeAnthropicRequest will switch the request's thinking off, its signed blocks being lost. */
export function thinkingDropped(request: ChatRequest): boolean {
  return thinkingBudget(request.reasoning) !== undefined && finalToolTurnLacksThinking(encodeAnthropicMessages(request.messages).messages);
}

function thinkingBudget(reasoning: ChatRequest['reasoning']): number | undefined {
  if (!reasoning) return undefined;
  if (reasoning.budgetTokens !== undefined) return reasoning.budgetTokens <= 0 ? undefined : Math.max(MIN_THINKING_BUDGET, reasoning.budgetTokens);
  if (reasoning.effort === undefined || reasoning.effort === 'none') return undefined;
  return EFFORT_BUDGETS[reasoning.effort];
}

/**
 * Anthropic needs an input schema; a tool without parameters takes an empty object. `type:
 * "custom"` marks a client tool (https://docs.anthropic.com/en/api/messages, tools: custom tool),
 * so a function named like a server tool (`web_fetch`, `bash`) is never read as that tool.
 */
function encodeTool(tool: ToolDefinition): WireObject {
  const wire: WireObject = { type: 'custom', name: tool.name };
  setDefined(wire, 'description', tool.description);
  wire.input_schema = tool.parameters ?? { type: 'object', properties: {} };
  setDefined(wire, 'strict', tool.strict);
  return wire;
}

/** Sent only when it says something: no choice and parallel calls allowed is Anthropic's default. */
function encodeToolChoice(choice: ToolChoice | undefined, parallel: boolean | undefined): WireObject | undefined {
  if (choice === 'none') return { type: 'none' };
  const wire: WireObject | undefined =
    choice === undefined ? undefined
    : choice === 'auto' ? { type: 'auto' }
    : choice === 'required' ? { type: 'any' }
    : { type: 'tool', name: choice.name };
  if (parallel !== false) return wire;
  return { ...(wire ?? { type: 'auto' }), disable_parallel_tool_use: true };
}
