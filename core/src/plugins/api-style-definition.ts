import type { Request, Response } from 'express';
import type { GatewayError } from '../errors/gateway-error';
import type { GatewayRuntime } from '../pipeline/gateway-runtime';

export interface RouteDefinition {
  method: 'get' | 'post';
  /** An Express 5 path pattern. */
  path: string;
  /** Parse the body as JSON (with the configured size limit) before `handle`. */
  json?: boolean;
  handle(req: Request, res: Response): Promise<void> | void;
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
  routes(runtime: GatewayRuntime): RouteDefinition[];
  renderError(error: GatewayError): RenderedError;
}
