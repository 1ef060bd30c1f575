/**
 * Reading fields of an upstream answer that OpenAI's format gives its own meaning. Upstreams
 * are trusted less than OpenAI's docs: OpenAI-compatible servers omit ids or timestamps, so
 * only a missing payload (choices, message, data) is fatal and incidental fields fall back.
 */
import { invalidUpstream, type FinishReason } from '@model-gateway/core';

export function finishReason(value: unknown): FinishReason | null {
  return typeof value === 'string' ? value : null;
}

/** Text that may legitimately be null (content, refusal); anything else is a broken payload. */
export function nullableText(value: unknown, where: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidUpstream(`${where} is not a string`);
  return value;
}
