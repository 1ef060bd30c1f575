/**
 * The shapes the gateway accepts in a Responses API body (`POST /v1/responses`), for the
 * stateless subset it translates. Objects are loose: fields it does not model are kept
 * for OpenAI-family providers, as on the Chat Completions routes. Items, content parts
 * and tools are listed by `type` and parsed one by one (see decode-input-items.ts), so
 * an unsupported type gets its own clear error instead of a generic union failure.
 *
 * Optional fields accept null as "not set", as OpenAI's own API does.
 */
import { z } from 'zod';

const EFFORTS = ['none', 'minimal', 'low', 'medium', 'high'] as const;
const SUMMARIES = ['auto', 'concise', 'detailed'] as const;

export const inputText = z.object({ type: z.literal('input_text'), text: z.string() });
export const outputText = z.looseObject({ type: z.literal('output_text'), text: z.string() });
export const refusal = z.object({ type: z.literal('refusal'), refusal: z.string() });
export const inputImage = z.object({
  type: z.literal('input_image'),
  image_url: z.string().min(1).nullish(),
  file_id: z.string().min(1).nullish(),
  detail: z.enum(['auto', 'low', 'high', 'original']).nullish(),
});

/** A part whose type is only checked for being a string; each type has its own schema above. */
export const typedPart = z.looseObject({ type: z.string() });

export const messageItem = z.looseObject({
  type: z.literal('message').nullish(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(typedPart)], { error: 'expected a string or an array of content parts' }),
});

export const functionCallItem = z.looseObject({
  type: z.literal('function_call'),
  call_id: z.string().min(1),
  name: z.string().min(1),
  /** Set when the function belongs to a namespace tool. */
  namespace: z.string().nullish(),
  arguments: z.string(),
});

export const functionCallOutputItem = z.looseObject({
  type: z.literal('function_call_output'),
  call_id: z.string().min(1),
  output: z.union([z.string(), z.array(typedPart)], { error: 'expected a string or an array of content parts' }),
});

export const reasoningItem = z.looseObject({
  type: z.literal('reasoning'),
  summary: z.array(z.object({ type: z.literal('summary_text'), text: z.string() })).nullish(),
  content: z.array(z.object({ type: z.literal('reasoning_text'), text: z.string() })).nullish(),
  encrypted_content: z.string().nullish(),
});

export const functionTool = z.looseObject({
  type: z.literal('function'),
  name: z.string().min(1),
  description: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  strict: z.boolean().nullish(),
});

export const textFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text') }),
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    name: z.string().min(1),
    schema: z.record(z.string(), z.unknown()),
    description: z.string().nullish(),
    strict: z.boolean().nullish(),
  }),
]);

/** Top-level fields the codec reads; every other field is relayed through `extra`. */
export const RESPONSES_REQUEST_FIELDS: ReadonlySet<string> = new Set([
  'model', 'input', 'instructions', 'tools', 'tool_choice', 'parallel_tool_calls', 'text',
  'max_output_tokens', 'temperature', 'top_p', 'reasoning', 'stream', 'stream_options',
  'metadata', 'user', 'include', 'truncation', 'max_tool_calls', 'top_logprobs',
  'previous_response_id', 'conversation', 'store', 'background', 'prompt', 'context_management',
  // Chat Completions has these under the same names; the decoder moves them to `extra` itself.
  'prompt_cache_key', 'prompt_cache_retention', 'safety_identifier', 'service_tier',
]);

export const responsesBody = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(z.unknown())], { error: 'expected a string or an array of input items' }).nullish(),
  instructions: z.string().nullish(),
  tools: z.array(z.unknown()).nullish(),
  tool_choice: z.union([z.enum(['none', 'auto', 'required']), typedPart], { error: 'expected "none", "auto", "required" or an object' }).nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  text: z.looseObject({ format: z.unknown().nullish(), verbosity: z.enum(['low', 'medium', 'high']).nullish() }).nullish(),
  max_output_tokens: z.int().min(1).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  reasoning: z.looseObject({ effort: z.enum(EFFORTS).nullish(), summary: z.enum(SUMMARIES).nullish(), generate_summary: z.enum(SUMMARIES).nullish() }).nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({}).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  user: z.string().nullish(),
  include: z.array(z.string()).nullish(),
  truncation: z.enum(['auto', 'disabled']).nullish(),
  max_tool_calls: z.int().min(1).nullish(),
  top_logprobs: z.int().min(0).nullish(),
  store: z.boolean().nullish(),
  background: z.boolean().nullish(),
});

export type WireResponsesBody = z.output<typeof responsesBody>;
