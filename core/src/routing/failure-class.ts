import type { FailureClass } from '../contracts/attempt-record';
import type { GatewayError } from '../errors/gateway-error';

export type { FailureClass };

// loop_detected: this target's connection leads back round a loop of gateways; another target may not.
const NEXT_TARGET = new Set(['provider_credentials_missing', 'provider_credentials_unavailable', 'upstream_address_refused', 'unsupported_route', 'unsupported_parameter', 'loop_detected']);

/** The one place failures are classified (the classes are described with FailureClass). */
export function classifyFailure(error: GatewayError): FailureClass {
  if (error.code === 'provider_auth_error') return 'cooldown';
  if (NEXT_TARGET.has(error.code)) return 'next';
  if (error.code === 'client_closed_request') return 'fatal';
  if (error.retryable) return 'retry';
  // A 5xx outside the retryable set (501, 505, ...) says nothing about the request: another provider may serve it.
  return error.code === 'upstream_error' ? 'next' : 'fatal';
}

/** Whether a failure counts towards a target's circuit breaker (the client's own mistakes do not). */
export function countsAgainstTarget(failure: FailureClass): boolean {
  return failure === 'retry' || failure === 'cooldown';
}
