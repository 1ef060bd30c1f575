import { isIP } from 'node:net';

/** An IPv4 address that an IPv6 address delivers to, and the mechanism that carries it there. */
export interface EmbeddedIpv4 {
  ipv4: string;
  via: 'IPv4-mapped' | 'IPv4-translated' | 'IPv4-compatible' | 'NAT64' | 'local-use NAT64' | '6to4' | 'Teredo';
}

/**
 * The eight 16-bit groups of an IPv6 address written as text (any spelling: `::`
 * compression, a dotted-quad tail, a zone id), or undefined when it is not one.
 */
export function ipv6Groups(text: string): number[] | undefined {
  const address = text.split('%')[0];
  if (isIP(address) !== 6) return undefined;
  let hex = address;
  const tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.', lastColon)) {
    const octets = address.slice(lastColon + 1).split('.').map(Number);
    tail.push((octets[0] << 8) | octets[1], (octets[2] << 8) | octets[3]);
    // Keep a `::` that ends right before the dotted quad; drop a single separating colon.
    hex = address.endsWith('::', lastColon + 1) ? address.slice(0, lastColon + 1) : address.slice(0, lastColon);
  }
  const words = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const [left, right] = hex.split('::');
  const head = words(left);
  const rest = right === undefined ? [] : words(right);
  const zeros = 8 - tail.length - head.length - rest.length;
  return [...head, ...new Array<number>(zeros).fill(0), ...rest, ...tail];
}

/**
 * Every IPv4 address an IPv6 address carries by a standard mechanism, so the egress
 * policy can judge it by the IPv4 rules: [64:ff9b::7f00:1] reaches 127.0.0.1 through a
 * NAT64 gateway. Empty for an IPv4 address, a name, or an IPv6 address embedding none.
 * A local-use NAT64 prefix (64:ff9b:1::/48) may carry the IPv4 address in any RFC 6052
 * layout the operator picked, so every layout that fits inside it is returned.
 */
export function embeddedIpv4(address: string): EmbeddedIpv4[] {
  const g = ipv6Groups(address);
  if (!g) return [];
  const zeroUpTo = (end: number): boolean => g.slice(0, end).every((word) => word === 0);
  const last32 = quad(g[6], g[7]);
  if (zeroUpTo(5) && g[5] === 0xffff) return [{ ipv4: last32, via: 'IPv4-mapped' }];
  if (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) return [{ ipv4: last32, via: 'IPv4-translated' }];
  // Deprecated, but still accepted by stacks that route ::/96 over IPv4; ::1 and :: decode into 0.0.0.0/8.
  if (zeroUpTo(6)) return [{ ipv4: last32, via: 'IPv4-compatible' }];
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((word) => word === 0)) return [{ ipv4: last32, via: 'NAT64' }];
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return localUseNat64(g);
  if (g[0] === 0x2002) return [{ ipv4: quad(g[1], g[2]), via: '6to4' }];
  // Teredo keeps the client's address with every bit flipped, so it is not visible to a naive match.
  if (g[0] === 0x2001 && g[1] === 0) return [{ ipv4: quad(g[6] ^ 0xffff, g[7] ^ 0xffff), via: 'Teredo' }];
  return [];
}

/** RFC 6052 layouts of an IPv4 address under a prefix of /48, /56, /64 or /96 (bits 64-71 are always skipped). */
function localUseNat64(g: number[]): EmbeddedIpv4[] {
  const bytes = g.flatMap((word) => [word >> 8, word & 0xff]);
  const at = (...indexes: number[]): string => indexes.map((i) => bytes[i]).join('.');
  const layouts = [at(6, 7, 9, 10), at(7, 9, 10, 11), at(9, 10, 11, 12), at(12, 13, 14, 15)];
  return [...new Set(layouts)].map((ipv4) => ({ ipv4, via: 'local-use NAT64' as const }));
}

function quad(high: number, low: number): string {
  return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
}
