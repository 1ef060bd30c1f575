import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GatewayError } from '../errors/gateway-error';
import type { HostMatcher } from './host-matcher';

const REFUSED = Symbol('model-gateway.hostRefused');

/** Probes from a load balancer or an orchestrator name the pod's address, and these routes show nothing a page could use. */
const UNCHECKED_PATHS = new Set(['/health', '/ready']);

export interface HostPolicyOptions {
  /** The names `Host` may carry (loopback, `server.public_url`'s host, `server.allowed_hosts`). */
  matcher: HostMatcher;
  /** Whether the check applies under the config in force; asked per request, so it must be a cached answer. */
  applies(): boolean;
}

/**
 * DNS rebinding: a page on `evil.example` whose name is rebound to 127.0.0.1 reaches the
 * gateway as "same origin" (its Origin matches its own Host), so routes open without a
 * credential would serve it. This runs before any other work and marks a request whose
 * `Host` is not one of the gateway's names; the route it reaches then answers 403
 * `host_not_allowed` in its own error shape (`hostRefusal`), as malformed paths do.
 */
export function hostPolicy({ matcher, applies }: HostPolicyOptions): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (applies() && !matcher.matches(req.headers.host) && !UNCHECKED_PATHS.has(req.path)) {
      (req as Request & { [REFUSED]?: boolean })[REFUSED] = true;
    }
    next();
  };
}

/** Whether `hostPolicy` marked the request: later checks leave it to its route's refusal. */
export function isHostRefused(req: Request): boolean {
  return (req as Request & { [REFUSED]?: boolean })[REFUSED] === true;
}

/** The 403 for a request `hostPolicy` marked, else undefined. */
export function hostRefusal(req: Request): GatewayError | undefined {
  if (!isHostRefused(req)) return undefined;
  const host = req.headers.host;
  // 403 rather than 421 Misdirected Request: every API style maps a permission error to its SDKs' exception, and browsers retry a 421 on another connection.
  return new GatewayError(
    'host_not_allowed',
    host === undefined || host === ''
      ? 'The request has no Host header, and this gateway answers only requests that name it; send Host, or list the name clients use in server.allowed_hosts.'
      : `The Host ${JSON.stringify(host.slice(0, 256))} is not a name of this gateway (loopback, the host of server.public_url, or one listed in server.allowed_hosts); an operator who serves it under that name can add it to server.allowed_hosts.`,
  );
}
