/**
 * `:countTokens` on the Gemini routes, which Gemini CLI and google-genai call before a turn.
 *
 * - A Gemini endpoint (Gemini API, Vertex AI's Gemini models) gets the body relayed to its
 *   own countTokens, as the route relays generateContent.
 * - Another endpoint whose provider has a count call of its own in a format the gateway
 *   relays (Anthropic's `/v1/messages/count_tokens`, and Claude on Vertex AI's count, the calls
 *   `/gateway/anthropic` relays) gets the prompt in that format, and its count comes back as
 *   Gemini's CountTokensResponse.
 * - Any other gets the gateway's estimate, the one `/gateway/anthropic`'s count_tokens gives
 *   (OpenAI's o200k_base encoding over the same prompt), marked `x-gateway-token-count: estimate`.
 *
 * Counting is not a billed model call: no usage is recorded for it.
 */
import type { Request, Response } from 'express';
import { extensibleCopy, invalidUpstream, isWireObject, type ForeignRelay, type GatewayRuntime, type UsageTap, type WireObject } from '@model-gateway/core';
import { estimateInputTokens, TOKEN_COUNT_HEADER } from '@model-gateway/api-anthropic-passthrough';
import { decodeAnthropicError, encodeAnthropicRequest } from '@model-gateway/format-anthropic';
import { decodeCountTokensRequest, encodeCountTokensResponse } from '@model-gateway/format-gemini';

const NO_USAGE: UsageTap = { write: () => undefined, end: () => undefined };

/** The Messages fields Anthropic's count_tokens takes (https://docs.anthropic.com/en/api/messages-count-tokens); max_tokens and sampling knobs are not among them. */
const COUNT_FIELDS = ['model', 'system', 'messages', 'tools', 'tool_choice'] as const;

export async function countTokens(runtime: GatewayRuntime, req: Request, res: Response, endpointName: string, apiVersion: string, body: unknown, apiStyle: string): Promise<void> {
  // Decoded once, when a target first needs it (a Gemini endpoint never does).
  let messages: WireObject | undefined;
  const messagesBody = (model: string): WireObject => {
    messages ??= countBody(encodeAnthropicRequest(decodeCountTokensRequest(body), ''));
    return extensibleCopy(messages, { model });
  };
  const foreign: ForeignRelay = {
    format: 'anthropic',
    operation: 'messages/count_tokens',
    // In the target's dialect where it has one (Claude on Vertex AI counts at its own count-tokens model).
    body: (model, target) => {
      const named = messagesBody(model);
      return Buffer.from(JSON.stringify(target.rewriteBody ? target.rewriteBody(named) : named));
    },
    answer: (answer) => encodeCountTokensResponse(inputTokens(answer)),
    errorInfo: decodeAnthropicError,
  };
  await runtime.relay(req, res, {
    apiStyle,
    endpointName,
    kind: 'chat',
    format: 'gemini',
    operation: 'countTokens',
    apiVersion,
    stream: false,
    // In the target's dialect where it has one (Vertex AI counts a Gemini prompt given at the top level).
    body: (_model, target) => Buffer.from(JSON.stringify(target.rewriteBody && isWireObject(body) ? target.rewriteBody(body) : body)),
    usageTap: () => NO_USAGE,
    streamError: () => undefined,
    foreign,
    translate: () => ({
      kind: 'local',
      status: 200,
      body: encodeCountTokensResponse(estimateInputTokens(messagesBody(''))),
      headers: { [TOKEN_COUNT_HEADER]: 'estimate' },
    }),
  });
}

/** What count_tokens takes of an encoded Messages body. */
function countBody(encoded: WireObject): WireObject {
  const out: WireObject = {};
  for (const field of COUNT_FIELDS) if (encoded[field] !== undefined) out[field] = encoded[field];
  return out;
}

function inputTokens(answer: unknown): number {
  const count = isWireObject(answer) ? answer.input_tokens : undefined;
  if (typeof count !== 'number') throw invalidUpstream('input_tokens is missing from the token count');
  return count;
}
