/** A host name or IPv4 literal as it may appear in `Host` (lower case, no port). */
const NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;
/** An IPv6 literal, which `Host` always carries in brackets. */
const BRACKETED_IPV6 = /^\[[0-9a-f:.]+\]$/;
/** Every port a Host value may name: one to five digits. */
const PORT = /^[0-9]{1,5}$/;

/** Loopback spellings as browsers and most clients send them; rarer ones are canonicalized first. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;
/** 127.0.0.0/8, in the dotted-decimal form URL canonicalization produces. */
const LOOPBACK_IPV4 = /^127\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}$/;
/** ::ffff:127.x.y.z, as URL canonicalization writes it (`[::ffff:7f00:1]`). */
const LOOPBACK_MAPPED = /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/;
/** Accepted Host values remembered as sent; bounded, so a client cycling through spellings cannot grow it. */
const REMEMBERED_MAX = 64;

/**
 * The names a `Host` header may carry for this gateway: loopback names and literals
 * (with any port), and the names it was told about (`server.public_url`'s host,
 * `server.allowed_hosts`), each matching every port. A DNS-rebinding page sends its own
 * name, which is none of these. A Host value already accepted is one Set lookup; a new one
 * is parsed, and only an unusual spelling pays for URL canonicalization (`127.1`, `[0:0::1]`).
 */
export class HostMatcher {
  private readonly accepted: Set<string>;
  /** Raw Host values that matched (`127.0.0.1:8080`): every later request from the same client is one lookup. */
  private readonly remembered = new Set<string>();

  /** `names`: bare host names or IP literals (a port, if any, is ignored); unreadable ones match nothing. */
  constructor(names: Iterable<string>) {
    this.accepted = new Set<string>(LOOPBACK_NAMES);
    for (const name of names) {
      const canonical = canonicalHostName(name);
      if (canonical !== undefined) this.accepted.add(canonical);
    }
  }

  /** Whether a `Host` header value (host, optional port) names this gateway; absent or empty does not. */
  matches(host: string | undefined): boolean {
    if (host === undefined) return false;
    if (this.remembered.has(host)) return true;
    const name = hostName(host);
    if (name === undefined) return false;
    let matched = this.accepted.has(name);
    if (!matched) {
      const canonical = canonicalName(name);
      matched = canonical !== undefined && (this.accepted.has(canonical) || isLoopbackName(canonical));
    }
    if (matched && this.remembered.size < REMEMBERED_MAX) this.remembered.add(host);
    return matched;
  }
}

/** A Host value's name in canonical form (lower case, no port, no trailing dot, IPv6 compressed), or undefined. */
export function canonicalHostName(host: string): string | undefined {
  const name = hostName(host);
  return name === undefined ? undefined : (canonicalName(name) ?? name);
}

/** A name (canonical form) that only ever reaches this machine. */
export function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name === '[::1]' || LOOPBACK_IPV4.test(name) || LOOPBACK_MAPPED.test(name);
}

/**
 * The name part of a `host[:port]` value, lower case and without a trailing dot (a fully
 * qualified spelling of the same name); undefined when the value is no such thing.
 */
function hostName(host: string): string | undefined {
  let name: string;
  let port: string | undefined;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end === -1) return undefined;
    name = host.slice(0, end + 1);
    const rest = host.slice(end + 1);
    if (rest !== '') {
      if (!rest.startsWith(':')) return undefined;
      port = rest.slice(1);
    }
  } else {
    const colon = host.lastIndexOf(':');
    name = colon === -1 ? host : host.slice(0, colon);
    if (colon !== -1) port = host.slice(colon + 1);
    if (name.endsWith('.')) name = name.slice(0, -1);
  }
  if (port !== undefined && !PORT.test(port)) return undefined;
  name = name.toLowerCase();
  return NAME.test(name) || BRACKETED_IPV6.test(name) ? name : undefined;
}

/** The WHATWG URL parser's spelling of a checked name (what a browser would send), or undefined. */
function canonicalName(name: string): string | undefined {
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return undefined;
  }
}
