/**
 * A valid client parameter the endpoint's provider cannot carry out: said with a 400
 * naming it, never silently dropped, so the client knows its request was not honoured.
 */
import { GatewayError } from './gateway-error';

export function unsupportedParameterAt(param: string, problem: string): GatewayError {
  return new GatewayError('unsupported_parameter', `${param}: ${problem}`, { param });
}
