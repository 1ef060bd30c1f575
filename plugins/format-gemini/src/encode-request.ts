/**
 * The canonical ChatRequest to a Gemini generateContent body (the same body serves
 * streamGenerateContent; streaming is chosen by the URL).
 *
 * - System and developer messages, wherever they stand, become `systemInstruction`:
 *   Gemini has one system prompt per request.
 * - Tool results become `functionResponse` parts of a user turn. Gemini links a result
 *   to its call by function name (and by `id` where the call had one), so the name is
 *   looked up from the assistant turn that made the call.
 * - Consecutive turns of one role are merged into one content, as Gemini expects turns to alternate.
 * - Tool and output schemas go as JSON Schema (`parametersJsonSchema`, `responseJsonSchema`),
 *   which Gemini accepts whole, rather than its OpenAPI subset.
 * - Of `extra`, only Gemini's own `safetySettings` and `cachedContent` are sent: other
 *   families' fields would be rejected as unknown.
 * - Not sent, having no Gemini field and no effect on the answer: `user` (an end-user id
 *   for abuse reports), an image's `detail` hint and a tool's `strict` flag (Gemini holds
 *   function calls to the declared schema by itself).
 * - `parallel_tool_calls: false` cannot be honoured (Gemini has no such switch): a 400.
 */
import { invalidParameterAt, setDefined, toolArgumentsObject, unsupportedParameterAt, type ChatMessage, type ChatRequest, type ContentPart, type ToolChoice, type ToolDefinition } from '@model-gateway/core';
import { encodeFunctionResult } from './function-response';
import type { GeminiContent, GeminiFunctionCallingConfig, GeminiGenerationConfig, GeminiPart, GenerateContentRequest } from './gemini-wire';
import { encodeImagePart } from './media-parts';
import { encodeModelParts } from './model-parts';
import { thoughtSignatureOf } from './thought-envelope';
import { encodeThinkingConfig } from './thinking-config';

const EXTRA_FIELDS = ['safetySettings', 'cachedContent'] as const;

export function encodeGenerateContentRequest(request: ChatRequest): GenerateContentRequest {
  // parallelToolCalls has no Gemini field: the provider drops `false` (a hint) and names it before encoding.
  const system: GeminiPart[] = [];
  const contents: GeminiContent[] = [];
  const callNames = new Map<string, string>();
  request.messages.forEach((message, i) => {
    if (message.role === 'system' || message.role === 'developer') {
      system.push(...textParts(message.content, `messages[${i}].content`));
      return;
    }
    const content = encodeTurn(message, i, callNames);
    const previous = contents[contents.length - 1];
    if (previous && previous.role === content.role) previous.parts = [...(previous.parts ?? []), ...(content.parts ?? [])];
    else contents.push(content);
  });

  const body: GenerateContentRequest = { contents };
  if (system.length > 0) body.systemInstruction = { parts: system };
  if (request.tools && request.tools.length > 0) {
    body.tools = [{ functionDeclarations: request.tools.map(encodeTool) }];
    if (request.toolChoice !== undefined) body.toolConfig = { functionCallingConfig: encodeToolChoice(request.toolChoice) };
  }
  const generationConfig = encodeGenerationConfig(request);
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  for (const field of EXTRA_FIELDS) setDefined(body, field, request.extra[field]);
  return body;
}

function encodeTurn(message: ChatMessage, index: number, callNames: Map<string, string>): GeminiContent {
  const where = `messages[${index}]`;
  if (message.role === 'tool') return { role: 'user', parts: encodeToolResult(message, where, callNames) };
  if (message.role === 'user') return { role: 'user', parts: nonEmpty(contentParts(message.content)) };
  return { role: 'model', parts: nonEmpty(encodeAssistantParts(message, where, callNames)) };
}

function encodeAssistantParts(message: ChatMessage, where: string, callNames: Map<string, string>): GeminiPart[] {
  const calls = (message.toolCalls ?? []).map((call, j) => {
    callNames.set(call.id, call.name);
    const args = toolArgumentsObject(call.arguments, `${where}.tool_calls[${j}].function.arguments`, 'Gemini');
    return call.id ? { id: call.id, name: call.name, args } : { name: call.name, args };
  });
  return encodeModelParts({
    content: contentParts(message.content ?? (message.refusal || null)),
    reasoning: message.reasoning,
    // Only a Gemini signature goes back: another family's sealed reasoning means nothing here.
    signature: thoughtSignatureOf(message),
    calls,
  });
}

function encodeToolResult(message: ChatMessage, where: string, callNames: Map<string, string>): GeminiPart[] {
  const id = message.toolCallId;
  const name = message.name ?? (id === undefined ? undefined : callNames.get(id));
  if (name === undefined) {
    throw invalidParameterAt(`${where}.tool_call_id`, `no earlier assistant tool call has the id ${JSON.stringify(id ?? null)}; Gemini needs the function's name`);
  }
  const content = message.content;
  const texts = typeof content === 'string' ? content : (content ?? []).filter((p) => p.type === 'text').map((p) => p.text).join('');
  const functionResponse: Record<string, unknown> = { name, response: encodeFunctionResult(texts) };
  if (id) functionResponse.id = id;
  const images = Array.isArray(content) ? content.filter((p) => p.type === 'image').map(encodeImagePart) : [];
  return [{ functionResponse }, ...images];
}

function contentParts(content: string | ContentPart[] | null): GeminiPart[] {
  if (content === null) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  return content.map((part) => (part.type === 'text' ? { text: part.text } : encodeImagePart(part)));
}

/** Gemini rejects a content without parts; an empty turn keeps its place with empty text. */
function nonEmpty(parts: GeminiPart[]): GeminiPart[] {
  return parts.length > 0 ? parts : [{ text: '' }];
}

function textParts(content: string | ContentPart[] | null, param: string): GeminiPart[] {
  if (content === null) return [];
  if (typeof content === 'string') return [{ text: content }];
  return content.map((part, i) => {
    if (part.type !== 'text') throw unsupportedParameterAt(`${param}[${i}]`, 'Gemini takes only text in the system instruction');
    return { text: part.text };
  });
}

function encodeTool(tool: ToolDefinition): Record<string, unknown> {
  const declaration: Record<string, unknown> = { name: tool.name };
  setDefined(declaration, 'description', tool.description);
  setDefined(declaration, 'parametersJsonSchema', tool.parameters);
  return declaration;
}

function encodeToolChoice(choice: ToolChoice): GeminiFunctionCallingConfig {
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'required') return { mode: 'ANY' };
  return { mode: 'ANY', allowedFunctionNames: [choice.name] };
}

function encodeGenerationConfig(request: ChatRequest): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  setDefined(config, 'stopSequences', request.stop);
  setDefined(config, 'temperature', request.temperature);
  setDefined(config, 'topP', request.topP);
  setDefined(config, 'topK', request.topK);
  setDefined(config, 'maxOutputTokens', request.maxTokens);
  setDefined(config, 'candidateCount', request.n);
  setDefined(config, 'presencePenalty', request.presencePenalty);
  setDefined(config, 'frequencyPenalty', request.frequencyPenalty);
  setDefined(config, 'seed', request.seed);
  const format = request.responseFormat;
  if (format?.type === 'json_object') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema') {
    config.responseMimeType = 'application/json';
    setDefined(config, 'responseJsonSchema', format.schema);
  }
  if (request.reasoning) setDefined(config, 'thinkingConfig', encodeThinkingConfig(request.reasoning));
  return config;
}
