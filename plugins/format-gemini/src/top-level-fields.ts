/**
 * The top-level fields of a translated generateContent body that the decoder does not read.
 *
 * Gemini refuses a field its `GenerateContentRequest` does not have, with 400
 * INVALID_ARGUMENT `Invalid JSON payload received. Unknown name "x": Cannot find field.`
 * (https://github.com/google-gemini/gemini-cli/issues/13972 shows the message), so a
 * translated call does the same: a client that misspells a field learns it at once, as it
 * would from Gemini, instead of the field vanishing. A field Gemini knows that no other
 * provider has is a hint when losing it does not change the answer (`labels`, billing tags
 * on Vertex AI): it is left out and named in x-gateway-dropped-fields. The fields whose loss
 * would change the answer (`cachedContent`, strict `safetySettings`) are refused by the decoder.
 */
import { GatewayError, type WireObject } from '@model-gateway/core';
import { GenerateContentRequest, GenerationConfig } from './gemini-proto-fields';

/** Known fields no other provider has, whose loss leaves the answer as it would be. */
const HINTS = new Set(['labels']);

/** Gemini's own wording for unknown names; `at` is the enclosing field in proto spelling, absent at the top level. */
export function unknownNameError(names: string[], at?: string): GatewayError {
  const where = at ? ` at '${at}'` : '';
  const message = names.map((name) => `Invalid JSON payload received. Unknown name ${JSON.stringify(name)}${where}: Cannot find field.`).join('\n');
  return new GatewayError('invalid_parameter', message, { param: at ? `${camelPath(at)}.${names[0]}` : names[0] });
}

/**
 * Refuses names Gemini does not know (every one at once, as Gemini lists them) and returns the
 * known hints to leave out. `body` has had its proto spellings renamed, so a known field is
 * under its JSON name and an unknown one under the client's spelling.
 */
export function topLevelHints(body: WireObject): string[] {
  const unknown: string[] = [];
  const hints: string[] = [];
  for (const key of Object.keys(body)) {
    if (!Object.prototype.hasOwnProperty.call(GenerateContentRequest.fields, key)) unknown.push(key);
    else if (HINTS.has(key) && body[key] != null) hints.push(key);
  }
  if (unknown.length > 0) throw unknownNameError(unknown);
  return hints;
}

/** Names in a generationConfig that GenerationConfig does not have, as Gemini refuses them. */
export function checkGenerationConfigNames(config: WireObject): void {
  const unknown = Object.keys(config).filter((key) => !Object.prototype.hasOwnProperty.call(GenerationConfig.fields, key));
  if (unknown.length > 0) throw unknownNameError(unknown, 'generation_config');
}

function camelPath(proto: string): string {
  return proto.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}
