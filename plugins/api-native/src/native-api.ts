import { renderGatewayError, type ApiStyleDefinition, type EndpointKind, type GatewayRuntime } from '@model-gateway/core';
import { CHAT_FIELD_NAMES, decodeChatRequest, decodeEmbeddingsRequest, openAiChatOutput, openAiEmbeddingsOutput } from '@model-gateway/format-openai';

export const API_STYLE = 'native';

/**
 * The native invocations API: the endpoint is in the path, the body is an
 * OpenAI chat or embeddings body without `model`, and the endpoint's kind
 * decides which. A body of the other kind is a 400 that says so.
 */
export const nativeApi: ApiStyleDefinition = {
  name: API_STYLE,
  routeHint: (endpoint) => `/gateway/${endpoint}/native/invocations`,
  renderError: renderGatewayError,
  routes: (runtime: GatewayRuntime) => [
    {
      method: 'post',
      path: '/gateway/:endpoint/native/invocations',
      json: true,
      handle: async (req, res) => {
        const endpointName = String(req.params.endpoint);
        // An unknown endpoint is reported by the pipeline, after its onRequest checks (a gateway key's), so a refused caller cannot probe names.
        const endpointKind = runtime.endpoints.get(endpointName)?.kind ?? 'chat';
        if (bodyKind(req.body, endpointKind) === 'chat') {
          const { request } = decodeChatRequest(req.body, { requireModel: false });
          await runtime.chat(req, res, { apiStyle: API_STYLE, endpointName, request, output: openAiChatOutput, fieldNames: CHAT_FIELD_NAMES });
        } else {
          const { request } = decodeEmbeddingsRequest(req.body, { requireModel: false });
          await runtime.embeddings(req, res, { apiStyle: API_STYLE, endpointName, request, output: openAiEmbeddingsOutput });
        }
      },
    },
  ],
};

/** The body's own shape wins, so a mismatch is reported as such rather than as a missing field. */
function bodyKind(body: unknown, endpointKind: EndpointKind): EndpointKind {
  if (body && typeof body === 'object') {
    if ('messages' in body && !('input' in body)) return 'chat';
    if ('input' in body && !('messages' in body)) return 'embeddings';
  }
  return endpointKind;
}
