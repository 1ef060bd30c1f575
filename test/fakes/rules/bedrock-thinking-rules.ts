import { createHash } from 'node:crypto';

/**
 * Claude's extended-thinking rules as Bedrock enforces them for Converse
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/claude-messages-extended-thinking.html):
 * the budget is at least 1,024 tokens and below maxTokens, and while thinking is on the
 * final assistant turn of a tool loop starts with its thinking blocks, returned unchanged
 * (a signature Bedrock issued, over the same text). The fake signs its thinking with
 * `signThinking`, so a thinking block that was altered or rebuilt fails as on Bedrock.
 */

export function signThinking(text: string): string {
  return `fake-bedrock-sig-${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
}

export function thinkingRuleBroken(body: any): string | undefined {
  const thinking = body?.additionalModelRequestFields?.thinking;
  const signatureProblem = signaturesBroken(body);
  if (signatureProblem) return signatureProblem;
  if (thinking?.type !== 'enabled') return undefined;
  const budget = thinking.budget_tokens;
  const maxTokens = body?.inferenceConfig?.maxTokens;
  if (!Number.isInteger(budget) || budget < 1024) return 'thinking.budget_tokens: must be at least 1024';
  if (!(Number.isInteger(maxTokens) && budget < maxTokens)) return `thinking.budget_tokens (${budget}) must be less than inferenceConfig.maxTokens (${maxTokens})`;
  const messages: any[] = body?.messages ?? [];
  const lastAssistant = [...messages].reverse().find((m) => m?.role === 'assistant');
  const content: any[] = lastAssistant?.content ?? [];
  if (content.some((block) => block.toolUse) && !content[0]?.reasoningContent) {
    return 'Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block.';
  }
  return undefined;
}

/** Every signed thinking block sent back must carry the signature issued for its text. */
function signaturesBroken(body: any): string | undefined {
  for (const [i, message] of (body?.messages ?? []).entries()) {
    for (const block of message?.content ?? []) {
      const text = block?.reasoningContent?.reasoningText;
      if (text && text.signature !== signThinking(text.text)) return `messages.${i}: Invalid \`signature\` in \`thinking\` block`;
    }
  }
  return undefined;
}
