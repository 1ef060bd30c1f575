/**
 * A client's Responses API body to the canonical ChatRequest, for the stateless subset.
 *
 * What needs responses stored on the server (previous_response_id, conversation,
 * store: true, background, prompt templates, item references) is a clear 400: the
 * gateway keeps no responses, so the client must send the whole conversation in `input`.
 * Parameters the canonical model cannot carry to every provider (logprobs, automatic
 * truncation, a tool_choice forcing a built-in tool) are refused the same way rather than
 * dropped. Built-in tools themselves are left out of the call and reported
 * (`droppedTools`); namespace tools are flattened (responses-tools.ts).
 *
 * Besides the request, the decoder returns the `echo`: the request settings a Responses
 * answer repeats back (instructions, tools, text format, ...), for the encoders.
 */
import { GatewayError, invalidParameterAt, isWireObject, parseRequest, unsupportedParameterAt, type ChatMessage, type ChatRequest, type ResponseFormat, type ToolChoice, type WireObject } from '@model-gateway/core';
import { decodeInput } from './decode-input-items';
import type { ResponsesEcho } from './responses-echo';
import { responsesBody, RESPONSES_REQUEST_FIELDS, textFormat, type WireResponsesBody } from './responses-request-schema';
import { decodeResponsesTools, type ToolNames } from './responses-tools';

export interface DecodedResponsesRequest {
  /** The endpoint name the client put in `model`. */
  model: string;
  request: ChatRequest;
  echo: ResponsesEcho;
  /** The types of the built-in tools left out of `tools` (no provider but OpenAI runs them), for the response to name. */
  droppedTools: string[];
}

export interface DecodeResponsesOptions {
  /**
   * Which route decodes: on the passthrough route (`/gateway/openai/v1/responses`) the call is
   * relayed whole to an OpenAI-format provider, so an error's hint names the endpoint to use
   * rather than that same route.
   */
  route?: 'unified' | 'passthrough';
}

/** Responses-only fields with no Chat Completions counterpart and no effect on the answer (Codex's own trace ids): not passed on. */
const CLIENT_ONLY_FIELDS: ReadonlySet<string> = new Set(['client_metadata']);

/** Fields that only make sense with responses kept on OpenAI's servers. */
const STATEFUL_FIELDS: ReadonlyArray<{ field: string; isSet: (value: unknown) => boolean; what: string }> = [
  { field: 'previous_response_id', isSet: (v) => v != null, what: 'continues a response stored on the server' },
  { field: 'conversation', isSet: (v) => v != null, what: 'continues a conversation stored on the server' },
  { field: 'store', isSet: (v) => v === true, what: 'asks for the response to be stored on the server' },
  { field: 'background', isSet: (v) => v === true, what: 'runs the response in the background, to be fetched from the server later' },
  { field: 'prompt', isSet: (v) => v != null, what: 'refers to a prompt template stored on OpenAI' },
  { field: 'context_management', isSet: (v) => v != null, what: 'asks OpenAI to compact a stored context' },
];

/** Chat Completions fields with the same name and meaning: relayed to OpenAI-family providers in `extra`. */
const SHARED_EXTRA_FIELDS = ['prompt_cache_key', 'prompt_cache_retention', 'safety_identifier', 'service_tier'] as const;

/** `include` values the gateway cannot produce; the others name outputs of tools and stored items it never returns. */
const UNSUPPORTED_INCLUDES = new Set(['message.output_text.logprobs']);

export function decodeResponsesRequest(body: unknown, options: DecodeResponsesOptions = {}): DecodedResponsesRequest {
  if (!isWireObject(body)) throw new GatewayError('invalid_parameter', 'The request body must be a JSON object.');
  refuseStatefulFields(body);
  const wire = parseRequest(responsesBody, body, '');
  refuseUnsupported(wire);
  const hint = builtInHint(options.route ?? 'unified');
  const { tools, names, dropped } = decodeResponsesTools(wire.tools);

  const messages: ChatMessage[] = [];
  if (wire.instructions != null) messages.push({ role: 'system', content: wire.instructions });
  if (wire.input != null) messages.push(...decodeInput(wire.input, names, hint));
  if (!messages.some((m) => m.role !== 'system')) {
    throw invalidParameterAt('input', 'required; the gateway keeps no responses, so the whole conversation goes in input (a string or a list of items).');
  }

  const request: ChatRequest = { messages, stream: wire.stream ?? false, streamUsage: true, extra: extraFields(wire) };
  if (wire.temperature != null) request.temperature = wire.temperature;
  if (wire.top_p != null) request.topP = wire.top_p;
  if (wire.max_output_tokens != null) request.maxTokens = wire.max_output_tokens;
  if (tools.length > 0) {
    request.tools = tools;
    if (wire.tool_choice != null) request.toolChoice = decodeToolChoice(wire.tool_choice, names, hint);
    if (wire.parallel_tool_calls != null) request.parallelToolCalls = wire.parallel_tool_calls;
  } else if (wire.tool_choice != null && wire.tool_choice !== 'auto' && wire.tool_choice !== 'none') {
    // Every tool was left out, so a call that must use one cannot be made.
    decodeToolChoice(wire.tool_choice, names, hint);
    throw unsupportedParameterAt('tool_choice', `requires a tool call, but every tool of this request is built into OpenAI (${dropped.join(', ')}); ${hint}`);
  }
  const format = wire.text?.format == null ? undefined : decodeTextFormat(wire.text.format);
  if (format) request.responseFormat = format;
  if (wire.reasoning?.effort != null) request.reasoning = { effort: wire.reasoning.effort };
  if (wire.user != null) request.user = wire.user;

  return { model: wire.model, request, echo: echoOf(wire, names), droppedTools: dropped };
}

/** Where OpenAI's own tools and items can be used, said from the route the client is on. */
function builtInHint(route: 'unified' | 'passthrough'): string {
  return route === 'passthrough'
    ? "they run only on OpenAI's side: use an endpoint whose provider speaks OpenAI's format, to which this route relays the call unchanged."
    : "they run only on OpenAI's side: use an endpoint whose provider speaks OpenAI's format, called through /gateway/openai/v1/responses, which relays the call unchanged.";
}

function refuseStatefulFields(body: WireObject): void {
  for (const { field, isSet, what } of STATEFUL_FIELDS) {
    if (!isSet(body[field])) continue;
    throw invalidParameterAt(
      field,
      `not supported here; it ${what}. The gateway translates the Responses API for this endpoint's provider and keeps ` +
        'no responses, so only the stateless subset works: send the whole conversation in input (earlier output items included).',
    );
  }
}

function refuseUnsupported(wire: WireResponsesBody): void {
  const refuse = (param: string, why: string): never => {
    throw unsupportedParameterAt(param, why);
  };
  if (wire.top_logprobs != null && wire.top_logprobs > 0) refuse('top_logprobs', 'log probabilities are not translated for this endpoint\'s provider.');
  wire.include?.forEach((value, i) => {
    if (UNSUPPORTED_INCLUDES.has(value)) refuse(`include[${i}]`, `"${value}" is not translated for this endpoint's provider.`);
  });
  if (wire.truncation === 'auto') {
    refuse('truncation', '"auto" drops input items on OpenAI\'s side; the gateway sends the input whole. Leave it out or use "disabled".');
  }
}

function decodeToolChoice(choice: NonNullable<WireResponsesBody['tool_choice']>, names: ToolNames, hint: string): ToolChoice {
  if (typeof choice === 'string') return choice;
  if (choice.type === 'function') {
    const name = (choice as { name?: unknown }).name;
    const namespace = (choice as { namespace?: unknown }).namespace;
    if (typeof name !== 'string' || name === '') throw invalidParameterAt('tool_choice.name', 'required');
    return { name: typeof namespace === 'string' && namespace !== '' ? names.flatten(namespace, name) : name };
  }
  if (choice.type === 'allowed_tools') {
    throw unsupportedParameterAt('tool_choice', '{"type": "allowed_tools"} is not translated; use "auto", "none", "required" or {"type": "function", "name": ...}.');
  }
  // Any other type names a built-in tool: forcing one cannot be honoured by dropping it.
  throw unsupportedParameterAt('tool_choice', `forces the built-in tool "${choice.type}", which is not translated for this endpoint's provider; ${hint}`);
}

function decodeTextFormat(raw: unknown): ResponseFormat {
  const format = parseRequest(textFormat, raw, 'text.format');
  if (format.type !== 'json_schema') return { type: format.type };
  const out: ResponseFormat = { type: 'json_schema', name: format.name, schema: format.schema };
  if (format.strict != null) out.strict = format.strict;
  if (format.description != null) out.description = format.description;
  return out;
}

/** Unknown fields pass on as they came; the shared Chat Completions fields and text.verbosity too, under Chat's names. */
function extraFields(wire: WireResponsesBody): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wire)) {
    if (!RESPONSES_REQUEST_FIELDS.has(key) && !CLIENT_ONLY_FIELDS.has(key)) extra[key] = value;
  }
  for (const key of SHARED_EXTRA_FIELDS) {
    if (wire[key] != null) extra[key] = wire[key];
  }
  if (wire.text?.verbosity != null) extra.verbosity = wire.text.verbosity;
  return extra;
}

function echoOf(wire: WireResponsesBody, names: ToolNames): ResponsesEcho {
  return {
    ...(names.namespaced.size > 0 && { namespaced: names.namespaced }),
    instructions: wire.instructions ?? null,
    maxOutputTokens: wire.max_output_tokens ?? null,
    metadata: wire.metadata ?? {},
    parallelToolCalls: wire.parallel_tool_calls ?? true,
    reasoning: { effort: wire.reasoning?.effort ?? null, summary: wire.reasoning?.summary ?? wire.reasoning?.generate_summary ?? null },
    temperature: wire.temperature ?? null,
    text: { format: (wire.text?.format as WireObject | null | undefined) ?? { type: 'text' }, ...(wire.text?.verbosity != null && { verbosity: wire.text.verbosity }) },
    toolChoice: wire.tool_choice ?? 'auto',
    tools: wire.tools ?? [],
    topP: wire.top_p ?? null,
    ...(wire.user != null && { user: wire.user }),
  };
}
