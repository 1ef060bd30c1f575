/**
 * Cohere v2 chat's tool message is `{role: "tool", tool_call_id, content}` and nothing
 * else (https://docs.cohere.com/reference/chat, messages: ToolMessage): a `name` (which
 * OpenAI-family encoders copy from a Gemini functionResponse) is an unknown field there.
 * The message text is the fake's; Cohere answers such a body with a 400 `{message}`.
 */
const TOOL_MESSAGE_FIELDS = new Set(['role', 'tool_call_id', 'content']);

export function cohereToolMessageRule(body: any): string | undefined {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  for (const [i, message] of messages.entries()) {
    if (message?.role !== 'tool') continue;
    const unknown = Object.keys(message).find((key) => !TOOL_MESSAGE_FIELDS.has(key));
    if (unknown) return `invalid request: messages[${i}]: unknown field ${unknown} in a tool message`;
  }
  return undefined;
}
