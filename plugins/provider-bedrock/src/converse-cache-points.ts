import type { CacheMark } from '@model-gateway/core';
import type { ConverseCachePointBlock } from './converse-types';
import type { ChatFamily } from './model-family';

type CacheTtl = NonNullable<ConverseCachePointBlock['cachePoint']['ttl']>;

/*
 * Converse's prompt-cache checkpoint (prompt caching guide:
 * https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html) is a `cachePoint`
 * block placed after the content to cache, in `system`, in a message's content or in
 * `toolConfig.tools`. A canonical cache mark (Anthropic's `cache_control`) becomes one right
 * after the piece it marks.
 */

/** Cache points only for the families Bedrock caches for; another model refuses the block. */
export function cachesPrompts(family: ChatFamily): boolean {
  return family === 'anthropic' || family === 'nova';
}

/**
 * The cache lifetimes a checkpoint may name: botocore's bedrock-runtime service model
 * (2023-09-30) gives CachePointBlock an optional `ttl`, enum CacheTTL "5m" | "1h"
 * (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html),
 * the two Anthropic's `cache_control.ttl` takes, so a client's ttl keeps its meaning.
 */
const CACHE_TTLS: ReadonlySet<string> = new Set(['5m', '1h']);

/** A fresh checkpoint block when `mark` is set and the model caches, so no two requests share one object. */
export function cachePointAfter(mark: CacheMark | undefined, caching: boolean): ConverseCachePointBlock[] {
  if (!mark || !caching) return [];
  // Without a ttl Bedrock caches for its default five minutes, as Anthropic does.
  return [{ cachePoint: mark.ttl !== undefined && CACHE_TTLS.has(mark.ttl) ? { type: 'default', ttl: mark.ttl as CacheTtl } : { type: 'default' } }];
}
