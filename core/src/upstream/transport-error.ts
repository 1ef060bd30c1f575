import { GatewayError } from '../errors/gateway-error';
import { EGRESS_DENIED } from './egress-guard';

const UNREACHABLE = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ETIMEDOUT',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED',
]);

/** The code of the error a relay (which has no undici timeouts) raises when no response head came in time. */
export const FIRST_BYTE_TIMEOUT = 'GATEWAY_FIRST_BYTE_TIMEOUT';

const TIMEOUTS: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'first byte',
  [FIRST_BYTE_TIMEOUT]: 'first byte',
  UND_ERR_BODY_TIMEOUT: 'idle',
};

/** What a relay rejects with when the provider sent no response head within `ms` (mapped to 504 upstream_timeout). */
export function firstByteTimeout(ms: number): Error {
  return Object.assign(new Error(`No response head within ${ms} ms.`), { code: FIRST_BYTE_TIMEOUT });
}

/** An AbortSignal or a Cancellation. */
export interface AbortState {
  readonly aborted: boolean;
  readonly reason?: unknown;
}

/**
 * Maps what the transport threw to a GatewayError. A cancelled call wins:
 * its reason (client gone, total timeout) is the real cause of whatever
 * undici reports. Messages name the connection, never its URL.
 */
export function transportError(error: unknown, signal: AbortState, connection: string): GatewayError {
  if (signal.aborted) return GatewayError.from(signal.reason);
  if (error instanceof GatewayError) return error;
  const code = errorCode(error);
  if (code === EGRESS_DENIED) {
    return new GatewayError('upstream_address_refused', `Provider "${connection}" was not called: its address is ${denialOf(error)}.`, { cause: error });
  }
  if (code && TIMEOUTS[code]) {
    return new GatewayError('upstream_timeout', `Provider "${connection}" timed out (${TIMEOUTS[code]} timeout).`, { retryable: true, cause: error });
  }
  if (code && UNREACHABLE.has(code)) {
    return new GatewayError('upstream_unreachable', `Provider "${connection}" could not be reached (${code}).`, { retryable: true, cause: error });
  }
  return new GatewayError('upstream_unreachable', `Provider "${connection}" call failed.`, { retryable: true, cause: error });
}

/** The policy's reason, found on the error or its causes. */
function denialOf(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === EGRESS_DENIED) return (e as Error).message;
  }
  return 'refused by the egress policy';
}

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}
