/**
 * Reading fields of an upstream answer. Upstreams are trusted less than OpenAI's docs:
 * OpenAI-compatible servers omit ids or timestamps, so only a missing payload
 * (choices, message, data) is fatal and incidental fields fall back to neutral values.
 */
import { GatewayError, type FinishReason } from '@model-gateway/core';
import { isWireObject, type WireObject } from './wire-object';

export function invalidUpstream(problem: string): GatewayError {
  return new GatewayError('upstream_invalid_response', `The provider's response is not usable: ${problem}.`);
}

export function requireObject(value: unknown, where: string): WireObject {
  if (!isWireObject(value)) throw invalidUpstream(`${where} is not an object`);
  return value;
}

export function requireArray(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw invalidUpstream(`${where} is not an array`);
  return value;
}

export function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

export function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function finishReason(value: unknown): FinishReason | null {
  return typeof value === 'string' ? value : null;
}

/** Text that may legitimately be null (content, refusal); anything else is a broken payload. */
export function nullableText(value: unknown, where: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidUpstream(`${where} is not a string`);
  return value;
}
