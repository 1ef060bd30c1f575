import { isWireObject, type CacheMark } from '@model-gateway/core';

/**
 * A block's `cache_control` as a canonical cache mark, or undefined when there is none.
 * Anthropic has one kind (`ephemeral`, with an optional `ttl` of 5m or 1h); an unknown
 * kind is not a breakpoint the gateway could place anywhere else, so it marks nothing.
 */
export function decodeCacheMark(value: unknown): CacheMark | undefined {
  if (!isWireObject(value) || value.type !== 'ephemeral') return undefined;
  return typeof value.ttl === 'string' ? { ttl: value.ttl } : {};
}
