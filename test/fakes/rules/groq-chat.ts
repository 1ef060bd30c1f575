import type { OpenAiFakeOptions, OpenAiRequest } from '../openai-fake';

/**
 * What Groq's OpenAI-compatible chat API answers with a 400, per its compatibility page
 * (https://console.groq.com/docs/openai, "Currently Unsupported OpenAI Features"):
 * `logprobs`, `logit_bias`, `top_logprobs`, `messages[].name` (on any message, a tool
 * message's included) and any `n` but 1.
 */
export function groqRules(req: OpenAiRequest): string | undefined {
  const body = req.body ?? {};
  if (body.n !== undefined && body.n !== 1) return "'n' : number must be at most 1";
  for (const field of ['logprobs', 'logit_bias', 'top_logprobs']) if (body[field] !== undefined && body[field] !== false) return `'${field}' : property '${field}' is unsupported`;
  const named = (body.messages ?? []).findIndex((m: any) => m?.name !== undefined);
  return named >= 0 ? `'messages.${named}' : property 'name' is unsupported` : undefined;
}

/** The OpenAI fake as Groq: its base path, reasoning in `reasoning`, and the rules above. */
export const GROQ_FAKE: OpenAiFakeOptions = { basePath: '/openai/v1', reasoning: 'reasoning', rules: groqRules };
