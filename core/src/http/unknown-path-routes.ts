import { GatewayError } from '../errors/gateway-error';
import type { RouteDefinition } from '../contracts/route-definition';

/**
 * Catch-alls under an API style's prefixes, mounted after its real routes, so a
 * path the gateway does not serve is a 404 in that style's own error format
 * (an SDK then reports it as it would report the provider's 404).
 */
export function unknownPathRoutes(prefixes: readonly string[]): RouteDefinition[] {
  return prefixes.flatMap((prefix) =>
    (['get', 'post'] as const).map((method) => ({
      method,
      path: `${prefix}/*rest`,
      handle: (req) => {
        throw new GatewayError('route_not_found', `No route for ${req.method} ${req.path}.`);
      },
    })),
  );
}
