/**
 * An upstream answer the gateway cannot read (a 502): the provider broke its own wire
 * format, so the client is told so rather than handed a half-decoded answer.
 */
import { GatewayError } from './gateway-error';

/** `problem` names the field by its path, e.g. `choices[0].message is not an object`. */
export function invalidUpstream(problem: string): GatewayError {
  return new GatewayError('upstream_invalid_response', `The provider's response is not usable: ${problem}.`);
}
