import {
  GatewayError, renderOpenAiStyleError, writeJson,
  type ApiStyleDefinition, type Endpoint, type GatewayRuntime, type RouteDefinition,
} from '@model-gateway/core';
import { decodeChatRequest, decodeEmbeddingsRequest, openAiChatOutput, openAiEmbeddingsOutput } from '@model-gateway/format-openai';

export const API_STYLE = 'openai-chat';
const BASE = '/gateway/native/v1';

/**
 * The OpenAI-compatible unified API: an OpenAI client with base URL
 * `{gateway}/gateway/native/v1` and an endpoint name as `model` reaches any provider.
 */
export const openAiChatApi: ApiStyleDefinition = {
  name: API_STYLE,
  renderError: renderOpenAiStyleError,
  routes: (runtime: GatewayRuntime): RouteDefinition[] => [
    {
      method: 'post',
      path: `${BASE}/chat/completions`,
      json: true,
      handle: async (req, res) => {
        const { model, request } = decodeChatRequest(req.body, { requireModel: true });
        await runtime.chat(req, res, { apiStyle: API_STYLE, endpointName: model as string, request, output: openAiChatOutput });
      },
    },
    {
      method: 'post',
      path: `${BASE}/embeddings`,
      json: true,
      handle: async (req, res) => {
        const { model, request } = decodeEmbeddingsRequest(req.body, { requireModel: true });
        await runtime.embeddings(req, res, { apiStyle: API_STYLE, endpointName: model as string, request, output: openAiEmbeddingsOutput });
      },
    },
    {
      method: 'get',
      path: `${BASE}/models`,
      handle: (_req, res) => writeJson(res, 200, { object: 'list', data: runtime.endpoints.list().map(modelEntry) }),
    },
    {
      method: 'get',
      path: `${BASE}/models/:model`,
      handle: (req, res) => {
        const endpoint = runtime.endpoints.get(String(req.params.model));
        if (!endpoint) throw new GatewayError('endpoint_not_found', `Endpoint "${String(req.params.model)}" does not exist.`, { param: 'model' });
        writeJson(res, 200, modelEntry(endpoint));
      },
    },
  ],
};

/** An endpoint as an OpenAI model object; the provider's model name stays server-side. */
const STARTED = Math.floor(Date.now() / 1000);

function modelEntry(endpoint: Endpoint) {
  return { id: endpoint.name, object: 'model', created: STARTED, owned_by: 'model-gateway', kind: endpoint.kind };
}
