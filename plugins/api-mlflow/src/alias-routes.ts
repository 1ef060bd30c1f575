import type { RouteDefinition } from '@model-gateway/core';

/**
 * The same routes under another API-style segment: `/gateway/{endpoint}/native/invocations`
 * becomes `/gateway/{endpoint}/mlflow/invocations`, `/gateway/native/v1/...` becomes
 * `/gateway/mlflow/v1/...`. The handlers are the originals, so behaviour, errors and speed
 * are theirs; the alias is resolved here, once, when routes are registered.
 */
export function aliasRoutes(routes: readonly RouteDefinition[], from: string, to: string): RouteDefinition[] {
  const segment = `/${from}/`;
  return routes.map((route) => {
    const at = route.path.indexOf(segment);
    if (at < 0 || route.path.indexOf(segment, at + 1) >= 0) {
      throw new Error(`cannot alias ${route.method.toUpperCase()} ${route.path}: it needs exactly one "${segment}" segment`);
    }
    return { method: route.method, path: `${route.path.slice(0, at)}/${to}/${route.path.slice(at + segment.length)}`, json: route.json, handle: route.handle };
  });
}
