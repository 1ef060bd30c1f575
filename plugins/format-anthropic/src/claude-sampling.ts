/**
 * Sampling knobs (`temperature`, `top_p`, `top_k`) for Claude, on every path that reaches it.
 *
 * The facts: the anthropic Python SDK 1.0 (2026-08-20) removed `temperature`, `top_p` and
 * `top_k` from `Messages.create()` (its MIGRATION.md, "removed deprecated request parameters";
 * https://platform.claude.com/docs/en/about-claude/model-deprecations#api-parameter-deprecations),
 * but the API still takes them on models that sample with them (the SDK's migration note says
 * to pass them through `extra_body`). Claude Opus 4.7 and Opus 4.8 refuse them: 400
 * invalid_request_error "`temperature` is deprecated for this model."; the gateway treats every
 * later model the same (Claude 5 on). Earlier models take them, with the temperature + top_p
 * pair rule (sampling-pair.ts).
 *
 * The decision: they are hints. For a model that refuses them they are dropped and named in
 * x-gateway-dropped-fields (a provider 400 is never the right answer to a hint); for any other
 * Claude model they are sent, since the API accepts them.
 */

import { withoutFields, type ChatRequest, type DroppableField, type ProviderAttempt } from '@model-gateway/core';
import { atLeast, claudeVersion } from './claude-model-id';
import { fitSamplingPair, refusesSamplingPair } from './sampling-pair';

/** The canonical sampling fields, and their names in a Messages body. */
const SAMPLING_FIELDS: readonly DroppableField[] = ['temperature', 'topP', 'topK'];
const SAMPLING_WIRE_FIELDS: readonly string[] = ['temperature', 'top_p', 'top_k'];

/** Whether `model` refuses every sampling knob: Opus 4.7 and later, and every Claude 5 model or later. */
export function refusesSampling(model: string): boolean {
  const version = claudeVersion(model);
  if (!version) return false;
  return version.major >= 5 || (version.family === 'opus' && atLeast(version, 4, 7));
}

/** The canonical request as `attempt`'s Claude model takes it: knobs it refuses dropped and reported. */
export function fitClaudeSampling(request: ChatRequest, attempt: Pick<ProviderAttempt, 'model' | 'dropField'>): ChatRequest {
  if (refusesSampling(attempt.model)) return withoutFields(request, SAMPLING_FIELDS, attempt);
  return fitSamplingPair(request, attempt);
}

/**
 * A Messages body a client wrote (relayed, not translated) as `model` takes it, by the same
 * rule, the fields named as the client wrote them. Returns `body` itself when nothing is
 * dropped, else a copy: the same body may be relayed to another target afterwards.
 */
export function fitClaudeSamplingBody(body: Record<string, unknown>, model: string, dropField: (field: string) => void): Record<string, unknown> {
  const dropped = droppedSamplingFields(body, model);
  if (dropped.length === 0) return body;
  const fitted = Object.assign({}, body);
  for (const field of dropped) {
    delete fitted[field];
    dropField(field);
  }
  return fitted;
}

function droppedSamplingFields(body: Record<string, unknown>, model: string): readonly string[] {
  if (refusesSampling(model)) return SAMPLING_WIRE_FIELDS.filter((field) => body[field] != null);
  return body.temperature != null && body.top_p != null && refusesSamplingPair(model) ? ['top_p'] : [];
}
