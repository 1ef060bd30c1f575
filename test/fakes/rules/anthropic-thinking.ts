import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Anthropic's rules for thinking with tools, which a translation can break. The fake signs each
 * thinking block it emits (an HMAC of the thinking text under a key of its own, as Anthropic signs
 * its blocks so they cannot be altered), and, while `thinking` is enabled, refuses a final
 * assistant turn that calls a tool unless it starts with a thinking (or redacted_thinking) block
 * whose signature it made:
 * https://docs.claude.com/en/docs/build-with-claude/extended-thinking#preserving-thinking-blocks
 * (and "Extended thinking with tool use" on the same page). The budget must be at least 1024 and
 * below max_tokens (same page, "How to use extended thinking").
 */
const FAKE_KEY = 'anthropic-fake-thinking-key';

/** The signature the fake gives a thinking block with this text. */
export function signThinking(thinking: string): string {
  return createHmac('sha256', FAKE_KEY).update(thinking, 'utf8').digest('base64');
}

/** The redacted_thinking data the fake emits: opaque to clients, verifiable by the fake. */
export function redactedThinkingData(secret: string): string {
  return `${Buffer.from(secret, 'utf8').toString('base64')}.${signThinking(secret)}`;
}

function verifies(block: any): boolean {
  if (block?.type === 'redacted_thinking') {
    const [secret, signature] = String(block.data ?? '').split('.');
    return signature !== undefined && same(signature, signThinking(Buffer.from(secret, 'base64').toString('utf8')));
  }
  return typeof block?.thinking === 'string' && typeof block.signature === 'string' && same(block.signature, signThinking(block.thinking));
}

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The rule of these the body breaks, as Anthropic words it, or undefined. */
export function thinkingRule(body: any): string | undefined {
  const thinking = body?.thinking;
  if (thinking?.type !== 'enabled') return undefined;
  if (!(Number.isInteger(thinking.budget_tokens) && thinking.budget_tokens >= 1024 && thinking.budget_tokens < body.max_tokens)) {
    return 'thinking.budget_tokens: must be >= 1024 and less than max_tokens';
  }
  const messages: any[] = Array.isArray(body.messages) ? body.messages : [];
  const index = messages.map((m) => m?.role).lastIndexOf('assistant');
  const content = messages[index]?.content;
  if (!Array.isArray(content) || !content.some((block: any) => block?.type === 'tool_use')) return undefined;
  const first = content[0];
  if (first?.type !== 'thinking' && first?.type !== 'redacted_thinking') {
    return `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(first?.type)}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`;
  }
  const forged = content.findIndex((block: any) => (block?.type === 'thinking' || block?.type === 'redacted_thinking') && !verifies(block));
  if (forged !== -1) return `messages.${index}.content.${forged}: Invalid \`signature\` in \`thinking\` block`;
  return undefined;
}
