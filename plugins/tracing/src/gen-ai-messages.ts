import type { AssistantMessage, ChatMessage, ChatRequest, ChatResponse, ContentPart, FinishReason, ToolCall } from '@model-gateway/core';

/**
 * The canonical chat messages in the OpenTelemetry GenAI conventions' JSON shapes
 * (gen_ai.input.messages / gen_ai.output.messages): `{ role, parts: [...] }`, parts typed
 * `text`, `tool_call`, `tool_call_response`, `reasoning` or `uri`. Inline images (data URLs)
 * are left out as a placeholder: a trace backend is no place for megabytes of base64.
 */
type Part = Record<string, unknown>;

export function inputMessages(request: ChatRequest): string {
  return JSON.stringify(request.messages.map(inputMessage));
}

export function outputMessages(response: ChatResponse): string {
  return JSON.stringify(response.choices.map((choice) => outputMessage(choice.message, choice.finishReason)));
}

/** The answer of a stream, gathered from its parts. */
export function streamedOutput(text: string, reasoning: string, finishReason: FinishReason | null): string {
  const parts: Part[] = [];
  if (reasoning) parts.push({ type: 'reasoning', content: reasoning });
  if (text) parts.push({ type: 'text', content: text });
  return JSON.stringify([{ role: 'assistant', parts, finish_reason: finishReason ?? 'stop' }]);
}

function inputMessage(message: ChatMessage): Part {
  const parts: Part[] = [];
  if (message.role === 'tool') {
    parts.push({ type: 'tool_call_response', id: message.toolCallId, response: contentText(message.content) });
    return { role: 'tool', parts };
  }
  if (message.reasoning) parts.push({ type: 'reasoning', content: message.reasoning });
  parts.push(...contentParts(message.content));
  for (const call of message.toolCalls ?? []) parts.push(toolCallPart(call));
  return message.name ? { role: message.role, name: message.name, parts } : { role: message.role, parts };
}

function outputMessage(message: AssistantMessage, finishReason: FinishReason | null): Part {
  const parts: Part[] = [];
  if (message.reasoning) parts.push({ type: 'reasoning', content: message.reasoning });
  if (message.content) parts.push({ type: 'text', content: message.content });
  for (const call of message.toolCalls ?? []) parts.push(toolCallPart(call));
  return { role: 'assistant', parts, finish_reason: finishReason ?? 'stop' };
}

function toolCallPart(call: ToolCall): Part {
  let args: unknown = call.arguments;
  try {
    args = JSON.parse(call.arguments);
  } catch {
    // Arguments the model left unparsable go as the text it wrote.
  }
  return { type: 'tool_call', id: call.id, name: call.name, arguments: args };
}

function contentParts(content: string | ContentPart[] | null): Part[] {
  if (content === null || content === '') return [];
  if (typeof content === 'string') return [{ type: 'text', content }];
  return content.map((part) => {
    if (part.type === 'text') return { type: 'text', content: part.text };
    return { type: 'uri', modality: 'image', uri: part.url.startsWith('data:') ? 'data:(inline image left out)' : part.url };
  });
}

function contentText(content: string | ContentPart[] | null): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}
