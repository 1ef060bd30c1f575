/**
 * A client's Chat Completions body to the canonical ChatRequest.
 *
 * Two wire details have no canonical field, and both are kept in `extra` under their own
 * wire names so that encodeChatRequest can restore them:
 * - `max_completion_tokens`: its value becomes `maxTokens`; its presence in `extra` records
 *   that the client used this name rather than `max_tokens`.
 * - `stream_options`: `include_usage` becomes `streamUsage`; the whole object is kept so
 *   options we do not model still reach the provider. It is sent only on a streamed call,
 *   the only place OpenAI accepts it.
 *
 * Null on a modelled optional field means "not set", as on OpenAI's API, and is dropped;
 * unknown fields, top-level and per message, are kept verbatim in `extra`.
 */
import { GatewayError, isWireObject, type ChatMessage, type ChatRequest, type ContentPart, type ToolChoice } from '@model-gateway/core';
import {
  CHAT_REQUEST_FIELDS, MESSAGE_FIELDS, chatBody, chatBodyWithModel,
  type WireChatBody, type WireContentPart, type WireMessage,
} from './chat-request-schema';
import { parseRequest } from '@model-gateway/core';
import { plainChatBody } from './plain-chat-body';
import { unknownFields } from './unknown-fields';

export function decodeChatRequest(body: unknown, options: { requireModel: boolean }): { model?: string; request: ChatRequest } {
  if (!isWireObject(body)) throw new GatewayError('invalid_parameter', 'The request body must be a JSON object.');
  const wire: WireChatBody = plainChatBody(body, options.requireModel) ?? parseRequest(options.requireModel ? chatBodyWithModel : chatBody, body);
  return decodeParsedChatBody(wire, options);
}

/** The canonical request from a body the schema accepted (or plainChatBody vouched for). */
export function decodeParsedChatBody(wire: WireChatBody, options: { requireModel: boolean }): { model?: string; request: ChatRequest } {
  const request: ChatRequest = {
    messages: wire.messages.map(decodeMessage),
    stream: wire.stream ?? false,
    streamUsage: wire.stream_options?.include_usage ?? false,
    extra: unknownFields(wire, CHAT_REQUEST_FIELDS) ?? {},
  };
  if (wire.temperature != null) request.temperature = wire.temperature;
  if (wire.top_p != null) request.topP = wire.top_p;
  if (wire.n != null) request.n = wire.n;
  if (wire.max_completion_tokens != null) {
    request.maxTokens = wire.max_completion_tokens;
    request.extra.max_completion_tokens = wire.max_completion_tokens;
  } else if (wire.max_tokens != null) {
    request.maxTokens = wire.max_tokens;
  }
  if (wire.presence_penalty != null) request.presencePenalty = wire.presence_penalty;
  if (wire.frequency_penalty != null) request.frequencyPenalty = wire.frequency_penalty;
  if (wire.stream_options != null) request.extra.stream_options = wire.stream_options;
  if (wire.stop != null) request.stop = typeof wire.stop === 'string' ? [wire.stop] : wire.stop;
  if (wire.tools != null) {
    request.tools = wire.tools.map(({ function: fn }) => ({
      name: fn.name,
      ...(fn.description != null && { description: fn.description }),
      ...(fn.parameters != null && { parameters: fn.parameters }),
      ...(fn.strict != null && { strict: fn.strict }),
    }));
  }
  if (wire.tool_choice != null) request.toolChoice = decodeToolChoice(wire.tool_choice);
  if (wire.parallel_tool_calls != null) request.parallelToolCalls = wire.parallel_tool_calls;
  if (wire.response_format != null) request.responseFormat = decodeResponseFormat(wire.response_format);
  if (wire.seed != null) request.seed = wire.seed;
  if (wire.user != null) request.user = wire.user;
  if (wire.reasoning_effort != null) request.reasoning = { effort: wire.reasoning_effort };

  return options.requireModel ? { model: wire.model as string, request } : { request };
}

function decodeMessage(wire: WireMessage): ChatMessage {
  const message: ChatMessage = { role: wire.role, content: decodeContent(wire.content) };
  if (wire.name != null) message.name = wire.name;
  if (wire.tool_calls != null) {
    message.toolCalls = wire.tool_calls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments }));
  }
  if (wire.tool_call_id != null) message.toolCallId = wire.tool_call_id;
  if (wire.refusal != null) message.refusal = wire.refusal;
  const extra = unknownFields(wire, MESSAGE_FIELDS);
  if (extra) message.extra = extra;
  return message;
}

function decodeContent(content: WireMessage['content']): ChatMessage['content'] {
  if (content == null) return null;
  if (typeof content === 'string') return content;
  return content.map(decodePart);
}

function decodePart(part: WireContentPart): ContentPart {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const { url, detail } = part.image_url;
  return detail == null ? { type: 'image', url } : { type: 'image', url, detail };
}

function decodeToolChoice(choice: NonNullable<WireChatBody['tool_choice']>): ToolChoice {
  return typeof choice === 'string' ? choice : { name: choice.function.name };
}

function decodeResponseFormat(format: NonNullable<WireChatBody['response_format']>): ChatRequest['responseFormat'] {
  if (format.type !== 'json_schema') return { type: format.type };
  const { name, description, schema, strict } = format.json_schema;
  return {
    type: 'json_schema',
    name,
    ...(schema != null && { schema }),
    ...(strict != null && { strict }),
    ...(description != null && { description }),
  };
}
