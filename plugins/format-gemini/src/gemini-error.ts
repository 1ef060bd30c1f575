/**
 * Google's error envelope, `{"error": {"code", "message", "status", "details"}}`, as
 * the Gemini API and Vertex AI send it (Vertex sometimes wraps it in a one-element
 * array). It runs on the failure path, so it never throws.
 */
import { isWireObject } from '@model-gateway/core';

export interface GeminiErrorDetails {
  message: string;
  /** Google's status name, e.g. RESOURCE_EXHAUSTED. */
  type?: string;
  /** From a google.rpc.RetryInfo detail, for a 429 that came without Retry-After. */
  retryAfterMs?: number;
}

const SNIPPET_LENGTH = 200;

export function decodeGeminiError(status: number, bodyText: string): GeminiErrorDetails {
  const parsed = parseJson(bodyText);
  const envelope = Array.isArray(parsed) ? parsed[0] : parsed;
  const error = isWireObject(envelope) ? envelope.error : undefined;
  if (isWireObject(error) && typeof error.message === 'string' && error.message !== '') {
    const details: GeminiErrorDetails = { message: error.message };
    if (typeof error.status === 'string' && error.status !== '') details.type = error.status;
    const retry = retryDelayMs(error.details);
    if (retry !== undefined) details.retryAfterMs = retry;
    return details;
  }
  const excerpt = bodyText.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
  return { message: excerpt ? `upstream returned HTTP ${status}: ${excerpt}` : `upstream returned HTTP ${status}` };
}

/** The HTTP status an in-band stream error stands for (its `code`), 500 when it has none. */
export function inBandErrorStatus(item: unknown): number | undefined {
  if (!isWireObject(item) || !isWireObject(item.error)) return undefined;
  const code = item.error.code;
  return typeof code === 'number' && code >= 400 && code < 600 ? code : 500;
}

/** RetryInfo's retryDelay is a protobuf Duration in JSON: "7s" or "0.5s". */
function retryDelayMs(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (!isWireObject(detail) || typeof detail.retryDelay !== 'string') continue;
    const seconds = /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay)?.[1];
    if (seconds !== undefined) return Math.round(Number(seconds) * 1000);
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
