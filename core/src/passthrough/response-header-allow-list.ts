import type { IncomingHttpHeaders } from 'node:http';
import type { ApiStyleDefinition } from '../contracts/api-style-definition';

/**
 * Provider response headers every passthrough client gets: what any HTTP client needs
 * to read the body, and when to retry. The styles add their providers' request-id and
 * rate-limit headers (`relayedResponseHeaders`); nothing else a provider sends is relayed,
 * so a header that echoes a credential, sets a cookie or names internal hosts stops here.
 */
export const BASE_RELAYED_RESPONSE_HEADERS: readonly string[] = ['content-type', 'content-length', 'content-encoding', 'retry-after'];

/** Header names, exact or (ending in `*`) as a prefix, matched without regard to case. */
export class ResponseHeaderAllowList {
  private readonly names = new Set<string>();
  private readonly prefixes: string[] = [];

  constructor(patterns: Iterable<string>) {
    for (const pattern of patterns) {
      const name = pattern.toLowerCase();
      if (name.endsWith('*')) this.prefixes.push(name.slice(0, -1));
      else this.names.add(name);
    }
  }

  /** `name` in lower case, as Node gives received header names. */
  allows(name: string): boolean {
    if (this.names.has(name)) return true;
    for (const prefix of this.prefixes) if (name.startsWith(prefix)) return true;
    return false;
  }

  /**
   * The allowed headers of `headers`, with provider secrets scrubbed from their values:
   * a rate-limit or request-id header has no business carrying one, but it is the
   * provider's text all the same.
   */
  pick(headers: IncomingHttpHeaders, scrub: (text: string) => string): IncomingHttpHeaders {
    const out: IncomingHttpHeaders = {};
    const kept: Array<[string, string | string[]]> = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && this.allows(name)) kept.push([name, value]);
    }
    // Header values hold no newline, so one scrub of them all says whether any needs one.
    const joined = kept.map(([, value]) => (Array.isArray(value) ? value.join('\n') : value)).join('\n');
    const clean = scrub(joined) === joined;
    for (const [name, value] of kept) {
      out[name] = clean ? value : Array.isArray(value) ? value.map(scrub) : scrub(value);
    }
    return out;
  }
}

/** Each passthrough style's allow-list: the base and what the style declares. */
export function responseHeaderAllowLists(styles: Iterable<Pick<ApiStyleDefinition, 'name' | 'relayedResponseHeaders'>>): Map<string, ResponseHeaderAllowList> {
  const lists = new Map<string, ResponseHeaderAllowList>();
  for (const style of styles) {
    lists.set(style.name, new ResponseHeaderAllowList([...BASE_RELAYED_RESPONSE_HEADERS, ...(style.relayedResponseHeaders ?? [])]));
  }
  return lists;
}
