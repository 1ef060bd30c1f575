import type { Request, Response } from 'express';
import {
  endpointFromModel, extensibleCopy, jsonBodyBuffer, relayBody, relayedOr, unknownPathRoutes, writeJson,
  type ApiStyleDefinition, type GatewayRuntime, type PassthroughTarget, type RouteDefinition, type UsageTap,
} from '@model-gateway/core';
import { fitClaudeSamplingBody } from '@model-gateway/format-anthropic';
import { anthropicModelRoutes } from './anthropic-models';
import { anthropicStreamError, renderAnthropicError } from './anthropic-error';
import { anthropicUsageTap } from './anthropic-usage';
import { estimateInputTokens } from './token-estimate';
import { translateAnthropicCall } from './translate-anthropic-call';

export const API_STYLE = 'anthropic-passthrough';

/** The vendor segment and its neutral alias; the Anthropic SDK appends /v1/messages to `{gateway}/gateway/anthropic`. */
const PREFIXES = ['/gateway/anthropic', '/gateway/vendor-b'];

/** Says that a count_tokens answer was computed by the gateway, not by the endpoint's provider. */
export const TOKEN_COUNT_HEADER = 'x-gateway-token-count';

/** count_tokens reports no usage of its own: counting is not a billed model call. */
const NO_USAGE: UsageTap = { write: () => undefined, end: () => undefined };

/**
 * Anthropic's Messages API: relayed with the endpoint's model and the gateway's key when
 * the endpoint's provider speaks it, translated through the canonical model otherwise.
 * Also what coding agents call besides messages: count_tokens (relayed, or estimated),
 * the models list, and a reachability probe on the base path.
 */
export function anthropicPassthroughApi(): ApiStyleDefinition {
  return {
    name: API_STYLE,
    passthroughFormat: 'anthropic',
    routeHint: () => '/gateway/anthropic/v1/messages',
    // The Anthropic SDK sends its key as x-api-key (and, in 1.x, as Authorization too).
    clientCredentials: { headers: ['x-api-key'] },
    // Anthropic's documented request id, organization and rate-limit headers, and the retry hint its SDKs read.
    relayedResponseHeaders: ['request-id', 'anthropic-organization-id', 'anthropic-ratelimit-*', 'x-should-retry'],
    renderError: relayedOr(renderAnthropicError),
    routes: (runtime: GatewayRuntime): RouteDefinition[] => [
      ...PREFIXES.flatMap((prefix): RouteDefinition[] => [
        // Claude Code probes the base URL with HEAD before its first call; Express answers HEAD from GET routes.
        { method: 'get', path: prefix, handle: (_req, res) => writeJson(res, 200, { type: 'gateway', format: 'anthropic', models: `${prefix}/v1/models` }) },
        { method: 'post', path: `${prefix}/v1/messages`, json: true, handle: (req: Request, res: Response) => messages(runtime, req, res) },
        { method: 'post', path: `${prefix}/v1/messages/count_tokens`, json: true, handle: (req: Request, res: Response) => countTokens(runtime, req, res) },
        ...anthropicModelRoutes(prefix, runtime, API_STYLE),
      ]),
      ...unknownPathRoutes(PREFIXES),
    ],
  };
}

async function messages(runtime: GatewayRuntime, req: Request, res: Response): Promise<void> {
  const body = relayBody(req.body);
  const endpointName = endpointFromModel(body);
  const stream = body.stream === true;
  await runtime.relay(req, res, {
    apiStyle: API_STYLE,
    endpointName,
    kind: 'chat',
    format: 'anthropic',
    operation: 'messages',
    stream,
    body: (model, target, dropField) => jsonBodyBuffer(relayedBody(body, model, target, dropField)),
    usageTap: () => anthropicUsageTap(stream),
    streamError: anthropicStreamError,
    translate: () => translateAnthropicCall(body),
  });
}

/**
 * The body with the endpoint's model, without the sampling knobs that model refuses (named in
 * x-gateway-dropped-fields: hints, never a provider 400; format-anthropic's claude-sampling.ts),
 * then in the target's dialect (Claude on Vertex: the model in the URL, the version in the body).
 */
function relayedBody(body: Record<string, unknown>, model: string, target: PassthroughTarget, dropField: (field: string) => void): Record<string, unknown> {
  const named = fitClaudeSamplingBody(extensibleCopy(body, { model }), model, dropField);
  return target.rewriteBody ? target.rewriteBody(named) : named;
}

/** Relayed to a provider that counts Claude's tokens (Anthropic, Claude on Vertex AI); any other gets the gateway's own estimate. */
async function countTokens(runtime: GatewayRuntime, req: Request, res: Response): Promise<void> {
  const body = relayBody(req.body);
  const endpointName = endpointFromModel(body);
  await runtime.relay(req, res, {
    apiStyle: API_STYLE,
    endpointName,
    kind: 'chat',
    format: 'anthropic',
    operation: 'messages/count_tokens',
    stream: false,
    // In the target's dialect where it has one (Claude on Vertex AI names the model by its Vertex id).
    body: (model, target) => {
      const named = extensibleCopy(body, { model });
      return jsonBodyBuffer(target.rewriteBody ? target.rewriteBody(named) : named);
    },
    usageTap: () => NO_USAGE,
    streamError: anthropicStreamError,
    translate: () => ({ kind: 'local', status: 200, body: { input_tokens: estimateInputTokens(body) }, headers: { [TOKEN_COUNT_HEADER]: 'estimate' } }),
  });
}
