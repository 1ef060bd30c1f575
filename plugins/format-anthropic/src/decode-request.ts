/**
 * A client's Messages body to the canonical ChatRequest, for the Anthropic API style
 * calling a provider that does not speak Anthropic's format (an Anthropic provider gets
 * the body relayed unchanged instead).
 *
 * Where the two models differ:
 * - `system` becomes a leading system message; a `role: "system"` message among the turns
 *   (Anthropic's mid-conversation system messages) stays a system message in its place.
 * - `context_management` only edits what Anthropic keeps of the conversation (clearing old
 *   thinking or tool results); it is accepted and reported in `dropped`.
 * - `tool_result` blocks of a user turn become `tool` messages, placed before the rest of
 *   that turn (Anthropic puts results first too), so OpenAI-style providers see each
 *   result right after the assistant turn that asked for it. `is_error: true` has no
 *   canonical field, so the result text is prefixed with "Error: " for the model to see.
 * - Thinking blocks become `reasoning` (joined) with the last signature a block carries
 *   (the whole answer's envelope, which the gateway's encoders leave last);
 *   `redacted_thinking` is opaque to every provider but Anthropic and is left out.
 * - `thinking.budget_tokens` is kept as a budget and also given as the nearest effort,
 *   for providers that only take an effort. `thinking: disabled`/`adaptive` leave the
 *   provider's default; `output_config.effort` xhigh and max become "high".
 * - `output_config.format` becomes a json_schema response format named "response",
 *   without `strict`: Anthropic's schemas need not list every property as required,
 *   which OpenAI's strict mode would reject.
 * - `metadata.user_id` becomes `user`. `service_tier` and `speed` only pick Anthropic
 *   capacity and `diagnostics` only asks Anthropic to explain cache misses; neither
 *   changes an answer, so they are accepted and dropped.
 * - `cache_control` on a block or tool becomes a cache mark (`cacheControl`) on the part,
 *   tool or message (a tool result or tool call has no part of its own), and the top-level
 *   one (cache up to the last block) marks the last message: providers with explicit cache
 *   breakpoints (Bedrock's cachePoint) place theirs there, the others ignore it.
 * Anything else Anthropic-only (server tools, top-level fields such as `container`,
 * `mcp_servers` or `inference_geo`) is a 400 naming it: another provider cannot honour it.
 */
import { invalidParameterAt, isWireObject, type ChatMessage, type ChatRequest, type ContentPart, type ReasoningConfig, type ToolChoice } from '@model-gateway/core';
import { effortForBudget } from './anthropic-facts';
import { decodeCacheMark } from './cache-mark';
import { parseRequest } from '@model-gateway/core';
import { plainMessagesBody } from './plain-messages-body';
import { MESSAGES_FIELDS, messagesBody, type WireContentBlock, type WireImageBlock, type WireMessage, type WireMessagesBody, type WireTextBlock } from './request-schema';

export interface DecodedAnthropicRequest {
  model: string;
  request: ChatRequest;
  /** Fields accepted and left out because they only act on Anthropic's side (`context_management`), for the response to name. */
  dropped: string[];
  /** The client's fields that `request.reasoning` came from (`thinking`, `output_config.effort`), for when a target has no reasoning. */
  reasoningFrom: string[];
}

/** Fields that only edit what Anthropic keeps of a conversation; another provider has nothing they could act on. */
const ANTHROPIC_SIDE_FIELDS = ['context_management'] as const;

export function decodeAnthropicRequest(body: unknown): DecodedAnthropicRequest {
  if (!isWireObject(body)) throw invalidParameterAt('body', 'must be a JSON object');
  return decodeParsedMessagesBody(plainMessagesBody(body) ?? parseRequest(messagesBody, body), body);
}

/** The canonical request from a body the schema accepted (or plainMessagesBody vouched for); `body` is the client's, as sent. */
export function decodeParsedMessagesBody(wire: WireMessagesBody, body: Record<string, unknown>): DecodedAnthropicRequest {
  for (const key of Object.keys(wire)) {
    if (!MESSAGES_FIELDS.has(key)) throw invalidParameterAt(key, "not supported: this endpoint's provider does not speak Anthropic's format and has no such feature");
  }

  const messages: ChatMessage[] = [];
  if (wire.system != null) messages.push({ role: 'system', content: typeof wire.system === 'string' ? wire.system : wire.system.map(textPart) });
  for (const message of wire.messages) messages.push(...decodeMessage(message));

  const request: ChatRequest = {
    messages,
    maxTokens: wire.max_tokens,
    stream: wire.stream ?? false,
    // Anthropic streams always end with their usage, so the client always gets it.
    streamUsage: true,
    extra: {},
  };
  if (wire.temperature != null) request.temperature = wire.temperature;
  if (wire.top_p != null) request.topP = wire.top_p;
  if (wire.top_k != null) request.topK = wire.top_k;
  if (wire.stop_sequences != null && wire.stop_sequences.length > 0) request.stop = wire.stop_sequences;
  if (wire.tools != null) {
    request.tools = wire.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description != null && { description: tool.description }),
      ...(tool.input_schema !== undefined && { parameters: tool.input_schema }),
      ...(tool.strict != null && { strict: tool.strict }),
      ...(decodeCacheMark(tool.cache_control) && { cacheControl: decodeCacheMark(tool.cache_control) }),
    }));
  }
  if (wire.tool_choice != null) {
    request.toolChoice = decodeToolChoice(wire.tool_choice);
    if ('disable_parallel_tool_use' in wire.tool_choice && wire.tool_choice.disable_parallel_tool_use === true) request.parallelToolCalls = false;
  }
  const reasoning = decodeReasoning(wire);
  if (reasoning) request.reasoning = reasoning;
  const format = wire.output_config?.format;
  if (format != null) request.responseFormat = { type: 'json_schema', name: 'response', schema: format.schema };
  if (wire.metadata?.user_id != null) request.user = wire.metadata.user_id;
  const dropped = ANTHROPIC_SIDE_FIELDS.filter((field) => body[field] != null);
  const reasoningFrom: string[] = [];
  if (reasoning && wire.thinking != null && wire.thinking.type !== 'disabled') reasoningFrom.push('thinking');
  if (reasoning && wire.output_config?.effort != null) reasoningFrom.push('output_config.effort');
  const automatic = decodeCacheMark(body.cache_control);
  if (automatic && messages.length > 0) messages[messages.length - 1].cacheControl = automatic;
  return { model: wire.model, request, dropped, reasoningFrom };
}

function decodeMessage(wire: WireMessage): ChatMessage[] {
  if (typeof wire.content === 'string') return [{ role: wire.role, content: wire.content }];
  // A mid-conversation system message stays where it is; each provider's encoder places it as its format allows.
  if (wire.role === 'system') return [{ role: 'system', content: (wire.content as WireTextBlock[]).map(textPart) }];
  return wire.role === 'user' ? decodeUserTurn(wire.content) : [decodeAssistantTurn(wire.content)];
}

function decodeUserTurn(blocks: WireContentBlock[]): ChatMessage[] {
  const results: ChatMessage[] = [];
  const parts: ContentPart[] = [];
  for (const block of blocks) {
    if (block.type === 'tool_result') {
      const content = decodeToolResultContent(block.content, block.is_error === true);
      const result: ChatMessage = { role: 'tool', toolCallId: block.tool_use_id, content };
      const mark = decodeCacheMark(block.cache_control);
      if (mark) result.cacheControl = mark;
      results.push(result);
    } else if (block.type === 'text') {
      parts.push(textPart(block));
    } else if (block.type === 'image') {
      parts.push(imagePart(block));
    }
  }
  if (parts.length > 0) results.push({ role: 'user', content: parts });
  return results;
}

function decodeToolResultContent(content: string | Array<WireTextBlock | WireImageBlock> | null | undefined, isError: boolean): string | ContentPart[] {
  const prefix = isError ? 'Error: ' : '';
  if (content == null) return prefix;
  if (typeof content === 'string') return prefix + content;
  const parts = content.map((block) => (block.type === 'text' ? textPart(block) : imagePart(block)));
  if (parts.every((part) => part.type === 'text')) return prefix + parts.map((part) => (part as { text: string }).text).join('');
  return prefix ? [{ type: 'text', text: prefix }, ...parts] : parts;
}

function decodeAssistantTurn(blocks: WireContentBlock[]): ChatMessage {
  const texts: string[] = [];
  const thoughts: string[] = [];
  let signature: string | undefined;
  const message: ChatMessage = { role: 'assistant', content: null };
  for (const block of blocks) {
    // The turn's blocks are joined into one message, so a mark on any of them caches the whole turn.
    const mark = decodeCacheMark(block.cache_control);
    if (mark) message.cacheControl = mark;
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'thinking') {
      thoughts.push(block.thinking);
      // The last block that carries one: an empty signature (a block the gateway streamed unsigned) holds nothing to restore.
      if (block.signature) signature = block.signature;
    } else if (block.type === 'tool_use') {
      (message.toolCalls ??= []).push({ id: block.id, name: block.name, arguments: JSON.stringify(block.input) });
    }
  }
  if (texts.length > 0) message.content = texts.join('');
  if (thoughts.length > 0) message.reasoning = thoughts.join('\n');
  if (signature !== undefined) message.reasoningSignature = signature;
  return message;
}

function textPart(block: WireTextBlock): ContentPart {
  const mark = decodeCacheMark(block.cache_control);
  return mark ? { type: 'text', text: block.text, cacheControl: mark } : { type: 'text', text: block.text };
}

function imagePart(block: WireImageBlock): ContentPart {
  const { source } = block;
  const part: ContentPart = { type: 'image', url: source.type === 'url' ? source.url : `data:${source.media_type};base64,${source.data}` };
  const mark = decodeCacheMark(block.cache_control);
  if (mark) part.cacheControl = mark;
  return part;
}

function decodeToolChoice(choice: NonNullable<WireMessagesBody['tool_choice']>): ToolChoice {
  switch (choice.type) {
    case 'auto': return 'auto';
    case 'any': return 'required';
    case 'none': return 'none';
    case 'tool': return { name: choice.name };
  }
}

function decodeReasoning(wire: WireMessagesBody): ReasoningConfig | undefined {
  const reasoning: ReasoningConfig = {};
  if (wire.thinking?.type === 'enabled') {
    reasoning.budgetTokens = wire.thinking.budget_tokens;
    reasoning.effort = effortForBudget(wire.thinking.budget_tokens);
  }
  const effort = wire.output_config?.effort;
  if (effort != null) reasoning.effort = effort === 'xhigh' || effort === 'max' ? 'high' : effort;
  return reasoning.effort === undefined && reasoning.budgetTokens === undefined ? undefined : reasoning;
}
