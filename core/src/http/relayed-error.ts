import { errorHeaders } from './error-headers';
import type { GatewayError } from '../errors/gateway-error';
import type { RenderedError } from '../contracts/route-definition';

/**
 * Passthrough routes answer a provider's own error with the provider's own
 * status and body (key already scrubbed), so each SDK raises its usual
 * exception; errors the gateway itself raises are rendered by `own`.
 */
export function relayedOr(own: (error: GatewayError) => RenderedError): (error: GatewayError) => RenderedError {
  return (error) => {
    const upstream = error.upstreamBody;
    if (!upstream) return own(error);
    const headers = { 'content-type': upstream.contentType ?? 'application/json', ...errorHeaders(error) };
    return { status: upstream.status, body: upstream.text, headers };
  };
}
