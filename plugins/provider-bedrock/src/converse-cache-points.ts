import type { CacheMark } from '@model-gateway/core';
import type { ConverseCachePointBlock } from './converse-types';
import type { ChatFamily } from './model-family';

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

/** A fresh checkpoint block when `mark` is set and the model caches, so no two requests share one object. */
export function cachePointAfter(mark: CacheMark | undefined, caching: boolean): ConverseCachePointBlock[] {
  return mark && caching ? [{ cachePoint: { type: 'default' } }] : [];
}
