/**
 * A client's generateContent body to the canonical ChatRequest, for endpoints whose
 * provider does not speak Gemini (a Gemini provider gets the body relayed as it came).
 *
 * - A `model` turn's function calls get ids: the wire's `id` where it has one, else one
 *   made from the turn and part position, so the same body always decodes the same way.
 *   A functionResponse without an id answers the earliest unanswered call of that name.
 * - `parameters` and `responseSchema` (Gemini's OpenAPI subset) become JSON Schema.
 * - `allowedFunctionNames` with mode ANY narrows the offered tools to those names,
 *   which is what it means; one name is a forced tool choice.
 * - What another provider cannot honour (Google-only tools, non-image media, logprobs,
 *   cached contents, safety thresholds) is a 400 naming the field, never a silent drop;
 *   a name Gemini does not know is Gemini's own 400, and a known hint no other provider
 *   has (`labels`) is returned in `dropped`, for x-gateway-dropped-fields (top-level-fields.ts).
 */
import { invalidParameterAt, isWireObject, unsupportedParameterAt, type ChatMessage, type ChatRequest, type ContentPart, type ResponseFormat, type ToolCall, type ToolDefinition, type WireObject } from '@model-gateway/core';
import { client } from './client-fields';
import { decodeFunctionResult } from './function-response';
import type { GeminiPart } from './gemini-wire';
import { decodeMediaPart } from './media-parts';
import { normalizeFieldNames } from './normalize-field-names';
import { openApiToJsonSchema } from './openapi-schema';
import { decodeThinkingConfig } from './thinking-config';
import { checkGenerationConfigNames, topLevelHints } from './top-level-fields';

/** generationConfig fields that change nothing another provider could honour, when left at their defaults. */
const NEUTRAL_WHEN_FALSY = new Set(['responseLogprobs', 'logprobs', 'audioTimestamp', 'enableAffectiveDialog', 'enableEnhancedCivicAnswers']);
/** generationConfig fields that only tune how Gemini reads media; another provider has no such knob and the answer does not depend on it. */
const IGNORED_GENERATION_FIELDS = new Set(['mediaResolution']);
/** Safety thresholds that only loosen Google's filters, which other providers do not have. */
const OPEN_THRESHOLDS = new Set(['BLOCK_NONE', 'OFF', 'HARM_BLOCK_THRESHOLD_UNSPECIFIED']);

/** A translated call: the canonical request, and the client's fields left out as hints (`labels`). */
export interface DecodedGenerateContent {
  request: ChatRequest;
  dropped: string[];
}

export function decodeGenerateContentRequest(body: unknown, options: { stream: boolean }): ChatRequest {
  return decodeGenerateContentCall(body, options).request;
}

export function decodeGenerateContentCall(body: unknown, options: { stream: boolean }): DecodedGenerateContent {
  // Clients write proto field names (max_output_tokens) as often as JSON names; the rest of the decoder reads JSON names.
  body = normalizeFieldNames(body);
  if (!isWireObject(body)) throw invalidParameterAt('body', 'the request body must be a JSON object');
  const dropped = topLevelHints(body);
  if (body.cachedContent != null) throw unsupportedParameterAt('cachedContent', "Gemini context caches exist only on Gemini; this endpoint's provider cannot read one");
  checkSafetySettings(body.safetySettings);

  const messages: ChatMessage[] = [];
  const system = decodeSystemInstruction(body.systemInstruction);
  if (system !== undefined) messages.push({ role: 'system', content: system });
  const contents = client.array(body.contents, 'contents') ?? [];
  if (contents.length === 0) throw invalidParameterAt('contents', 'must not be empty');
  const pending: ToolCall[] = [];
  contents.forEach((value, i) => messages.push(...decodeContent(value, i, pending)));

  const request: ChatRequest = { messages, stream: options.stream, streamUsage: options.stream, extra: {} };
  const tools = decodeTools(body.tools);
  if (tools) request.tools = tools;
  decodeToolConfig(body.toolConfig, request);
  decodeGenerationConfig(body.generationConfig, request);
  return { request, dropped };
}

function checkSafetySettings(value: unknown): void {
  const settings = client.array(value, 'safetySettings') ?? [];
  settings.forEach((setting, i) => {
    const threshold = client.string(client.object(setting, `safetySettings[${i}]`)?.threshold, `safetySettings[${i}].threshold`);
    if (threshold !== undefined && !OPEN_THRESHOLDS.has(threshold)) {
      throw unsupportedParameterAt(`safetySettings[${i}].threshold`, `Google's safety filters exist only on Gemini; this endpoint's provider cannot apply ${threshold}`);
    }
  });
}

function decodeSystemInstruction(value: unknown): string | undefined {
  if (value == null) return undefined;
  if (typeof value === 'string') return value;
  const content = client.requiredObject(value, 'systemInstruction');
  const parts = client.array(content.parts, 'systemInstruction.parts') ?? [];
  return parts
    .map((part, i) => {
      const text = client.string(client.object(part, `systemInstruction.parts[${i}]`)?.text, `systemInstruction.parts[${i}].text`);
      if (text === undefined) throw unsupportedParameterAt(`systemInstruction.parts[${i}]`, 'only text can be translated in a system instruction');
      return text;
    })
    .join('\n');
}

/** One Gemini content can hold text, media, calls and results; results split out as `tool` messages. */
function decodeContent(value: unknown, index: number, pending: ToolCall[]): ChatMessage[] {
  const where = `contents[${index}]`;
  const content = client.requiredObject(value, where);
  const role = client.string(content.role, `${where}.role`) ?? 'user';
  if (role !== 'user' && role !== 'model') throw invalidParameterAt(`${where}.role`, `must be "user" or "model", got ${JSON.stringify(role)}`);
  const parts = (client.array(content.parts, `${where}.parts`) ?? []).map((part, j) => client.requiredObject(part, `${where}.parts[${j}]`) as GeminiPart);
  return role === 'model' ? [decodeModelTurn(parts, index, pending)] : decodeUserTurn(parts, where, pending);
}

function decodeModelTurn(parts: GeminiPart[], index: number, pending: ToolCall[]): ChatMessage {
  const where = `contents[${index}]`;
  const text: string[] = [];
  const reasoning: string[] = [];
  const toolCalls: ToolCall[] = [];
  let signature: string | undefined;
  // Calls of an earlier turn left unanswered cannot be answered after this one.
  pending.length = 0;
  parts.forEach((part, j) => {
    const param = `${where}.parts[${j}]`;
    signature ??= client.string(part.thoughtSignature, `${param}.thoughtSignature`);
    if (part.functionCall !== undefined) {
      const call = client.requiredObject(part.functionCall, `${param}.functionCall`);
      const name = client.string(call.name, `${param}.functionCall.name`);
      if (!name) throw invalidParameterAt(`${param}.functionCall.name`, 'required');
      const id = client.string(call.id, `${param}.functionCall.id`) || `call_${index}_${j}`;
      const toolCall = { id, name, arguments: JSON.stringify(client.object(call.args, `${param}.functionCall.args`) ?? {}) };
      toolCalls.push(toolCall);
      pending.push(toolCall);
      return;
    }
    const partText = client.string(part.text, `${param}.text`);
    if (partText === undefined) throw unsupportedParameterAt(param, 'only text and function calls can be translated in a model turn');
    (part.thought === true ? reasoning : text).push(partText);
  });
  const message: ChatMessage = { role: 'assistant', content: text.length > 0 ? text.join('') : null };
  if (toolCalls.length > 0) message.toolCalls = toolCalls;
  if (reasoning.length > 0) message.reasoning = reasoning.join('');
  if (signature) message.reasoningSignature = signature;
  return message;
}

/** Results come first, as tool messages answering the previous turn's calls; other parts form the user message. */
function decodeUserTurn(parts: GeminiPart[], where: string, pending: ToolCall[]): ChatMessage[] {
  const results: ChatMessage[] = [];
  const content: ContentPart[] = [];
  parts.forEach((part, j) => {
    const param = `${where}.parts[${j}]`;
    if (part.functionResponse !== undefined) {
      results.push(decodeFunctionResponse(part.functionResponse, `${param}.functionResponse`, pending));
      return;
    }
    const text = client.string(part.text, `${param}.text`);
    if (text !== undefined) {
      content.push({ type: 'text', text });
      return;
    }
    const media = decodeMediaPart(part, param);
    if (!media) throw unsupportedParameterAt(param, 'only text, images and function responses can be translated in a user turn');
    content.push(media);
  });
  if (content.length === 0) return results;
  const onlyText = content.every((part) => part.type === 'text');
  const user: ChatMessage = { role: 'user', content: onlyText ? content.map((part) => (part as { text: string }).text).join('') : content };
  return [...results, user];
}

function decodeFunctionResponse(value: unknown, param: string, pending: ToolCall[]): ChatMessage {
  const response = client.requiredObject(value, param);
  const name = client.string(response.name, `${param}.name`);
  if (!name) throw invalidParameterAt(`${param}.name`, 'required');
  const id = client.string(response.id, `${param}.id`);
  const index = pending.findIndex((call) => (id ? call.id === id : call.name === name));
  if (index < 0 && !id) throw invalidParameterAt(`${param}.name`, `answers no function call of the previous model turn named ${JSON.stringify(name)}`);
  const toolCallId = index >= 0 ? pending.splice(index, 1)[0].id : (id as string);
  return { role: 'tool', name, toolCallId, content: decodeFunctionResult(response.response) };
}

function decodeTools(value: unknown): ToolDefinition[] | undefined {
  const tools = client.array(value, 'tools');
  if (!tools) return undefined;
  return tools.flatMap((tool, i) => {
    const entry = client.requiredObject(tool, `tools[${i}]`);
    const other = Object.keys(entry).find((key) => key !== 'functionDeclarations' && entry[key] != null);
    if (other) throw unsupportedParameterAt(`tools[${i}].${other}`, "Google's built-in tools run only on Gemini; this endpoint's provider cannot use them");
    const declarations = client.array(entry.functionDeclarations, `tools[${i}].functionDeclarations`) ?? [];
    return declarations.map((declaration, j) => decodeDeclaration(declaration, `tools[${i}].functionDeclarations[${j}]`));
  });
}

function decodeDeclaration(value: unknown, param: string): ToolDefinition {
  const declaration = client.requiredObject(value, param);
  const name = client.string(declaration.name, `${param}.name`);
  if (!name) throw invalidParameterAt(`${param}.name`, 'required');
  const tool: ToolDefinition = { name };
  const description = client.string(declaration.description, `${param}.description`);
  if (description !== undefined) tool.description = description;
  const jsonSchema = client.object(declaration.parametersJsonSchema, `${param}.parametersJsonSchema`);
  const openApi = client.object(declaration.parameters, `${param}.parameters`);
  if (jsonSchema) tool.parameters = jsonSchema;
  else if (openApi) tool.parameters = openApiToJsonSchema(openApi);
  return tool;
}

function decodeToolConfig(value: unknown, request: ChatRequest): void {
  const config = client.object(client.object(value, 'toolConfig')?.functionCallingConfig, 'toolConfig.functionCallingConfig');
  if (!config) return;
  const param = 'toolConfig.functionCallingConfig';
  const mode = client.string(config.mode, `${param}.mode`) ?? 'AUTO';
  const allowed = client.stringArray(config.allowedFunctionNames, `${param}.allowedFunctionNames`) ?? [];
  if (mode === 'NONE') request.toolChoice = 'none';
  else if (mode === 'AUTO' || mode === 'VALIDATED' || mode === 'MODE_UNSPECIFIED') request.toolChoice = 'auto';
  else if (mode !== 'ANY') throw invalidParameterAt(`${param}.mode`, `must be one of "AUTO", "ANY", "NONE", "VALIDATED", got ${JSON.stringify(mode)}`);
  else if (allowed.length === 1) request.toolChoice = { name: allowed[0] };
  else {
    request.toolChoice = 'required';
    if (allowed.length > 1 && request.tools) request.tools = request.tools.filter((tool) => allowed.includes(tool.name));
  }
}

function decodeGenerationConfig(value: unknown, request: ChatRequest): void {
  const config = client.object(value, 'generationConfig');
  if (!config) return;
  checkGenerationConfigNames(config);
  const p = (field: string) => `generationConfig.${field}`;
  const set = <K extends keyof ChatRequest>(key: K, v: ChatRequest[K] | undefined) => {
    if (v !== undefined) request[key] = v;
  };
  set('stop', client.stringArray(config.stopSequences, p('stopSequences')));
  set('temperature', client.number(config.temperature, p('temperature')));
  set('topP', client.number(config.topP, p('topP')));
  set('topK', client.integer(config.topK, p('topK')));
  set('maxTokens', client.integer(config.maxOutputTokens, p('maxOutputTokens')));
  set('n', client.integer(config.candidateCount, p('candidateCount')));
  set('presencePenalty', client.number(config.presencePenalty, p('presencePenalty')));
  set('frequencyPenalty', client.number(config.frequencyPenalty, p('frequencyPenalty')));
  set('seed', client.integer(config.seed, p('seed')));
  set('reasoning', decodeThinkingConfig(config.thinkingConfig, p('thinkingConfig')));
  set('responseFormat', decodeResponseFormat(config));
  const modalities = client.stringArray(config.responseModalities, p('responseModalities'));
  if (modalities && modalities.some((m) => m !== 'TEXT')) throw unsupportedParameterAt(p('responseModalities'), 'only TEXT output can be translated');

  const handled = new Set(['stopSequences', 'temperature', 'topP', 'topK', 'maxOutputTokens', 'candidateCount', 'presencePenalty', 'frequencyPenalty', 'seed', 'thinkingConfig', 'responseMimeType', 'responseSchema', 'responseJsonSchema', 'responseModalities']);
  for (const [key, field] of Object.entries(config)) {
    if (handled.has(key) || IGNORED_GENERATION_FIELDS.has(key) || field == null) continue;
    if (NEUTRAL_WHEN_FALSY.has(key) && !field) continue;
    throw unsupportedParameterAt(p(key), "this endpoint's provider has no equivalent");
  }
}

function decodeResponseFormat(config: WireObject): ResponseFormat | undefined {
  const mime = client.string(config.responseMimeType, 'generationConfig.responseMimeType');
  const jsonSchema = client.object(config.responseJsonSchema, 'generationConfig.responseJsonSchema');
  const openApi = client.object(config.responseSchema, 'generationConfig.responseSchema');
  const schema = jsonSchema ?? (openApi ? openApiToJsonSchema(openApi) : undefined);
  if (schema) return { type: 'json_schema', name: 'response', schema };
  if (mime === undefined || mime === 'text/plain') return undefined;
  if (mime === 'application/json') return { type: 'json_object' };
  throw unsupportedParameterAt('generationConfig.responseMimeType', `only text/plain and application/json can be translated, got ${JSON.stringify(mime)}`);
}
