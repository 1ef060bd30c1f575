/**
 * Newer Claude models refuse `temperature` and `top_p` in one request (400 "temperature and
 * top_p cannot both be specified for this model. Please use only one."): Claude Opus 4.1 and
 * later, Sonnet 4.5 and later, Haiku 4.5 and later
 * (https://platform.claude.com/docs/en/about-claude/models/migration-guide).
 */

import { withoutFields, type ChatRequest, type ProviderAttempt } from '@model-gateway/core';
import { atLeast, claudeVersion } from './claude-model-id';

/** The first version of each family that refuses the pair; every family refuses it from Claude 5 on. */
const FIRST_REFUSING: Readonly<Record<string, readonly [number, number]>> = {
  opus: [4, 1],
  sonnet: [4, 5],
  haiku: [4, 5],
};

/** Whether `model` refuses `temperature` together with `top_p`. */
export function refusesSamplingPair(model: string): boolean {
  const version = claudeVersion(model);
  if (!version) return false;
  const first = FIRST_REFUSING[version.family];
  return first ? atLeast(version, first[0], first[1]) : version.major >= 5;
}

/**
 * The request as a model that refuses the pair takes it: `top_p` is dropped (and named) and
 * `temperature` kept, because temperature is the knob every format and client has and the one
 * Anthropic advises adjusting, while top_p is the rarer refinement of it.
 */
export function fitSamplingPair(request: ChatRequest, attempt: Pick<ProviderAttempt, 'model' | 'dropField'>): ChatRequest {
  if (request.temperature === undefined || request.topP === undefined || !refusesSamplingPair(attempt.model)) return request;
  return withoutFields(request, ['topP'], attempt);
}
