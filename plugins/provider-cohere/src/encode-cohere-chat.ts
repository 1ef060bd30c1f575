/**
 * The canonical ChatRequest to a Cohere v2 `/v2/chat` body. What v2 cannot express is
 * refused with a 400 naming the parameter (by its OpenAI name, the one clients know):
 * a named tool choice, n > 1, penalties outside 0..1, message names. Hints it cannot
 * honour (`parallel_tool_calls: false`) are left out by the connection and named in
 * x-gateway-dropped-fields before this runs; `user` is simply not sent.
 */
import { GatewayError, setDefined, type ChatMessage, type ChatRequest, type ContentPart, type ToolDefinition, type WireObject } from '@model-gateway/core';

/** Cohere's own request fields an OpenAI-style client may add to its body; relayed as they are. */
const COHERE_FIELDS = ['documents', 'citation_options', 'safety_mode', 'priority'] as const;

/** OpenAI fields with an effect Cohere v2 cannot reproduce (logprobs exist there, but in a shape this gateway does not translate). */
const REFUSED_FIELDS = ['logit_bias', 'logprobs', 'top_logprobs', 'prediction', 'modalities', 'audio', 'web_search_options', 'functions', 'function_call'] as const;

export function encodeCohereChat(request: ChatRequest, model: string): WireObject {
  if (request.n !== undefined && request.n > 1) refuse('n', 'Cohere generates one choice');
  if (request.parallelToolCalls === false) refuse('parallel_tool_calls', 'Cohere has no switch to turn off parallel tool calls');
  // `user` (an end-user id for abuse monitoring) does not change the answer; Cohere has no such field, so it is not sent.
  for (const field of REFUSED_FIELDS) if (request.extra[field] !== undefined) refuse(field);

  const body: WireObject = { model, messages: request.messages.map(encodeMessage), stream: request.stream };
  if (request.tools?.length) {
    body.tools = request.tools.map(encodeTool);
    // Strictness is one switch for all tools on v2; a client asking it for any tool gets it.
    if (request.tools.some((tool) => tool.strict)) body.strict_tools = true;
  }
  const toolChoice = encodeToolChoice(request);
  if (toolChoice) body.tool_choice = toolChoice;
  const format = encodeResponseFormat(request);
  if (format) body.response_format = format;
  setDefined(body, 'max_tokens', request.maxTokens);
  setDefined(body, 'temperature', request.temperature);
  setDefined(body, 'p', request.topP);
  setDefined(body, 'k', request.topK);
  setDefined(body, 'stop_sequences', request.stop);
  setDefined(body, 'seed', request.seed);
  setDefined(body, 'frequency_penalty', penalty('frequency_penalty', request.frequencyPenalty));
  setDefined(body, 'presence_penalty', penalty('presence_penalty', request.presencePenalty));
  const thinking = encodeThinking(request);
  if (thinking) body.thinking = thinking;
  for (const field of COHERE_FIELDS) setDefined(body, field, request.extra[field]);
  return body;
}

function encodeMessage(message: ChatMessage, index: number): WireObject {
  // A tool message's name (a Gemini functionResponse's) only repeats the call's, which tool_call_id names:
  // v2 tool messages are {role, tool_call_id, content} (https://docs.cohere.com/reference/chat), so it is left out.
  if (message.name !== undefined && message.role !== 'tool') refuse(`messages[${index}].name`, 'Cohere messages carry no participant name');
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOnly(message.content, index) ?? '' };
    case 'user':
      return { role: 'user', content: userContent(message.content) };
    case 'tool':
      if (message.toolCallId === undefined) refuse(`messages[${index}].tool_call_id`, 'a tool result must name the call it answers');
      return { role: 'tool', tool_call_id: message.toolCallId, content: textOnly(message.content, index) ?? '' };
    case 'assistant':
      return encodeAssistant(message, index);
  }
}

/**
 * Earlier reasoning is not sent back, as with OpenAI's encoder, with one exception:
 * on a turn that calls tools it is the `tool_plan` Cohere asks to get back with them.
 */
function encodeAssistant(message: ChatMessage, index: number): WireObject {
  const wire: WireObject = { role: 'assistant' };
  if (message.toolCalls?.length) {
    wire.tool_calls = message.toolCalls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
    const plan = message.reasoning ?? (typeof message.extra?.tool_plan === 'string' ? message.extra.tool_plan : undefined);
    if (plan) wire.tool_plan = plan;
  }
  const content = textOnly(message.content, index);
  if (content) wire.content = content;
  return wire;
}

function userContent(content: ChatMessage['content']): string | WireObject[] {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => {
    if (part.type === 'text') return { type: 'text', text: part.text };
    const imageUrl: WireObject = { url: part.url };
    if (part.detail) imageUrl.detail = part.detail;
    return { type: 'image_url', image_url: imageUrl };
  });
}

/** System, tool and assistant turns take text only on v2. */
function textOnly(content: ChatMessage['content'], index: number): string | undefined {
  if (content === null) return undefined;
  if (typeof content === 'string') return content;
  if (content.some((part: ContentPart) => part.type !== 'text')) refuse(`messages[${index}].content`, 'Cohere takes images in user turns only');
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function encodeTool(tool: ToolDefinition): WireObject {
  const fn: WireObject = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  // v2 expects a JSON Schema object for every function, even one without arguments.
  fn.parameters = tool.parameters ?? { type: 'object', properties: {} };
  return { type: 'function', function: fn };
}

/** v2 can leave the choice to the model (omitted), forbid tools (NONE) or require one (REQUIRED). */
function encodeToolChoice(request: ChatRequest): string | undefined {
  const choice = request.toolChoice;
  if (choice === undefined || choice === 'auto') return undefined;
  if (choice === 'none') return 'NONE';
  if (choice === 'required') return 'REQUIRED';
  // Requiring a tool when exactly that one is offered is the same request; anything else cannot be said on v2.
  if (request.tools?.length === 1 && request.tools[0].name === choice.name) return 'REQUIRED';
  return refuse('tool_choice', 'Cohere can require a tool but not a named one; offer only that tool');
}

function encodeResponseFormat(request: ChatRequest): WireObject | undefined {
  const format = request.responseFormat;
  if (!format || format.type === 'text') return undefined;
  if (format.type === 'json_schema' && format.schema) return { type: 'json_object', json_schema: format.schema };
  return { type: 'json_object' };
}

/** v2 thinking is on or off with an optional budget; it has no effort levels, so any effort but "none" turns it on. */
function encodeThinking(request: ChatRequest): WireObject | undefined {
  const reasoning = request.reasoning;
  if (!reasoning) return undefined;
  if (reasoning.budgetTokens !== undefined) return { type: 'enabled', token_budget: reasoning.budgetTokens };
  if (reasoning.effort === undefined) return undefined;
  return reasoning.effort === 'none' ? { type: 'disabled' } : { type: 'enabled' };
}

function penalty(param: string, value: number | undefined): number | undefined {
  if (value !== undefined && (value < 0 || value > 1)) refuse(param, 'Cohere takes values from 0 to 1');
  return value;
}

function refuse(param: string, hint?: string): never {
  throw new GatewayError('invalid_parameter', `${param}: not supported by Cohere${hint ? ` (${hint})` : ''}.`, { param });
}
