import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { GatewayRuntime } from '../contracts/gateway-runtime';
import type { MountedRoute, OperatorAccessCheck, RenderedError, RouteGroup } from '../contracts/route-definition';
import type { StateStore } from '../contracts/state-store';
import { GatewayError } from '../errors/gateway-error';
import type { HostMatcher } from './host-matcher';
import { hostPolicy, hostRefusal } from './host-policy';
import { escapeMalformedPath, malformedPathError } from './malformed-path';
import { originPolicy } from './origin-policy';
import { ownOriginCheck } from './own-origin-routes';
import { renderGatewayError } from './render-gateway-error';
import { readJsonBody } from './read-json-body';
import { readiness } from './readiness';
import { requestId } from './request-id';
import { upgradeRefusal } from './upgrade-refusal';
import { writeJson } from './write-json';

export interface AppOptions {
  /** Every plugin's routes, API styles' included, mounted in this order. */
  routeGroups: readonly RouteGroup[];
  runtime: GatewayRuntime;
  store: StateStore;
  logger: Logger;
  bodyLimit: string;
  /** `server.cors.allowed_origins` and `server.public_url` (empty when unset). */
  allowedOrigins: readonly string[];
  publicUrl: string;
  /** The names `Host` may carry, and whether the check applies under the config in force (a cached answer). */
  hostCheck: { matcher: HostMatcher; applies(): boolean };
  /** The check `access: 'operator'` routes pass (none registered: they are open). */
  operatorAccess?: OperatorAccessCheck;
  /** Filled with every plugin route as it is mounted, for plugins that describe the API (OpenAPI). */
  mounted?: MountedRoute[];
  /** Whether a stop signal arrived (server.shutdown_delay_ms): /ready then answers 503. */
  draining?: () => boolean;
}

/** The Express app: health routes, then every plugin's routes, each group with its own error renderer. */
export function createApp({ routeGroups, runtime, store, logger, bodyLimit, allowedOrigins, publicUrl, hostCheck, operatorAccess, mounted, draining = () => false }: AppOptions): Express {
  // Built first: the origin policy, which runs before routing, asks what the route at a path declared.
  const groups = routeGroups.map((group) => ({ group, routes: group.routes(runtime).map((route): MountedRoute => ({ ...route, plane: group.plane })) }));
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(requestId);
  app.use(hostPolicy(hostCheck));
  app.use(escapeMalformedPath);
  const ownedPrefixes = routeGroups.flatMap(({ prefixes = [], plane }) => prefixes.map((prefix) => ({ prefix, plane })));
  app.use(originPolicy({ allowedOrigins, publicUrl, ownOriginOnly: ownOriginCheck(groups.flatMap(({ routes }) => routes), ownedPrefixes) }));

  app.get('/health', (_req, res) => writeJson(res, 200, { status: 'ok' }));
  // /health stays 200 while draining: a liveness probe must not kill a replica finishing its streams.
  app.get('/ready', async (_req, res) => {
    const { status, body } = await readiness(store, draining());
    writeJson(res, status, body);
  });

  const json = readJsonBody(bodyLimit);
  const mount = (route: MountedRoute, render: (e: GatewayError) => RenderedError) => {
    // Decided at mount: the data plane's routes carry no access check at all.
    const check = route.access === 'operator' ? operatorAccess : undefined;
    const handlers: RequestHandler[] = [
      (req, res, next) => {
        const refused = hostRefusal(req) ?? malformedPathError(req) ?? upgradeRefusal(req, res);
        if (refused) throw refused;
        check?.(req);
        if (route.json) return json(req, res, next);
        next();
      },
      (req, res) => route.handle(req, res),
    ];
    app[route.method](route.path, ...handlers, errorRenderer(render, logger));
    mounted?.push(route);
  };
  for (const { group, routes } of groups) {
    const render: (e: GatewayError) => RenderedError = group.renderError?.bind(group) ?? renderGatewayError;
    for (const route of routes) mount(route, render);
  }

  app.use((req, res) => {
    const error = hostRefusal(req) ?? malformedPathError(req) ?? upgradeRefusal(req, res) ?? new GatewayError('route_not_found', `No route for ${req.method} ${req.path}.`);
    const rendered = renderGatewayError(error);
    writeJson(res, rendered.status, rendered.body);
  });
  app.use(errorRenderer(renderGatewayError, logger));
  return app;
}

function errorRenderer(render: (e: GatewayError) => RenderedError, logger: Logger): ErrorRequestHandler {
  return (thrown, _req, res, _next) => {
    const error = GatewayError.from(thrown);
    if (error.code === 'internal_error' && !(thrown instanceof GatewayError)) {
      logger.error({ requestId: res.locals.requestId, err: thrown }, 'unhandled error');
    }
    if (res.headersSent || res.destroyed) {
      if (!res.writableEnded) res.end();
      return;
    }
    const rendered = render(error);
    if (typeof rendered.body !== 'string') return writeJson(res, rendered.status, rendered.body, rendered.headers);
    // A provider's own error body, relayed as it came.
    res.writeHead(rendered.status, { 'content-type': 'application/json', ...rendered.headers, 'content-length': Buffer.byteLength(rendered.body) });
    res.end(rendered.body);
  };
}
