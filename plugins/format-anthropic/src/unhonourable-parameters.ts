/**
 * Parameters of other formats that Anthropic cannot honour. Each one changes what a
 * client gets back, so it is a 400 naming it rather than a silent drop:
 * - `n` > 1: Anthropic returns one answer per call.
 * - `presence_penalty`, `frequency_penalty` other than 0: Anthropic has no penalties.
 * - `seed`: Anthropic has no seeded sampling; a client asking for repeatable answers
 *   would silently not get them.
 * - `logprobs: true`, `top_logprobs`, a non-empty `logit_bias`: Anthropic reports no
 *   token probabilities and takes no biases.
 * - audio output (`modalities` with "audio", `audio`) and `prediction`: no such features.
 * - `temperature` above 1: Anthropic's range is 0-1 and rescaling would change its meaning.
 * The neutral values (n 1, penalties 0, logprobs false) are accepted: they ask for
 * nothing Anthropic does not do anyway.
 */
import { invalidParameterAt, type ChatRequest } from '@model-gateway/core';

const WHY = "Anthropic's Messages API";

export function rejectUnhonourable(request: ChatRequest): void {
  if (request.n !== undefined && request.n > 1) throw invalidParameterAt('n', `must be 1: ${WHY} returns one answer per call`);
  if (request.presencePenalty) throw invalidParameterAt('presence_penalty', `must be 0 or unset: ${WHY} has no penalties`);
  if (request.frequencyPenalty) throw invalidParameterAt('frequency_penalty', `must be 0 or unset: ${WHY} has no penalties`);
  if (request.seed !== undefined) throw invalidParameterAt('seed', `not supported: ${WHY} has no seeded sampling`);
  if (request.temperature !== undefined && request.temperature > 1) throw invalidParameterAt('temperature', `must be <= 1 for ${WHY} (its range is 0-1)`);

  const { extra } = request;
  if (extra.logprobs === true) throw invalidParameterAt('logprobs', `not supported: ${WHY} reports no token probabilities`);
  if (extra.top_logprobs !== undefined && extra.top_logprobs !== null) throw invalidParameterAt('top_logprobs', `not supported: ${WHY} reports no token probabilities`);
  if (isNonEmptyObject(extra.logit_bias)) throw invalidParameterAt('logit_bias', `not supported: ${WHY} takes no token biases`);
  if (Array.isArray(extra.modalities) && extra.modalities.includes('audio')) throw invalidParameterAt('modalities', `not supported: ${WHY} has no audio output`);
  if (extra.audio !== undefined && extra.audio !== null) throw invalidParameterAt('audio', `not supported: ${WHY} has no audio output`);
  if (extra.prediction !== undefined && extra.prediction !== null) throw invalidParameterAt('prediction', `not supported: ${WHY} has no predicted outputs`);
}

function isNonEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
}
