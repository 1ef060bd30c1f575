import type { ResponseFilter } from '@model-gateway/core';

/**
 * Drops the usage-only chunk (`"choices":[]` with usage) from a chat stream. The
 * gateway asks the provider for it to account tokens; a client that did not ask
 * must not see it (code like `chunk.choices[0].delta` would break on it). Events
 * are re-cut at blank lines; every other byte is relayed unchanged.
 */
export function usageChunkFilter(): ResponseFilter {
  let pending = '';
  const decoder = new TextDecoder();
  return {
    write(chunk) {
      pending += decoder.decode(chunk, { stream: true });
      let out = '';
      for (let end = pending.indexOf('\n\n'); end !== -1; end = pending.indexOf('\n\n')) {
        const event = pending.slice(0, end + 2);
        pending = pending.slice(end + 2);
        if (!isUsageOnlyEvent(event)) out += event;
      }
      return Buffer.from(out, 'utf8');
    },
    end() {
      const rest = pending + decoder.decode();
      pending = '';
      return Buffer.from(isUsageOnlyEvent(rest) ? '' : rest, 'utf8');
    },
  };
}

function isUsageOnlyEvent(event: string): boolean {
  const data = event.startsWith('data: ') ? event.slice(6).trim() : '';
  if (!data.startsWith('{') || !data.includes('"usage"')) return false;
  try {
    const parsed = JSON.parse(data) as { choices?: unknown[]; usage?: unknown };
    return Array.isArray(parsed.choices) && parsed.choices.length === 0 && parsed.usage != null;
  } catch {
    return false;
  }
}
