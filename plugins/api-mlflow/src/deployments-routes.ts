import { GatewayError, writeJson, type Endpoint, type GatewayRuntime, type RouteDefinition } from '@model-gateway/core';
import { deploymentsEndpoint } from './deployments-endpoint';

/**
 * The routes `mlflow.deployments.get_deploy_client("<gateway>")` calls:
 * `predict` -> POST /endpoints/{name}/invocations (the native invocations handler: chat or
 * embeddings by the endpoint's kind), `list_endpoints` -> GET /api/2.0/endpoints/ (all
 * endpoints on one page, so no `next_page_token`), `get_endpoint` -> GET /api/2.0/endpoints/{name}.
 */
export function deploymentsRoutes(runtime: GatewayRuntime, apiStyle: string, invocations: RouteDefinition, providerType: (connection: string) => string): RouteDefinition[] {
  const describe = (endpoint: Endpoint) => deploymentsEndpoint(endpoint, providerType(endpoint.provider));
  // The two listings sit in the /api/ namespace, which answered only the gateway's own origin before routes declared planes: they keep that rule.
  return [
    { method: 'post', path: '/endpoints/:endpoint/invocations', json: invocations.json, handle: invocations.handle },
    {
      method: 'get',
      path: '/api/2.0/endpoints',
      crossOrigin: 'own',
      handle: async (req, res) => writeJson(res, 200, { endpoints: (await runtime.listEndpoints(req, apiStyle)).map(describe) }),
    },
    {
      method: 'get',
      path: '/api/2.0/endpoints/:name',
      crossOrigin: 'own',
      handle: async (req, res) => {
        const name = String(req.params.name);
        const endpoint = await runtime.findEndpoint(req, apiStyle, name);
        if (!endpoint) throw new GatewayError('endpoint_not_found', `Endpoint "${name}" does not exist.`);
        writeJson(res, 200, describe(endpoint));
      },
    },
  ];
}
