import { Router, type Request, type Response } from 'express';
import type { CrossOrigin, MountedRoute, RoutePlane } from '../contracts/route-definition';

const OWN_ONLY = Symbol('model-gateway.ownOriginOnly');
type Marked = Request & { [OWN_ONLY]?: boolean };

/** Answers whether a request's path is served by a route that answers only the gateway's own origin. */
export type OwnOriginCheck = (req: Request, res: Response, then: (ownOnly: boolean) => void) => void;

/** The origins a mounted route answers: its own override, else its plane's (operator routes: the gateway's own only). */
export function crossOriginOf(route: MountedRoute): CrossOrigin {
  return route.crossOrigin ?? (route.plane === 'operator' ? 'own' : 'allowed');
}

/** Path prefixes a route group owns, with the group's plane (RouteGroup.prefixes). */
export interface OwnedPrefix {
  prefix: string;
  plane: RoutePlane;
}

/**
 * The origin policy runs before routing and answers preflights, whose OPTIONS method no
 * route has, so it asks by path alone: a path that any own-origin route matches, whatever
 * its method, is own-origin. Express's own router does the matching, so case, trailing
 * slashes and path patterns count exactly as they do when the request is routed. A path
 * under an operator group's prefix is own-origin too, whether a route serves it or not.
 */
export function ownOriginCheck(routes: readonly MountedRoute[], prefixes: readonly OwnedPrefix[] = []): OwnOriginCheck {
  const router = Router();
  const mark = (req: Request, _res: Response, next: (to: 'router') => void) => {
    (req as Marked)[OWN_ONLY] = true;
    next('router');
  };
  for (const route of routes) if (crossOriginOf(route) === 'own') router.all(route.path, mark);
  for (const { prefix, plane } of prefixes) if (plane === 'operator') router.all(`${prefix}{/*rest}`, mark);
  return (req, res, then) =>
    router(req, res, (error?: unknown) => {
      // An error while matching (none is expected: malformed paths were escaped) is taken as own-origin, the closed answer.
      const failed = error !== undefined && error !== null && error !== 'router';
      then(failed || (req as Marked)[OWN_ONLY] === true);
    });
}
