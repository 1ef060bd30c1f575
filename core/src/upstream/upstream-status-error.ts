import { GatewayError, type UpstreamErrorBody } from '../errors/gateway-error';

export interface ProviderErrorInfo {
  message: string;
  type?: string;
  code?: string;
  param?: string;
}

/** Statuses worth another attempt: the provider may answer differently next time. */
const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504, 529]);

/**
 * A provider's non-2xx answer as a GatewayError: a 4xx keeps its status and the
 * provider's own message (the client can fix its request); a 5xx becomes 502.
 * A 401/403 is the exception: the key is the gateway's, not the client's, so the
 * client gets a 502 saying the gateway's credentials were refused. (Passthrough
 * routes still relay the provider's own body and status, via `upstreamBody`.)
 */
export function upstreamStatusError(
  connection: string,
  status: number,
  info: ProviderErrorInfo,
  retryAfterMs?: number,
  upstreamBody?: UpstreamErrorBody,
): GatewayError {
  const retryable = RETRYABLE.has(status);
  if (status === 401 || status === 403) {
    // The provider's own type/code (invalid_api_key, ...) would tell the client its key is wrong; it sent none.
    return new GatewayError('provider_auth_error', `Provider "${connection}" rejected the gateway's credentials (HTTP ${status}): ${info.message}`, { upstreamBody, upstreamStatus: status });
  }
  if (status === 508) {
    // A gateway on the way refused the call as looping; retrying would only go round again.
    return new GatewayError('loop_detected', `Provider "${connection}" answered HTTP 508 (loop detected): ${info.message}`, { upstreamBody });
  }
  if (status >= 400 && status < 500) {
    return new GatewayError('provider_error', info.message, {
      status,
      param: info.param,
      providerType: info.type,
      providerCode: info.code,
      retryable,
      retryAfterMs,
      upstreamBody,
      upstreamStatus: status,
    });
  }
  return new GatewayError('upstream_error', `Provider "${connection}" failed with HTTP ${status}: ${info.message}`, { retryable, retryAfterMs, upstreamBody, upstreamStatus: status });
}

/** Retry-After as seconds or an HTTP date, and the non-standard retry-after-ms some providers send, in milliseconds. */
export function parseRetryAfter(headers: Record<string, string | string[] | undefined>): number | undefined {
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers['retry-after'];
  if (typeof value !== 'string') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * A provider's 3xx. Redirects are never followed (the credentials would go wherever
 * the Location says), nor relayed (a client would follow it past the gateway); like
 * any unreadable answer it is a 502 that another attempt may do better than.
 */
export function redirectError(connection: string, status: number): GatewayError {
  return new GatewayError(
    'upstream_invalid_response',
    `Provider "${connection}" answered HTTP ${status}, a redirect, which the gateway does not follow: check the connection's base_url.`,
    { retryable: true },
  );
}
