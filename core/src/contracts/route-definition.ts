import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { GatewayError } from '../errors/gateway-error';
import type { GatewayRuntime } from './gateway-runtime';

/**
 * Whose traffic a route serves. `data`: client calls (the unified and passthrough APIs,
 * their model listings). `operator`: the people and tools running the gateway (admin,
 * keys, usage, catalogue, UI, metrics); never opened to another browser origin.
 */
export type RoutePlane = 'data' | 'operator';

/**
 * The browser origins a route answers besides the gateway's own: `own` (none), or
 * `allowed` (also those listed in `server.cors.allowed_origins`, with CORS headers).
 */
export type CrossOrigin = 'own' | 'allowed';

export interface RouteDefinition {
  method: 'get' | 'post' | 'put' | 'delete';
  /** An Express 5 path pattern. */
  path: string;
  /** Parse the body as JSON (with the configured size limit) before `handle`. */
  json?: boolean;
  handle(req: Request, res: Response): Promise<void> | void;
  /**
   * `operator`: the route shows what only operators should see (spending, by key and caller),
   * so it passes the operator-access check a plugin registers (the admin API's rule for
   * configuration reads) before `handle`. Open when no plugin registers one.
   */
  access?: 'operator';
  /**
   * Overrides the origins its plane gives a route (operator: `own`; data: `allowed`), for a
   * route that must keep a rule of its own; absent for nearly every route.
   */
  crossOrigin?: CrossOrigin;
  /** What an API description (OpenAPI) says of the route; absent: listed without schemas. */
  doc?: RouteDoc;
}

/** A route as the gateway mounted it: with the plane its group declared. */
export interface MountedRoute extends RouteDefinition {
  readonly plane: RoutePlane;
}

/** A route's description as zod schemas, so a published API document is generated, not written by hand. */
export interface RouteDoc {
  summary: string;
  description?: string;
  tags?: string[];
  query?: z.ZodObject;
  body?: z.ZodType;
  /** By status code. */
  responses: Record<number, { description: string; schema?: z.ZodType }>;
}

export interface RenderedError {
  status: number;
  /** A value to write as JSON, or a string written as is (a provider's own error body). */
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * The one way HTTP routes reach the gateway: a plugin registers a group (`registerRoutes`),
 * and an API style's routes are registered as a data-plane group when the style is.
 */
export interface RouteGroup {
  /** The plane of every route in the group. */
  plane: RoutePlane;
  /** Called once, as the listener opens: every plugin has registered and core's services are in the container. */
  routes(runtime: GatewayRuntime): RouteDefinition[];
  /**
   * Path prefixes the group owns (`/api`): a path under one that no route serves still gets the
   * plane's origin rule, so a preflight or a mistyped path under an operator prefix is never
   * opened to another origin. The 404 itself is the gateway's, as for any unknown path.
   */
  prefixes?: readonly string[];
  /** How the group's errors look to its clients; absent: the gateway's own error shape. */
  renderError?(error: GatewayError): RenderedError;
}

/** Refuses a request to an `access: 'operator'` route by throwing a GatewayError (401/403). */
export type OperatorAccessCheck = (req: Request) => void;
