import { countTokensProblem } from './anthropic-count-tokens';
import { fakeTokenCount } from './gemini-count-tokens';

/**
 * Vertex AI's token count for Claude: `POST .../publishers/anthropic/models/count-tokens:rawPredict`
 * (https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/count-tokens).
 * "The body of the request must contain the model ID of the model you want to count tokens
 * against" (a Claude model's Vertex id, e.g. `claude-sonnet-4@20250514`), and is otherwise
 * Anthropic's count_tokens body, under Anthropic's rules (rules/anthropic-count-tokens.ts); the
 * answer is Anthropic's `{input_tokens}`, counted as the other fakes count (words of the texts).
 */
export function vertexClaudeCountProblem(body: any): string | undefined {
  if (typeof body?.model !== 'string' || !body.model.startsWith('claude-')) return 'model: the Claude model to count tokens against is required in the body';
  return countTokensProblem(body);
}

export function vertexClaudeCountAnswer(body: any): { input_tokens: number } {
  return { input_tokens: fakeTokenCount(body) };
}
