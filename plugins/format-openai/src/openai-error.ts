/**
 * Reads an error body from an OpenAI-family provider. It runs on the failure path, so it
 * never throws: whatever came back, the caller gets a message it can show.
 */
import { isWireObject } from '@model-gateway/core';
import { readValidationDetail } from './validation-detail';

export interface OpenAiErrorDetails {
  message: string;
  type?: string;
  code?: string;
  param?: string;
}

const SNIPPET_LENGTH = 200;

export function decodeOpenAiError(status: number, bodyText: string): OpenAiErrorDetails {
  const parsed = parseJson(bodyText);
  if (isWireObject(parsed)) {
    const { error } = parsed;
    if (isWireObject(error) && typeof error.message === 'string' && error.message !== '') {
      const details: OpenAiErrorDetails = { message: error.message };
      const type = label(error.type);
      if (type !== undefined) details.type = type;
      const code = label(error.code);
      if (code !== undefined) details.code = code;
      const param = label(error.param);
      if (param !== undefined) details.param = param;
      return details;
    }
    // A FastAPI-style 422 (Mistral): its message(s) with their locations, not the raw JSON.
    const validation = readValidationDetail(parsed);
    if (validation) return validation;
    // Shapes seen from OpenAI-compatible servers: {"error": "..."} and {"message": "..."}.
    if (typeof error === 'string' && error !== '') return { message: error };
    if (typeof parsed.message === 'string' && parsed.message !== '') return { message: parsed.message };
  }
  return { message: fallbackMessage(status, bodyText) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** OpenAI sends some codes as numbers and unused ones as null. */
function label(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** Proxies answer with HTML pages; a short, single-line excerpt is enough to diagnose. */
function fallbackMessage(status: number, bodyText: string): string {
  const base = `upstream returned HTTP ${status}`;
  const excerpt = bodyText.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
  return excerpt ? `${base}: ${excerpt}` : base;
}
