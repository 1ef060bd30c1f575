import { GatewayError } from '../errors/gateway-error';
import type { ProviderAttempt } from '../contracts/provider-attempt';
import { transportError } from './transport-error';
import type { UpstreamResponse } from '../contracts/upstream-request';

/**
 * A provider's whole JSON answer. A body cut in transit is a transport error; one
 * that is not JSON is retryable (a proxy's HTML page, a truncated answer), so another
 * attempt may do better. Every provider plugin reads answers through here.
 */
export async function readUpstreamJson(response: UpstreamResponse, attempt: ProviderAttempt): Promise<unknown> {
  const connection = attempt.connectionName;
  let text: string;
  const readFrom = performance.now();
  try {
    text = response.body.textIfComplete?.() ?? (await response.body.text());
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'upstream_response_too_large') {
      throw new GatewayError(error.code, `Provider "${connection}": ${error.message}`);
    }
    throw transportError(error, attempt.cancellation, connection);
  } finally {
    // A provider may send its head early and the answer later: the wait is the provider's, not the gateway's.
    attempt.countUpstream(readFrom);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new GatewayError('upstream_invalid_response', `Provider "${connection}" returned a body that is not JSON.`, { retryable: true });
  }
}

/** One stream event's JSON payload; anything else ends the stream with upstream_invalid_response. */
export function parseStreamEvent(data: string, connection: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new GatewayError('upstream_invalid_response', `Provider "${connection}" sent a stream event that is not JSON.`);
  }
}
