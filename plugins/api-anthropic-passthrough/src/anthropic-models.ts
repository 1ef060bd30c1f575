import { GatewayError, writeJson, type Endpoint, type GatewayRuntime, type RouteDefinition } from '@model-gateway/core';

/** The process start, as the creation time of every listed endpoint (the gateway keeps no other). */
const STARTED = new Date().toISOString();
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

/** A chat endpoint as an Anthropic model object; the provider's model name stays server-side. */
function modelInfo(endpoint: Endpoint) {
  return { type: 'model', id: endpoint.name, display_name: endpoint.name, created_at: STARTED };
}

/**
 * `GET {prefix}/v1/models` and `/v1/models/{id}` in Anthropic's shapes: the chat endpoints
 * the request may see (what a Messages call can name), paged with `limit`, `after_id` and
 * `before_id` as Anthropic pages.
 */
export function anthropicModelRoutes(prefix: string, runtime: GatewayRuntime, apiStyle: string): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: `${prefix}/v1/models`,
      handle: async (req, res) => {
        const all = (await runtime.listEndpoints(req, apiStyle)).filter((e) => e.kind === 'chat').sort((a, b) => a.name.localeCompare(b.name));
        const limit = pageLimit(req.query.limit);
        let start = 0;
        let end = all.length;
        if (typeof req.query.after_id === 'string') start = all.findIndex((e) => e.name === req.query.after_id) + 1;
        if (typeof req.query.before_id === 'string') end = Math.max(0, all.findIndex((e) => e.name === req.query.before_id));
        const page = typeof req.query.before_id === 'string' ? all.slice(Math.max(start, end - limit), end) : all.slice(start, Math.min(end, start + limit));
        const hasMore = typeof req.query.before_id === 'string' ? end - limit > start : start + limit < end;
        writeJson(res, 200, { data: page.map(modelInfo), has_more: hasMore, first_id: page[0]?.name ?? null, last_id: page[page.length - 1]?.name ?? null });
      },
    },
    {
      method: 'get',
      path: `${prefix}/v1/models/:model`,
      handle: async (req, res) => {
        const endpoint = await runtime.findEndpoint(req, apiStyle, String(req.params.model));
        if (!endpoint || endpoint.kind !== 'chat') throw new GatewayError('endpoint_not_found', `model: ${String(req.params.model)} is not a chat endpoint of this gateway.`, { param: 'model' });
        writeJson(res, 200, modelInfo(endpoint));
      },
    },
  ];
}

function pageLimit(raw: unknown): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new GatewayError('invalid_parameter', `limit: must be an integer from 1 to ${MAX_LIMIT}.`, { param: 'limit' });
  return limit;
}
