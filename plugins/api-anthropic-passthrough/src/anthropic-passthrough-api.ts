import type { Request, Response } from 'express';
import { endpointFromModel, extensibleCopy, relayBody, relayedOr, unknownPathRoutes, type ApiStyleDefinition, type GatewayRuntime, type RouteDefinition } from '@model-gateway/core';
import { decodeAnthropicRequest } from '@model-gateway/format-anthropic';
import { anthropicChatOutput } from './anthropic-chat-output';
import { anthropicStreamError, renderAnthropicError } from './anthropic-error';
import { anthropicUsageTap } from './anthropic-usage';

export const API_STYLE = 'anthropic-passthrough';

/** The vendor segment and its neutral alias; the Anthropic SDK appends /v1/messages to `{gateway}/gateway/anthropic`. */
const PREFIXES = ['/gateway/anthropic', '/gateway/vendor-b'];

/**
 * Anthropic's Messages API: relayed with the endpoint's model and the gateway's key when
 * the endpoint's provider speaks it, translated through the canonical model otherwise.
 */
export const anthropicPassthroughApi: ApiStyleDefinition = {
  name: API_STYLE,
  passthroughFormat: 'anthropic',
  routeHint: () => '/gateway/anthropic/v1/messages',
  // The Anthropic SDK sends its key as x-api-key (and, in 1.x, as Authorization too).
  clientCredentials: { headers: ['x-api-key'] },
  renderError: relayedOr(renderAnthropicError),
  routes: (runtime: GatewayRuntime): RouteDefinition[] => [
    ...PREFIXES.map((prefix) => ({
      method: 'post' as const,
      path: `${prefix}/v1/messages`,
      json: true,
      handle: (req: Request, res: Response) => relay(runtime, req, res),
    })),
    ...unknownPathRoutes(PREFIXES),
  ],
};

async function relay(runtime: GatewayRuntime, req: Request, res: Response): Promise<void> {
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
    body: (model) => Buffer.from(JSON.stringify(extensibleCopy(body, { model }))),
    usageTap: () => anthropicUsageTap(stream),
    streamError: anthropicStreamError,
    translate: () => ({ kind: 'chat', request: decodeAnthropicRequest(body).request, output: anthropicChatOutput }),
  });
}
