/**
 * Gemini refuses a request body with a field its proto messages do not have, at any depth:
 * 400 INVALID_ARGUMENT `Invalid JSON payload received. Unknown name "foo" at 'generation_config': Cannot find field.`
 * (no `at` clause for a top-level field; the path in proto spelling, a map entry as `[i].value`;
 * several problems joined by new lines), as seen in
 * https://github.com/google-gemini/gemini-cli/issues/13972 and
 * https://github.com/mnfst/llm-gateway/issues/1858. It accepts each field under its proto
 * name and its lowerCamelCase JSON name (https://protobuf.dev/programming-guides/json/:
 * "Protobuf JSON parsers are required to accept both"), and refuses one field under both
 * (same page, "Duplicate values"). Written apart from the gateway's own table on purpose:
 * a fake that reused it would agree with any mistake in it.
 */

/** Each message's proto field names; a field naming another message is checked inside, `map:` marks map<string, M>. */
type Spec = Record<string, string | null>;

const MESSAGES: Record<string, Spec> = {
  GenerateContentRequest: {
    model: null, contents: 'Content', tools: 'Tool', tool_config: 'ToolConfig', safety_settings: 'SafetySetting',
    system_instruction: 'Content', generation_config: 'GenerationConfig', cached_content: null, labels: null,
  },
  EmbedContentRequest: { model: null, content: 'Content', task_type: null, title: null, output_dimensionality: null },
  BatchEmbedContentsRequest: { requests: 'EmbedContentRequest' },
  // https://ai.google.dev/api/tokens#method:-models.counttokens
  CountTokensRequest: { model: null, contents: 'Content', generate_content_request: 'GenerateContentRequest' },
  Content: { role: null, parts: 'Part' },
  Part: {
    text: null, inline_data: 'Blob', file_data: 'FileData', function_call: 'FunctionCall', function_response: 'FunctionResponse',
    executable_code: null, code_execution_result: null, thought: null, thought_signature: null, video_metadata: null,
    part_metadata: null, media_resolution: null,
  },
  Blob: { mime_type: null, data: null, display_name: null },
  FileData: { mime_type: null, file_uri: null, display_name: null },
  // args and response are google.protobuf.Struct: any JSON.
  FunctionCall: { id: null, name: null, args: null },
  FunctionResponse: { id: null, name: null, response: null, parts: null, will_continue: null, scheduling: null },
  // Built-in tools' settings are not checked inside; the gateway never writes them.
  Tool: {
    function_declarations: 'FunctionDeclaration', google_search_retrieval: null, code_execution: null, google_search: null,
    computer_use: null, url_context: null, file_search: null, google_maps: null,
  },
  // The *_json_schema fields are google.protobuf.Value: any JSON Schema.
  FunctionDeclaration: {
    name: null, description: null, behavior: null, parameters: 'Schema', parameters_json_schema: null, response: 'Schema', response_json_schema: null,
  },
  Schema: {
    type: null, format: null, title: null, description: null, nullable: null, enum: null, max_items: null, min_items: null,
    properties: 'map:Schema', required: null, min_properties: null, max_properties: null, min_length: null, max_length: null,
    pattern: null, example: null, any_of: 'Schema', property_ordering: null, default: null, items: 'Schema', minimum: null, maximum: null,
  },
  ToolConfig: { function_calling_config: 'FunctionCallingConfig', retrieval_config: null },
  FunctionCallingConfig: { mode: null, allowed_function_names: null },
  GenerationConfig: {
    stop_sequences: null, response_mime_type: null, response_schema: 'Schema', response_json_schema: null, response_modalities: null,
    candidate_count: null, max_output_tokens: null, temperature: null, top_p: null, top_k: null, seed: null, presence_penalty: null,
    frequency_penalty: null, response_logprobs: null, logprobs: null, enable_enhanced_civic_answers: null, speech_config: null,
    thinking_config: 'ThinkingConfig', image_config: null, media_resolution: null, audio_timestamp: null, enable_affective_dialog: null,
  },
  ThinkingConfig: { include_thoughts: null, thinking_budget: null, thinking_level: null },
  SafetySetting: { category: null, threshold: null, method: null },
};

const ROOTS: Record<string, string> = {
  generateContent: 'GenerateContentRequest',
  streamGenerateContent: 'GenerateContentRequest',
  embedContent: 'EmbedContentRequest',
  batchEmbedContents: 'BatchEmbedContentsRequest',
  countTokens: 'CountTokensRequest',
};

const camel = (proto: string) => proto.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** JSON key (either spelling) -> proto name, per message. */
const KEYS: Record<string, Map<string, string>> = Object.fromEntries(
  Object.entries(MESSAGES).map(([name, spec]) => [name, new Map(Object.keys(spec).flatMap((proto) => [[proto, proto], [camel(proto), proto]]))]),
);

/** The 400 message Gemini gives `body` on `rpc`, or undefined when it would take it. */
export function geminiFieldProblem(rpc: string, body: unknown): string | undefined {
  const root = ROOTS[rpc];
  if (!root) return undefined;
  const problems: string[] = [];
  check(body, root, '', problems);
  return problems.length > 0 ? problems.join('\n') : undefined;
}

function check(value: unknown, message: string, path: string, problems: string[]): void {
  if (Array.isArray(value)) return value.forEach((item, i) => check(item, message, `${path}[${i}]`, problems));
  if (typeof value !== 'object' || value === null) return;
  const at = path ? ` at '${path}'` : '';
  const seen = new Set<string>();
  for (const [key, field] of Object.entries(value)) {
    const proto = KEYS[message].get(key);
    if (proto === undefined) {
      problems.push(`Invalid JSON payload received. Unknown name "${key}"${at}: Cannot find field.`);
      continue;
    }
    if (seen.has(proto)) problems.push(`Invalid JSON payload received. Duplicate field "${proto}"${at}.`);
    seen.add(proto);
    const inner = MESSAGES[message][proto];
    const where = path ? `${path}.${proto}` : proto;
    if (inner?.startsWith('map:')) {
      if (typeof field === 'object' && field !== null) Object.values(field).forEach((entry, i) => check(entry, inner.slice(4), `${where}[${i}].value`, problems));
    } else if (inner) check(field, inner, where, problems);
  }
}
