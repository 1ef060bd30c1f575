import type { IncomingHttpHeaders } from 'node:http';
import { KEY_PREFIX } from './key-material';

/** Where clients put a credential: the generic `Authorization: Bearer`, then the API styles' own headers and query parameters. */
export interface CredentialSources {
  /** Lower-case header names, after `authorization`. */
  headers: readonly string[];
  query: readonly string[];
}

/**
 * The credential a request presents: the first value that looks like a gateway key,
 * looking in `Authorization: Bearer`, then each header of `sources`, then each query
 * parameter. A request whose credentials are all something else presents the first of
 * them (it is then refused as malformed); one with none (or only empty ones) presents undefined.
 */
export function presentedKey(headers: IncomingHttpHeaders, url: string, sources: CredentialSources): string | undefined {
  let other: string | undefined;
  const consider = (value: string): string | undefined => {
    const text = value.trim();
    if (text === '') return undefined;
    if (text.startsWith(KEY_PREFIX)) return text;
    other ??= text;
    return undefined;
  };
  const authorization = headers.authorization;
  if (typeof authorization === 'string') {
    const found = consider(/^bearer\s/i.test(authorization) ? authorization.slice(7) : authorization);
    if (found) return found;
  }
  for (const name of sources.headers) {
    const value = headers[name];
    if (typeof value !== 'string') continue;
    const found = consider(value);
    if (found) return found;
  }
  const mark = url.indexOf('?');
  if (mark >= 0 && sources.query.length > 0) {
    const params = new URLSearchParams(url.slice(mark + 1));
    for (const name of sources.query) {
      const value = params.get(name);
      if (value === null) continue;
      const found = consider(value);
      if (found) return found;
    }
  }
  return other;
}
