import { isIP } from 'node:net';
import os from 'node:os';
import type { ListenAddress } from '../contracts/gateway-runtime';
import { classifyAddress } from './egress-guard';
import { embeddedIpv4, ipv6Groups } from './embedded-ipv4';

const WILDCARDS = new Set(['0.0.0.0', '::']);

/**
 * Why a base URL would make the gateway call itself, or undefined: the URL names the
 * gateway's public URL, or its listening port on an address that reaches the listener
 * (the bound address in any spelling; for a loopback or wildcard bind, every loopback
 * address and `localhost`; for a wildcard bind, also this machine's name and interface
 * addresses; server.allowed_hosts). A name that resolves here some other way is stopped
 * by the hop count instead (x-gateway-hops).
 */
export function ownAddressRefusal(text: string, listen: ListenAddress | undefined): string | undefined {
  if (!listen) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const refusal = `${url.host} is this gateway's own address`;
  if (listen.publicUrl && URL.canParse(listen.publicUrl) && new URL(listen.publicUrl).origin === url.origin) return `${refusal} (server.public_url); a connection there would call the gateway itself`;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port !== listen.port) return undefined;
  const host = bare(url.hostname);
  const bound = bare(listen.host);
  const wildcard = WILDCARDS.has(bound);
  const names = new Set((listen.names ?? []).map(bare));
  const own =
    sameAddress(host, bound) ||
    names.has(host) ||
    ((wildcard || isLoopback(bound)) && isLoopback(host)) ||
    (wildcard && isThisMachine(host));
  return own ? `${refusal} (it listens on ${listen.host} port ${listen.port}); a connection there would call the gateway itself` : undefined;
}

function bare(host: string): string {
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return unbracketed.toLowerCase().replace(/\.$/, '');
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return isIP(host) !== 0 && classifyAddress(host) === 'loopback';
}

/** This machine's host name, or an address of one of its interfaces (in any spelling). */
function isThisMachine(host: string): boolean {
  if (host === os.hostname().toLowerCase()) return true;
  return Object.values(os.networkInterfaces()).some((addresses) => addresses?.some((info) => sameAddress(host, info.address.toLowerCase())));
}

/** Whether two IP addresses are one, whatever their spelling (an IPv6 form carrying the IPv4 one included). */
function sameAddress(a: string, b: string): boolean {
  if (a === b) return true;
  const keys = addressKeys(a);
  return keys.size > 0 && [...addressKeys(b)].some((key) => keys.has(key));
}

function addressKeys(host: string): Set<string> {
  const family = isIP(host.split('%')[0]);
  if (family === 4) return new Set([host]);
  if (family !== 6) return new Set();
  const groups = ipv6Groups(host) as number[];
  return new Set([groups.map((group) => group.toString(16)).join(':'), ...embeddedIpv4(host).map((e) => e.ipv4)]);
}
