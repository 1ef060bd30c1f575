import { GatewayError, writeJson, type Endpoint, type GatewayRuntime, type RouteDefinition } from '@model-gateway/core';

/** The process start, as the creation time of every listed endpoint (the gateway keeps no other). */
const STARTED = Math.floor(Date.now() / 1000);

/** An endpoint as an OpenAI model object; the provider's model name stays server-side. */
function modelObject(endpoint: Endpoint) {
  return { id: endpoint.name, object: 'model', created: STARTED, owned_by: 'model-gateway' };
}

/**
 * `GET {prefix}/models` and `/models/{id}` in OpenAI's shapes: every endpoint the request
 * may see (GatewayRuntime.listEndpoints), chat and embeddings, as OpenAI lists both.
 */
export function openAiModelRoutes(prefix: string, runtime: GatewayRuntime, apiStyle: string): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: `${prefix}/models`,
      handle: async (req, res) => writeJson(res, 200, { object: 'list', data: (await runtime.listEndpoints(req, apiStyle)).map(modelObject) }),
    },
    {
      method: 'get',
      path: `${prefix}/models/:model`,
      handle: async (req, res) => {
        const endpoint = await runtime.findEndpoint(req, apiStyle, String(req.params.model));
        if (!endpoint) throw new GatewayError('endpoint_not_found', `The model '${String(req.params.model)}' does not exist: no endpoint has that name.`, { param: 'model' });
        writeJson(res, 200, modelObject(endpoint));
      },
    },
  ];
}
