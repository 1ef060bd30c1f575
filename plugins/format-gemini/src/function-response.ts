/**
 * Tool results between canonical text and Gemini's functionResponse.response, which
 * must be a JSON object. Google's convention is `{output: ...}` for a result (and
 * `{error: ...}` for a failure); a result that already is a JSON object goes as is.
 */
import { isWireObject } from '@model-gateway/core';

export function encodeFunctionResult(text: string): Record<string, unknown> {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isWireObject(parsed)) return parsed;
    } catch {
      // Text that only looks like JSON is an ordinary result.
    }
  }
  return { output: text };
}

export function decodeFunctionResult(response: unknown): string {
  if (!isWireObject(response)) return response === undefined ? '' : JSON.stringify(response);
  const keys = Object.keys(response);
  if (keys.length === 1 && keys[0] === 'output') {
    return typeof response.output === 'string' ? response.output : JSON.stringify(response.output);
  }
  return JSON.stringify(response);
}
