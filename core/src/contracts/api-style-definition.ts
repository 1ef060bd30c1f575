import type { GatewayError } from '../errors/gateway-error';
import type { GatewayRuntime } from './gateway-runtime';
import type { RenderedError, RouteDefinition } from './route-definition';

/**
 * An inbound API format: its routes, and how its clients expect errors to look. Registering
 * a style registers its routes as a data-plane route group (RouteGroup), rendered with `renderError`.
 */
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
