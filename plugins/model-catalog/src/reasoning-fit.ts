import type { ChatRequest, TargetedChatRequest, Target } from '@model-gateway/core';
import type { CapabilitiesOf } from './model-capabilities-lookup';

/** Names the client's fields a translation left out, so the client can tell its request was changed. */
export const DROPPED_FIELDS_HEADER = 'x-gateway-dropped-fields';

/**
 * For a translated call that asks for reasoning: the request as each target gets it.
 * Reasoning controls go only to a model the catalogue flags `reasoning: true`; a model
 * flagged false, or one the catalogue does not know, gets the request without them (a
 * model without reasoning refuses `reasoning_effort` or a thinking budget), and the
 * response names the client's fields in `x-gateway-dropped-fields`. Operators declare
 * an unknown model's flag under `models:`. Undefined when the request asks for no reasoning.
 */
export function fitReasoning(request: ChatRequest, capabilitiesOf: CapabilitiesOf, clientFields: string): ((target: Target) => TargetedChatRequest) | undefined {
  if (request.reasoning === undefined) return undefined;
  const kept: TargetedChatRequest = { request };
  const { reasoning: _dropped, ...rest } = request;
  const dropped: TargetedChatRequest = { request: rest, headers: { [DROPPED_FIELDS_HEADER]: clientFields } };
  return (target) => (capabilitiesOf(target.definition.type, target.model)?.reasoning === true ? kept : dropped);
}
