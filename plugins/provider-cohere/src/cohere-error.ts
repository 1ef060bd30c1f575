/**
 * Reads a Cohere error body. v2 errors are `{"message": "..."}` (some add an `id`); it
 * runs on the failure path, so it never throws and always gives a message to show.
 */
import { isWireObject } from '@model-gateway/core';

const SNIPPET_LENGTH = 200;

export function decodeCohereError(status: number, bodyText: string): { message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  if (isWireObject(parsed)) {
    if (typeof parsed.message === 'string' && parsed.message !== '') return { message: parsed.message };
    if (typeof parsed.error === 'string' && parsed.error !== '') return { message: parsed.error };
  }
  const excerpt = bodyText.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
  return { message: excerpt ? `Cohere returned HTTP ${status}: ${excerpt}` : `Cohere returned HTTP ${status}` };
}
