import { GatewayError } from '../errors/gateway-error';

/** A passthrough body: any JSON object, relayed as is but for `model`. */
export function relayBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new GatewayError('invalid_parameter', 'The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** The endpoint a passthrough body names in `model` (for formats that carry the model in the body). */
export function endpointFromModel(body: Record<string, unknown>): string {
  if (typeof body.model !== 'string' || body.model === '') {
    throw new GatewayError('invalid_parameter', 'model: required; set it to the name of a gateway endpoint.', { param: 'model' });
  }
  return body.model;
}
