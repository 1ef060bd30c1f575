/**
 * The canonical ChatRequest to an OpenAI Chat Completions body. See decode-chat-request.ts
 * for the two wire details (`max_completion_tokens`, `stream_options`) carried in `extra`.
 */
import { effortOf, extensibleCopy, isWireObject, setDefined, type ChatMessage, type ChatRequest, type ContentPart, type ResponseFormat, type ToolChoice, type ToolDefinition, type WireObject } from '@model-gateway/core';
import { CHAT_REQUEST_FIELDS, MESSAGE_FIELDS } from './chat-request-schema';
import { withUnknownFields } from './unknown-fields';
import { openAiUser } from './user-field';

export function encodeChatRequest(request: ChatRequest, model: string): WireObject {
  const body: WireObject = { model, messages: request.messages.map(encodeMessage) };
  setDefined(body, 'temperature', request.temperature);
  setDefined(body, 'top_p', request.topP);
  setDefined(body, 'n', request.n);
  if (request.maxTokens !== undefined) {
    // The value is always the canonical one: a pipeline stage may have clamped it.
    const name = 'max_completion_tokens' in request.extra ? 'max_completion_tokens' : 'max_tokens';
    body[name] = request.maxTokens;
  }
  setDefined(body, 'presence_penalty', request.presencePenalty);
  setDefined(body, 'frequency_penalty', request.frequencyPenalty);
  if (request.stream) {
    body.stream = true;
    // The gateway needs usage for every call it records, whatever the client asked for;
    // whether the client sees the usage chunk is canonical streamUsage, applied downstream.
    const clientOptions = isWireObject(request.extra.stream_options) ? request.extra.stream_options : {};
    body.stream_options = extensibleCopy(clientOptions, { include_usage: true });
  }
  setDefined(body, 'stop', request.stop);
  if (request.tools) body.tools = request.tools.map(encodeTool);
  if (request.toolChoice !== undefined) body.tool_choice = encodeToolChoice(request.toolChoice);
  setDefined(body, 'parallel_tool_calls', request.parallelToolCalls);
  if (request.responseFormat) body.response_format = encodeResponseFormat(request.responseFormat);
  setDefined(body, 'seed', request.seed);
  if (request.user !== undefined) body.user = openAiUser(request.user);
  // OpenAI has no token budget knob: a budget (Gemini's thinkingBudget) becomes the effort it stands for, by the one shared table.
  setDefined(body, 'reasoning_effort', effortOf(request.reasoning));
  return withUnknownFields(body, request.extra, CHAT_REQUEST_FIELDS);
}

/** `reasoning` is not sent: Chat Completions has no field for earlier reasoning. */
function encodeMessage(message: ChatMessage): WireObject {
  const wire: WireObject = {
    role: message.role,
    content: typeof message.content === 'string' || message.content === null ? message.content : message.content.map(encodePart),
  };
  // OpenAI's tool message has no `name` (ChatCompletionToolMessageParam): tool_call_id names the call, and a Gemini client's functionResponse name stays behind.
  if (message.role !== 'tool') setDefined(wire, 'name', message.name);
  if (message.toolCalls) {
    wire.tool_calls = message.toolCalls.map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  }
  setDefined(wire, 'tool_call_id', message.toolCallId);
  setDefined(wire, 'refusal', message.refusal);
  return withUnknownFields(wire, message.extra, MESSAGE_FIELDS);
}

function encodePart(part: ContentPart): WireObject {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const imageUrl: WireObject = { url: part.url };
  setDefined(imageUrl, 'detail', part.detail);
  return { type: 'image_url', image_url: imageUrl };
}

function encodeTool(tool: ToolDefinition): WireObject {
  const fn: WireObject = { name: tool.name };
  setDefined(fn, 'description', tool.description);
  setDefined(fn, 'parameters', tool.parameters);
  setDefined(fn, 'strict', tool.strict);
  return { type: 'function', function: fn };
}

function encodeToolChoice(choice: ToolChoice): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}

function encodeResponseFormat(format: ResponseFormat): WireObject {
  if (format.type !== 'json_schema') return { type: format.type };
  const jsonSchema: WireObject = { name: format.name };
  setDefined(jsonSchema, 'description', format.description);
  setDefined(jsonSchema, 'schema', format.schema);
  setDefined(jsonSchema, 'strict', format.strict);
  return { type: 'json_schema', json_schema: jsonSchema };
}
