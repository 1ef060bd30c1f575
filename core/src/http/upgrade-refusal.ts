import type { Request, Response } from 'express';
import { GatewayError } from '../errors/gateway-error';

/**
 * The gateway answers HTTP requests and switches no connection to another protocol. Node's
 * server, having no 'upgrade' listener, hands a WebSocket handshake to the routes as a
 * plain GET; unanswered here it would get the path's 404 on a kept-alive connection, which a
 * client with a second transport may read as a passing failure and retry with backoff before
 * it falls back. Refused instead with 426, in the shape of the route the path reaches (as
 * host and path refusals are), and the connection closed after the answer, so the client
 * neither waits nor reuses a socket it meant to hand over: it takes its HTTP transport at once.
 *
 * Only a WebSocket handshake: other `Upgrade` offers (`h2c`) are optional by HTTP's rules, and
 * the request they ride on is answered as if the header were absent.
 */
export function upgradeRefusal(req: Request, res: Response): GatewayError | undefined {
  const upgrade = req.headers.upgrade;
  if (upgrade === undefined || !/(^|,)\s*websocket\s*(,|$)/i.test(upgrade)) return undefined;
  res.setHeader('connection', 'close');
  return new GatewayError('upgrade_not_supported', 'This gateway serves this API over HTTP only and accepts no WebSocket connection; send it as a plain HTTP request (a client with an HTTP transport falls back to that).');
}
