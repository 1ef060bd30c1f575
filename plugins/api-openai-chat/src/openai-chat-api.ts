import {
  GatewayError, renderGatewayError, writeJson,
  type ApiStyleDefinition, type Endpoint, type GatewayRuntime, type RouteDefinition,
} from '@model-gateway/core';
import { CHAT_FIELD_NAMES, decodeChatRequest, decodeEmbeddingsRequest, openAiChatOutput, openAiEmbeddingsOutput } from '@model-gateway/format-openai';
import { decodeResponsesRequest, DROPPED_TOOLS_HEADER, RESPONSES_FIELD_NAMES, responsesChatOutput } from '@model-gateway/format-openai-responses';

export const API_STYLE = 'openai-chat';
/** Recorded on usage records of the Responses route, so its traffic can be told apart from Chat Completions'. */
export const RESPONSES_API_STYLE = 'openai-responses';
const BASE = '/gateway/native/v1';

/**
 * The OpenAI-compatible unified API: an OpenAI client with base URL
 * `{gateway}/gateway/native/v1` and an endpoint name as `model` reaches any provider,
 * through Chat Completions or the Responses API.
 */
export const openAiChatApi: ApiStyleDefinition = {
  name: API_STYLE,
  routeHint: () => `${BASE}/...`,
  renderError: renderGatewayError,
  routes: (runtime: GatewayRuntime): RouteDefinition[] => [
    // A reachability probe (HEAD, answered from this GET) on the base URL a client is given.
    { method: 'get', path: BASE, handle: (_req, res) => writeJson(res, 200, { object: 'gateway', format: 'openai', models: `${BASE}/models` }) },
    {
      method: 'post',
      path: `${BASE}/chat/completions`,
      json: true,
      // Not async: handing back the runtime's promise spares an await per call; Express routes a throw or a rejection alike.
      handle: (req, res) => {
        const { model, request } = decodeChatRequest(req.body, { requireModel: true });
        return runtime.chat(req, res, { apiStyle: API_STYLE, endpointName: model as string, request, output: openAiChatOutput, fieldNames: CHAT_FIELD_NAMES });
      },
    },
    {
      // The Responses API's stateless subset, translated for any provider like Chat Completions.
      method: 'post',
      path: `${BASE}/responses`,
      json: true,
      handle: async (req, res) => {
        const { model, request, echo, droppedTools } = decodeResponsesRequest(req.body);
        // Set before the runtime writes the head, so the answer (or its error) says which tools the model did not see.
        if (droppedTools.length > 0) res.setHeader(DROPPED_TOOLS_HEADER, droppedTools.join(', '));
        await runtime.chat(req, res, { apiStyle: RESPONSES_API_STYLE, endpointName: model, request, output: responsesChatOutput(echo), fieldNames: RESPONSES_FIELD_NAMES });
      },
    },
    {
      method: 'post',
      path: `${BASE}/embeddings`,
      json: true,
      handle: (req, res) => {
        const { model, request } = decodeEmbeddingsRequest(req.body, { requireModel: true });
        return runtime.embeddings(req, res, { apiStyle: API_STYLE, endpointName: model as string, request, output: openAiEmbeddingsOutput });
      },
    },
    {
      method: 'get',
      path: `${BASE}/models`,
      handle: async (req, res) => writeJson(res, 200, { object: 'list', data: (await runtime.listEndpoints(req, API_STYLE)).map(modelEntry) }),
    },
    {
      method: 'get',
      path: `${BASE}/models/:model`,
      handle: async (req, res) => {
        const endpoint = await runtime.findEndpoint(req, API_STYLE, String(req.params.model));
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
