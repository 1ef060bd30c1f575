import type { NextFunction, Request, Response } from 'express';
import { GatewayError } from '../errors/gateway-error';

const MALFORMED = Symbol('model-gateway.malformedPath');

/**
 * A path whose percent-encoding does not decode (`%zz`, `%`, `%ff`) makes Express's
 * router throw while matching, before any route can render the error. This escapes
 * every `%` of such a path, so it routes like any other, and marks the request so
 * the route it reaches answers 400 in its own error shape (`malformedPathError`).
 */
export function escapeMalformedPath(req: Request, _res: Response, next: NextFunction): void {
  const url = req.url;
  if (url.indexOf('%') === -1) return next();
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  try {
    decodeURIComponent(path);
  } catch {
    (req as Request & { [MALFORMED]?: boolean })[MALFORMED] = true;
    req.url = path.replaceAll('%', '%25') + (query === -1 ? '' : url.slice(query));
  }
  next();
}

/** The 400 for a request `escapeMalformedPath` marked, else undefined. */
export function malformedPathError(req: Request): GatewayError | undefined {
  if (!(req as Request & { [MALFORMED]?: boolean })[MALFORMED]) return undefined;
  return new GatewayError('invalid_path', 'The request path has a malformed percent-encoding (a "%" not followed by two hex digits, or bytes that are not UTF-8); encode "%" as "%25".');
}
