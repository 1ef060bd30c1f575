import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

const RECEIVED_AT = Symbol('receivedAt');

/**
 * When the request's head had been read (`performance.now()`), for the
 * Server-Timing header; undefined for a request made by another server class.
 */
export function receivedAt(req: IncomingMessage): number | undefined {
  return (req as { [RECEIVED_AT]?: number })[RECEIVED_AT];
}

/**
 * Request and response classes for `http.createServer` whose instances are born
 * with the prototypes Express gives every req and res (`app.request` /
 * `app.response`), so Express 5's per-request Object.setPrototypeOf is a no-op.
 * Without this, the prototype swap left request objects alive across
 * young-generation collections, which made scavenges far longer (docs/performance.md).
 *
 * They are classes that extend Node's, rather than functions that call Node's
 * constructors on `this`, so V8 sizes each instance for Node's ~50 fields up
 * front: built the other way, the fields outgrew the object and were moved to
 * ever larger backing stores, garbage on every request.
 * Express's prototypes are put behind the classes' own, which then take their
 * place on the app.
 */
export function expressServerClasses(app: Express): { IncomingMessage: typeof IncomingMessage; ServerResponse: typeof ServerResponse } {
  class GatewayRequest extends IncomingMessage {
    declare [RECEIVED_AT]: number;
    constructor(socket: Socket) {
      super(socket);
      // Node makes the request object once the head is parsed: the earliest point the gateway can time.
      this[RECEIVED_AT] = performance.now();
    }
  }
  class GatewayResponse extends ServerResponse {}
  Object.setPrototypeOf(GatewayRequest.prototype, app.request);
  Object.setPrototypeOf(GatewayResponse.prototype, app.response);
  app.request = GatewayRequest.prototype as unknown as Express['request'];
  app.response = GatewayResponse.prototype as unknown as Express['response'];
  return { IncomingMessage: GatewayRequest, ServerResponse: GatewayResponse as typeof ServerResponse };
}
