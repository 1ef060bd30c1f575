import type { IncomingHttpHeaders } from 'node:http';
import { GatewayError } from '../errors/gateway-error';

/** The header on every upstream request: how many gateways the call has passed through, the sender included. */
export const HOPS_HEADER = 'x-gateway-hops';

/**
 * A request that arrives having passed through this many gateways is refused: a chain of
 * four gateways (an edge, an organisation's, a team's, and one to spare) still works,
 * while a gateway that calls itself, directly or through others, stops after four rounds
 * instead of calling on until the deadline.
 */
export const MAX_HOPS = 4;

const WHOLE_NUMBER = /^\d+$/;

/**
 * The hops a request arrived with: 0 without the header, the largest when it came more
 * than once (Node joins repeats with ", "), undefined when a value is not a whole number.
 */
export function arrivingHops(headers: IncomingHttpHeaders): number | undefined {
  const value = headers[HOPS_HEADER];
  if (value === undefined) return 0;
  let hops = 0;
  for (const part of String(value).split(',')) {
    const text = part.trim();
    if (!WHOLE_NUMBER.test(text)) return undefined;
    hops = Math.max(hops, Number(text));
  }
  return hops;
}

/**
 * Refuses, at the start of a call, a request that has been through too many gateways
 * (508 loop_detected) or carries a malformed count. Gateways only ever send a whole
 * number, so a malformed one came from a client and is its error, not a loop.
 */
export function checkArrivingHops(headers: IncomingHttpHeaders): void {
  const hops = arrivingHops(headers);
  if (hops === undefined) {
    throw new GatewayError('invalid_parameter', `The ${HOPS_HEADER} header must be a whole number (the gateways the request passed through); gateways set it, clients need not.`, { param: HOPS_HEADER });
  }
  if (hops >= MAX_HOPS) {
    throw new GatewayError(
      'loop_detected',
      `This request has already passed through ${hops} gateways (${HOPS_HEADER}: ${hops}); a gateway refuses it at ${MAX_HOPS} to stop a loop. Check that no connection's base_url points back at a gateway on the way.`,
    );
  }
}

/** The value a gateway sends upstream: one more than it received, whatever the client claimed below that. */
export function upstreamHops(headers: IncomingHttpHeaders): string {
  // A malformed count never gets this far (the call was refused); counting it as the limit keeps this total.
  return String((arrivingHops(headers) ?? MAX_HOPS) + 1);
}
