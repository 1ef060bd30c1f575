import type { Target } from '../contracts/call-context';
import type { PassthroughFormat } from '../contracts/passthrough-target';
import { GatewayError } from '../errors/gateway-error';
import type { RouteHints } from './route-hints';

/** The endpoint's provider cannot serve this route: say which routes it can serve. */
export function unsupportedRoute(endpoint: string, target: Target, hints: RouteHints, format?: PassthroughFormat): GatewayError {
  const routes = hints.routesFor(endpoint, target);
  const what = format ? `does not speak the ${format} format` : 'cannot be called through the unified APIs';
  const where = routes.length > 0 ? ` Routes that work for it: ${routes.join(', ')}.` : '';
  return new GatewayError('unsupported_route', `Endpoint "${endpoint}" is served by provider type "${target.definition.type}", which ${what}.${where}`);
}
