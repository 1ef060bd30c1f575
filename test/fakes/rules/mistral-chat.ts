import type { FakeRefusal, OpenAiFakeOptions, OpenAiRequest } from '../openai-fake';

/**
 * What Mistral's chat and embeddings APIs refuse, for the OpenAI fake in its Mistral mode
 * (MISTRAL_FAKE). Mistral validates bodies with a schema that forbids extra fields: any
 * field, or message role, its API reference does not list is a 422 `extra_forbidden`
 * (`union_tag_invalid` for a role), so a dialect rewrite the gateway skips fails the test.
 * API reference: https://docs.mistral.ai/api/#tag/chat/operation/chat_completion_v1_chat_completions_post
 * and https://docs.mistral.ai/api/#tag/embeddings/operation/embeddings_v1_embeddings_post
 * 422 shape, as Mistral answers it (reported in https://github.com/mistralai/platform-docs-public/issues/7
 * and https://github.com/Gage-Technologies/mistral-go/issues/3):
 * `{object: "error", message: {detail: [{type, loc, msg, input}]}, type: "invalid_request_error", param: null, code: null}`.
 */

/**
 * The chat request body's fields (Mistral's seed is `random_seed`; it has no `stream_options`, `user` or `max_completion_tokens`).
 * `reasoning_effort` is adjustable reasoning on mistral-small and mistral-medium-3.5:
 * https://docs.mistral.ai/capabilities/reasoning/adjustable (the mistralai SDK's ChatCompletionRequest has it too).
 */
const CHAT_FIELDS = new Set([
  'model', 'messages', 'temperature', 'top_p', 'max_tokens', 'stream', 'stop', 'random_seed', 'metadata', 'response_format',
  'tools', 'tool_choice', 'presence_penalty', 'frequency_penalty', 'n', 'prediction', 'parallel_tool_calls', 'prompt_mode', 'safe_prompt',
  'reasoning_effort',
]);

/** Each role's message fields: four roles only (no `developer`), and an assistant turn has no `refusal` or `annotations`. */
const MESSAGE_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  system: new Set(['role', 'content']),
  user: new Set(['role', 'content']),
  assistant: new Set(['role', 'content', 'tool_calls', 'prefix']),
  tool: new Set(['role', 'content', 'tool_call_id', 'name']),
};

/** The embeddings body's fields: the size is `output_dimension`, not OpenAI's `dimensions`. */
const EMBEDDINGS_FIELDS = new Set(['model', 'input', 'output_dimension', 'output_dtype', 'encoding_format', 'metadata']);

const TOOL_CALL_ID = /^[a-zA-Z0-9]{9}$/;

interface Detail {
  type: string;
  loc: Array<string | number>;
  msg: string;
  input: unknown;
}

const extra = (loc: Array<string | number>, input: unknown): Detail => ({ type: 'extra_forbidden', loc: ['body', ...loc], msg: 'Extra inputs are not permitted', input });

/** Every schema error of the body, as Mistral lists them (all at once, not the first only). */
export function mistralSchemaErrors(req: OpenAiRequest): Detail[] {
  const body = req.body ?? {};
  if (req.kind === 'embeddings') return Object.keys(body).filter((key) => !EMBEDDINGS_FIELDS.has(key)).map((key) => extra([key], body[key]));
  if (req.kind !== 'chat') return [];
  const details = Object.keys(body).filter((key) => !CHAT_FIELDS.has(key)).map((key) => extra([key], body[key]));
  (Array.isArray(body.messages) ? body.messages : []).forEach((message: any, i: number) => {
    const fields = MESSAGE_FIELDS[message?.role];
    if (!fields) {
      const msg = `Input tag '${message?.role}' found using 'role' does not match any of the expected tags: 'system', 'user', 'assistant', 'tool'`;
      details.push({ type: 'union_tag_invalid', loc: ['body', 'messages', i], msg, input: message });
      return;
    }
    for (const key of Object.keys(message)) if (!fields.has(key)) details.push(extra(['messages', i, message.role, key], message[key]));
  });
  return details;
}

/** The 422 for a body the schema refuses; undefined for a body it takes. */
export function mistralRefusal(req: OpenAiRequest): FakeRefusal | undefined {
  const detail = mistralSchemaErrors(req);
  if (detail.length === 0) return undefined;
  return { status: 422, body: { object: 'error', message: { detail }, type: 'invalid_request_error', param: null, code: null } };
}

/** Mistral's 400 for a tool call id that is not nine letters or digits (ids minted by other providers). */
export function mistralToolCallIdRule(req: OpenAiRequest): string | undefined {
  for (const message of req.kind === 'chat' ? (req.body?.messages ?? []) : []) {
    const ids = [...(message.tool_calls ?? []).map((c: any) => c.id), ...(message.tool_call_id !== undefined ? [message.tool_call_id] : [])];
    const bad = ids.find((id: unknown) => !TOOL_CALL_ID.test(String(id)));
    if (bad !== undefined) return `Tool call id was ${bad} but must be a-z, A-Z, 0-9, with a length of 9.`;
  }
  return undefined;
}

/** The OpenAI fake as Mistral: its paths, thinking chunks, usage on every stream, flat errors and the rules above. */
export const MISTRAL_FAKE: OpenAiFakeOptions = {
  basePath: '/v1',
  reasoning: 'thinking-chunks',
  streamUsage: 'always',
  errorShape: 'flat',
  refusal: mistralRefusal,
  rules: mistralToolCallIdRule,
  // Unknown fields are the refusal's to answer, in Mistral's 422 shape rather than OpenAI's 400.
  extraChatFields: 'any',
  // Bodies are Mistral's (random_seed, output_dimension), checked against Mistral's SDK types, not OpenAI's.
  sdkCheck: 'mistral',
};
