/**
 * Reads an Anthropic error body, `{"type":"error","error":{"type","message"}}`. It runs
 * on the failure path, so it never throws: whatever came back, the caller gets a
 * message it can show (proxies in front of Anthropic answer with HTML or plain text).
 */
import { isWireObject, type ProviderErrorInfo } from '@model-gateway/core';
import { ERROR_TYPE_STATUS } from './anthropic-facts';

const SNIPPET_LENGTH = 200;

export function decodeAnthropicError(status: number, bodyText: string): ProviderErrorInfo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  const info = errorInfo(parsed);
  if (info) return info;
  const excerpt = bodyText.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
  return { message: excerpt ? `upstream returned HTTP ${status}: ${excerpt}` : `upstream returned HTTP ${status}` };
}

/** The `error` object of an error body or of an in-stream `error` event, when it has a message. */
export function errorInfo(body: unknown): ProviderErrorInfo | undefined {
  if (!isWireObject(body) || !isWireObject(body.error)) return undefined;
  const { message, type } = body.error;
  if (typeof message !== 'string' || message === '') return undefined;
  return typeof type === 'string' && type !== '' ? { message, type } : { message };
}

/** The HTTP status an error type stands for, for an error that arrived inside a 200 stream. */
export function statusForErrorType(type: string | undefined): number {
  return (type && ERROR_TYPE_STATUS[type]) || 500;
}
