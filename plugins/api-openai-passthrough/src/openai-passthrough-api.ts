import type { Request, Response } from 'express';
import {
  answerRewriteFilter, chainFilters, endpointFromModel, extensibleCopy, jsonBodyBuffer, relayBody, relayedOr, renderGatewayError, sseData, unknownPathRoutes, writeJson,
  type ApiStyleDefinition, type EndpointKind, type GatewayRuntime, type PassthroughTarget, type RouteDefinition,
} from '@model-gateway/core';
import { openAiModelRoutes } from './openai-models';
import { openAiUsageTap } from './openai-usage';
import { translateOpenAiCall, type OpenAiOperation } from './translate-openai-call';
import { usageChunkFilter } from './usage-chunk-filter';

export const API_STYLE = 'openai-passthrough';

/** The vendor segment and its neutral alias both reach the same routes. */
const PREFIXES = ['/gateway/openai/v1', '/gateway/vendor-a/v1'];

/** OpenAI operations that can be relayed, and the kind of endpoint each needs. Paths are fixed here, never taken from the client. */
const OPERATIONS: ReadonlyArray<{ operation: OpenAiOperation; kind: EndpointKind }> = [
  { operation: 'chat/completions', kind: 'chat' },
  { operation: 'embeddings', kind: 'embeddings' },
  { operation: 'responses', kind: 'chat' },
];

/**
 * OpenAI's own API, relayed: an OpenAI SDK with base URL `{gateway}/gateway/openai/v1`
 * and an endpoint name as `model` reaches the endpoint's provider unchanged but for
 * the model name and the credentials. An endpoint whose provider speaks another format
 * (Anthropic, Gemini, Bedrock, mock, ...) is reached through the canonical model instead,
 * and answers in OpenAI's format all the same.
 */
export function openAiPassthroughApi(): ApiStyleDefinition {
  return {
    name: API_STYLE,
    passthroughFormat: 'openai',
    routeHint: () => '/gateway/openai/v1/...',
    // OpenAI SDKs send Authorization (dropped for every style); Azure OpenAI clients send api-key.
    clientCredentials: { headers: ['api-key'] },
    // OpenAI's documented request id, organization, timing, version and rate-limit headers; the retry hints its SDKs read; Azure's request id.
    relayedResponseHeaders: [
      'x-request-id', 'openai-organization', 'openai-project', 'openai-processing-ms', 'openai-version', 'x-ratelimit-*',
      'retry-after-ms', 'x-should-retry', 'apim-request-id',
    ],
    renderError: relayedOr(renderGatewayError),
    routes: (runtime: GatewayRuntime): RouteDefinition[] => [
      ...PREFIXES.flatMap((prefix): RouteDefinition[] => [
        // A reachability probe (HEAD, answered from this GET) on the base URL a client is given.
        { method: 'get', path: prefix, handle: (_req, res) => writeJson(res, 200, { object: 'gateway', format: 'openai', models: `${prefix}/models` }) },
        ...OPERATIONS.map(({ operation, kind }) => ({
          method: 'post' as const,
          path: `${prefix}/${operation}`,
          json: true,
          handle: (req: Request, res: Response) => relay(runtime, req, res, operation, kind),
        })),
        ...openAiModelRoutes(prefix, runtime, API_STYLE),
      ]),
      ...unknownPathRoutes(PREFIXES),
    ],
  };
}

async function relay(runtime: GatewayRuntime, req: Request, res: Response, operation: OpenAiOperation, kind: EndpointKind): Promise<void> {
  const body = relayBody(req.body);
  const endpointName = endpointFromModel(body);
  const stream = body.stream === true;
  // Chat streams carry usage only when asked; the gateway asks, and hides the answer from clients that did not.
  const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
  const wantsUsage = operation === 'chat/completions' && stream && streamOptions?.include_usage !== true;
  // A provider that rejects stream_options (Mistral) reports usage by itself; nothing is added or hidden there.
  const injectUsage = (target: PassthroughTarget) => wantsUsage && target.streamOptions !== false;
  await runtime.relay(req, res, {
    apiStyle: API_STYLE,
    endpointName,
    kind,
    format: 'openai',
    operation,
    stream,
    // A provider with a dialect of OpenAI's format (Mistral's random_seed) gets the body in its dialect.
    body: (model, target) =>
      jsonBodyBuffer(extensibleCopy(target.rewriteBody ? target.rewriteBody(body) : body, injectUsage(target) ? { model, stream_options: extensibleCopy(streamOptions, { include_usage: true }) } : { model })),
    usageTap: () => openAiUsageTap(operation, stream),
    // A provider whose answers are in a dialect (Mistral's content chunks) has them rewritten first; others keep the untouched relay.
    responseFilter: (target) =>
      chainFilters(target.rewriteAnswer && answerRewriteFilter(target.rewriteAnswer, stream), injectUsage(target) ? usageChunkFilter() : undefined),
    streamError: (error) =>
      operation === 'responses'
        ? `event: error\ndata: ${JSON.stringify({ type: 'error', code: error.code, message: error.message, param: error.param ?? null })}\n\n`
        : sseData(renderGatewayError(error).body),
    translate: () => translateOpenAiCall(operation, body),
  });
}
