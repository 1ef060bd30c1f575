/**
 * Canonical tool-call arguments are JSON text (as chat-completions formats send them); formats that carry
 * them as a JSON object need that text parsed, and text that is not an object is the client's error.
 */
import { invalidParameterAt } from '../errors/request-issues';
import { isWireObject, type WireObject } from './wire-value';

/** `target` names the format that needs the object, for the 400's message; blank text is no arguments. */
export function toolArgumentsObject(text: string, param: string, target: string): WireObject {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidParameterAt(param, `is not valid JSON; ${target} takes tool-call arguments as a JSON object`);
  }
  if (!isWireObject(parsed)) throw invalidParameterAt(param, `must be a JSON object for ${target}`);
  return parsed;
}
