import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { GatewayError } from '../errors/gateway-error';
import type { GatewayRuntime } from './gateway-runtime';

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
  /** What an API description (OpenAPI) says of the route; absent: listed without schemas. */
  doc?: RouteDoc;
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

/** An inbound API format: its routes, and how its clients expect errors to look. */
export interface ApiStyleDefinition {
  name: string;
  /**
   * For a passthrough style, the wire format it relays byte for byte to providers
   * that speak it (they list this id in `capabilities.passthrough`); absent for
   * styles that always translate.
   */
  passthroughFormat?: string;
  /** How error messages point a client to this style's route for `endpoint`, when it has one. */
  routeHint?(endpoint: string): string;
  /**
   * Where this style's clients put a credential (their SDKs send the key there):
   * never relayed to a provider, whichever route a request came in on.
   */
  clientCredentials?: { headers?: readonly string[]; query?: readonly string[] };
  /**
   * The provider response headers this style's clients read on a relayed call (request ids,
   * rate limits), beside core's base (content type and length, retry-after); a name ending
   * in `*` is a prefix. No other provider header reaches the client.
   */
  relayedResponseHeaders?: readonly string[];
  routes(runtime: GatewayRuntime): RouteDefinition[];
  renderError(error: GatewayError): RenderedError;
}

/** Refuses a request to an `access: 'operator'` route by throwing a GatewayError (401/403). */
export type OperatorAccessCheck = (req: Request) => void;
