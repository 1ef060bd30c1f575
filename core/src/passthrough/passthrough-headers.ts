import type { ClientRequest, IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/**
 * Client headers that never reach a provider: the generic credential headers (the
 * API styles add their clients' own, `clientCredentials`), cookies, hop-by-hop
 * headers, and headers the relay sets itself. Everything else passes, so the
 * providers' feature and version headers keep working.
 * `host` is not here: http-proxy-3 (changeOrigin) has already set the provider's.
 */
export const DROPPED_REQUEST_HEADERS: readonly string[] = [
  // x-amz-security-token: an AWS session credential, which no passthrough style's own list names.
  'authorization', 'proxy-authorization', 'cookie', 'x-amz-security-token',
  'connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade',
  'content-length', 'accept-encoding', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded',
];

/** Provider headers that never reach a client: hop-by-hop, and cookies a provider may set for itself. */
const DROPPED_RESPONSE_HEADERS = new Set([
  'set-cookie', 'connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'alt-svc',
]);

/** `dropped`: every header removed from the client's request (DROPPED_REQUEST_HEADERS and the styles' credential headers). */
export function prepareProxyRequest(
  proxyReq: ClientRequest,
  dropped: readonly string[],
  providerHeaders: Record<string, string>,
  defaultHeaders: Record<string, string>,
  bodyLength: number,
): void {
  for (const name of dropped) proxyReq.removeHeader(name);
  for (const [name, value] of Object.entries(defaultHeaders)) if (!proxyReq.hasHeader(name)) proxyReq.setHeader(name, value);
  for (const [name, value] of Object.entries(providerHeaders)) proxyReq.setHeader(name, value);
  proxyReq.setHeader('content-length', bodyLength);
}

export function relayedResponseHeaders(headers: IncomingHttpHeaders, keepLength: boolean): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    if (name === 'content-length' && !keepLength) continue;
    out[name] = value;
  }
  return out;
}
