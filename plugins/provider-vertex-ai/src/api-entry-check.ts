/**
 * What a Vertex AI connection entered through the admin API may not hold, though the
 * operator's YAML may:
 *
 * - a key file path: reading it would let an API caller use any service account file on
 *   the gateway's host, and the answer would tell which files exist, so only the key's
 *   JSON text is taken, and the refusal never depends on the path;
 * - a `token_url` other than the key's `token_uri`: the signed assertion names that
 *   endpoint as its audience, where it is accepted for an hour, so it must go nowhere else.
 */
import { parseServiceAccount } from './service-account';

export interface EntryIssue {
  field: string;
  message: string;
}

/** Whether a service_account_json value is the key's JSON text (else it would be read as a path). */
export function isKeyText(value: string): boolean {
  return value.trim().startsWith('{');
}

/** The first thing the entry may not hold, or undefined; problems the schema reports (bad JSON) are left to it. */
export function vertexApiEntryIssue(entry: Readonly<Record<string, unknown>>): EntryIssue | undefined {
  const key = entry.service_account_json;
  if (typeof key === 'string' && key.trim() !== '' && !isKeyText(key)) {
    return { field: 'service_account_json', message: "give the key file's JSON text; a path to a key file is accepted only in the config file" };
  }
  const tokenUrl = entry.token_url;
  if (typeof tokenUrl !== 'string' || typeof key !== 'string') return undefined;
  let audience: string;
  try {
    audience = parseServiceAccount(key).tokenUri;
  } catch {
    return undefined;
  }
  if (sameUrl(tokenUrl, audience)) return undefined;
  return {
    field: 'token_url',
    message: `must be the key's token_uri (${audience}): the signed assertion is addressed to it; another token endpoint can be set only in the config file`,
  };
}

/** Equal as parsed URLs (case of the host, a default port); unparsable text compares as written. */
export function sameUrl(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
