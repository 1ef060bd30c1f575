import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { EgressPolicy } from '../contracts/egress-policy';
import { embeddedIpv4 } from './embedded-ipv4';

/** What an address is, for the egress policy. */
export type AddressClass = 'public' | 'private' | 'loopback' | 'link-local';

/** Error code of a connection refused by the policy (transportError maps it). */
export const EGRESS_DENIED = 'EGRESS_DENIED';

/** Host names that always mean a cloud's instance metadata service. */
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data.ec2.internal']);

function blockList(subnets: Array<[string, number, 'ipv4' | 'ipv6']>): BlockList {
  const list = new BlockList();
  for (const [address, prefix, family] of subnets) list.addSubnet(address, prefix, family);
  return list;
}

// IPv6 addresses that carry an IPv4 one (mapped, NAT64, 6to4, Teredo, ...) are also judged by the IPv4 rules: embedded-ipv4.ts.
const LINK_LOCAL = blockList([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
  // The AWS metadata service's IPv6 address lies in the unique-local range; refused always, not only as private.
  ['fd00:ec2::254', 128, 'ipv6'],
]);
const LOOPBACK = blockList([
  ['127.0.0.0', 8, 'ipv4'],
  ['0.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['::', 128, 'ipv6'],
]);
const PRIVATE = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['fc00::', 7, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
  // Local-use NAT64 (RFC 8215) only ever translates inside an operator's own network.
  ['64:ff9b:1::', 48, 'ipv6'],
]);

/** Most restrictive first: an address is what the worst of its readings makes it. */
const SEVERITY: readonly AddressClass[] = ['link-local', 'loopback', 'private', 'public'];

function classifyOne(address: string, family: 'ipv4' | 'ipv6'): AddressClass {
  if (LINK_LOCAL.check(address, family)) return 'link-local';
  if (LOOPBACK.check(address, family)) return 'loopback';
  if (PRIVATE.check(address, family)) return 'private';
  return 'public';
}

/** The class of an address and, when an embedded IPv4 address decided it, that address and how it is carried. */
function classification(address: string): { kind: AddressClass; embedded?: string } {
  // BlockList does not match an address with a zone id (fe80::1%eth0): judge it without.
  const bare = address.split('%')[0];
  if (isIP(bare) !== 6) return { kind: classifyOne(bare, 'ipv4') };
  let result: { kind: AddressClass; embedded?: string } = { kind: classifyOne(bare, 'ipv6') };
  for (const { ipv4, via } of embeddedIpv4(bare)) {
    const kind = classifyOne(ipv4, 'ipv4');
    // The local-use prefix is private as a whole; of its guessed layouts only a metadata address (refused always) adds anything.
    if (via === 'local-use NAT64' && kind !== 'link-local') continue;
    if (SEVERITY.indexOf(kind) < SEVERITY.indexOf(result.kind)) result = { kind, embedded: `${via} ${ipv4}` };
  }
  return result;
}

export function classifyAddress(address: string): AddressClass {
  return classification(address).kind;
}

/** Why the policy refuses an address, or undefined when it may be reached. */
export function refusalOf(address: string, policy: EgressPolicy): string | undefined {
  const { kind, embedded } = classification(address);
  const shown = embedded ? `${address} (${embedded})` : address;
  if (kind === 'link-local') return `${shown} is a link-local or cloud metadata address`;
  if ((kind === 'loopback' || kind === 'private') && !policy.allowPrivate) {
    return `${shown} is a ${kind} address`;
  }
  return undefined;
}

/** An error that transportError reports as a refused address, naming the reason. */
export function egressError(reason: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`refused by the egress policy: ${reason}`);
  error.code = EGRESS_DENIED;
  return error;
}

/**
 * Checks a base URL as text: http or https, no credentials in it, no metadata host, and
 * for an address literal the same rules as at connect time. Host names are checked again
 * on every connection, after resolution, since DNS can answer differently later.
 */
export function checkUrlText(text: string, policy: EgressPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are allowed';
  if (url.username || url.password) return 'a URL may not carry a user name or password';
  const host = unbracket(url.hostname).toLowerCase().replace(/\.$/, '');
  if (METADATA_HOSTS.has(host)) return `${host} is a cloud metadata host`;
  return isIP(host) ? refusalOf(host, policy) : undefined;
}

/** A `lookup` for net/tls connections that fails when any resolved address is refused. */
export function guardedLookup(policy: EgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (METADATA_HOSTS.has(host)) return callback(egressError(`${host} is a cloud metadata host`), '', 4);
    dns.lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address as string, family);
      const addresses = Array.isArray(address) ? address.map((a) => a.address) : [address];
      for (const resolved of addresses) {
        const reason = refusalOf(resolved, policy);
        if (reason) return callback(egressError(`${hostname} resolves to ${reason}`), '', 4);
      }
      (callback as (...args: unknown[]) => void)(null, address, family);
    });
  };
}

/** The refusal for a host that is an address literal (net skips `lookup` for those), else undefined. */
export function literalRefusal(hostname: string, policy: EgressPolicy): string | undefined {
  const host = unbracket(hostname);
  return isIP(host) ? refusalOf(host, policy) : undefined;
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
