import type { ApiStyleDefinition } from '../contracts/api-style-definition';
import type { Target } from '../contracts/call-context';

type Hint = (endpoint: string) => string;

/**
 * Which routes can serve an endpoint, for error messages: every translating style's
 * route when the provider serves chat or embeddings, and the passthrough routes of
 * the formats it speaks natively. Built once from the loaded API styles.
 */
export class RouteHints {
  private readonly translating: Hint[] = [];
  private readonly passthrough = new Map<string, Hint>();

  constructor(styles: Iterable<ApiStyleDefinition>) {
    for (const style of styles) {
      if (!style.routeHint) continue;
      const hint = style.routeHint.bind(style);
      if (style.passthroughFormat) this.passthrough.set(style.passthroughFormat, hint);
      else this.translating.push(hint);
    }
  }

  /** The routes that work for `endpoint` served by `target`, most general first. */
  routesFor(endpoint: string, target: Target): string[] {
    const { connection, definition } = target;
    const routes = connection.chat || connection.embeddings ? this.translating.map((hint) => hint(endpoint)) : [];
    for (const format of definition.capabilities.passthrough) {
      const hint = this.passthrough.get(format);
      if (hint) routes.push(hint(endpoint));
    }
    return routes;
  }
}
