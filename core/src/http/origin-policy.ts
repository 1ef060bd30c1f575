import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GatewayError } from '../errors/gateway-error';
import { isHostRefused } from './host-policy';
import type { OwnOriginCheck } from './own-origin-routes';
import { renderGatewayError } from './render-gateway-error';
import { writeJson } from './write-json';

export interface OriginPolicyOptions {
  /** `server.cors.allowed_origins`: foreign origins allowed to call, exactly as browsers send them. */
  allowedOrigins: readonly string[];
  /** `server.public_url`, or empty: another origin that is the gateway's own. */
  publicUrl: string;
  /** Whether the request's path is served by a route that answers only the gateway's own origin (operator routes). */
  ownOriginOnly: OwnOriginCheck;
}

/** Headers a browser app may read from an answer (the rest are hidden from cross-origin scripts). */
const EXPOSED_HEADERS = 'x-request-id, x-gateway-target, x-gateway-attempts, x-gateway-error-code, retry-after, server-timing';
const PREFLIGHT_MAX_AGE_S = '600';

/**
 * Browsers send `Origin` with cross-origin requests, and a page may POST to any
 * address its visitor can reach (a gateway on localhost or the intranet). A request
 * whose Origin is neither the gateway's own (the Host it came to, or `public_url`)
 * nor allowed is refused with 403 before any route runs; an allowed origin gets its
 * CORS headers and its preflights answered, except on the routes that answer only the
 * gateway's own origin (every operator-plane route, whatever its path), which no other origin may call. Clients that send no Origin (SDKs, curl) pass untouched.
 * Host can be trusted for "own origin" because the Host check (host-policy.ts) runs first
 * wherever a route answers without a credential.
 */
export function originPolicy({ allowedOrigins, publicUrl, ownOriginOnly }: OriginPolicyOptions): RequestHandler {
  const allowed = new Set(allowedOrigins);
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    // A request to a Host that is not the gateway's goes on to its route's host_not_allowed, never to a CORS answer.
    if (origin === undefined || isHostRefused(req)) return next();
    if (origin === publicOrigin || isSameHost(origin, req.headers.host)) return next();
    ownOriginOnly(req, res, (ownOnly) => {
      if (allowed.has(origin) && !ownOnly) return allowCrossOrigin(origin, req, res, next);
      const error = new GatewayError(
        'origin_not_allowed',
        ownOnly
          ? `This route answers only the gateway's own origin, not ${JSON.stringify(origin)}, whatever server.cors.allowed_origins lists.`
          : `Requests from the browser origin ${JSON.stringify(origin)} are not allowed; an operator can list it in server.cors.allowed_origins.`,
      );
      const rendered = renderGatewayError(error);
      writeJson(res, rendered.status, rendered.body, { vary: 'Origin' });
    });
  };
}

/** Whether Origin names the host and port the request was sent to (the scheme may differ behind a TLS proxy). */
function isSameHost(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  const authority = origin.indexOf('://');
  return authority !== -1 && origin.slice(authority + 3).toLowerCase() === host.toLowerCase();
}

function allowCrossOrigin(origin: string, req: Request, res: Response, next: NextFunction): void {
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  const requestedMethod = req.headers['access-control-request-method'];
  if (req.method !== 'OPTIONS' || requestedMethod === undefined) {
    res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    return next();
  }
  // A preflight: the browser asks whether the real request may be sent.
  res.setHeader('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
  const requestedHeaders = req.headers['access-control-request-headers'];
  if (requestedHeaders) res.setHeader('access-control-allow-headers', requestedHeaders);
  res.setHeader('access-control-max-age', PREFLIGHT_MAX_AGE_S);
  res.statusCode = 204;
  res.end();
}
