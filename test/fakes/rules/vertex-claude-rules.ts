/**
 * Rules Claude on Vertex AI enforces beyond the Messages rules the Anthropic fake checks:
 * prompt caching works as on Anthropic's API
 * (https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/prompt-caching),
 * so every `cache_control` is `{type: "ephemeral"}` with an optional ttl of 5m or 1h, and a
 * request holds at most four breakpoints
 * (https://docs.claude.com/en/docs/build-with-claude/prompt-caching).
 */

export const MAX_BREAKPOINTS = 4;
const TTLS = new Set(['5m', '1h']);

/** Every cache_control in the body (system blocks, message blocks, tools, and the top-level one). */
export function cacheControls(body: any): unknown[] {
  const blocks = [
    ...(Array.isArray(body?.system) ? body.system : []),
    ...(body?.tools ?? []),
    ...(body?.messages ?? []).flatMap((m: any) => (Array.isArray(m?.content) ? m.content : [])),
  ];
  const marks = blocks.filter((block: any) => block?.cache_control !== undefined).map((block: any) => block.cache_control);
  return body?.cache_control !== undefined ? [...marks, body.cache_control] : marks;
}

export function cacheRuleBroken(body: any): string | undefined {
  const marks = cacheControls(body);
  const bad = marks.find((mark: any) => typeof mark !== 'object' || mark === null || mark.type !== 'ephemeral' || (mark.ttl !== undefined && !TTLS.has(mark.ttl)));
  if (bad !== undefined) return `cache_control: expected {"type": "ephemeral"} with an optional ttl of "5m" or "1h", got ${JSON.stringify(bad)}`;
  if (marks.length > MAX_BREAKPOINTS) return `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${marks.length}.`;
  return undefined;
}
