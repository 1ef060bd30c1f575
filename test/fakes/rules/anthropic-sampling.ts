/**
 * Claude's sampling rules, written apart from the gateway's own so the fake checks the gateway
 * rather than echoing it:
 * - Claude Opus 4.7 and Opus 4.8 refuse the sampling knobs with 400 invalid_request_error
 *   "`temperature` is deprecated for this model."
 *   (https://platform.claude.com/docs/en/about-claude/model-deprecations#api-parameter-deprecations);
 *   every later model (Claude 5 on) is taken to do the same.
 * - Opus 4.1 and later, Sonnet 4.5 and later, Haiku 4.5 and later refuse `temperature` and
 *   `top_p` in one request: "temperature and top_p cannot both be specified for this model.
 *   Please use only one." (https://platform.claude.com/docs/en/about-claude/models/migration-guide).
 * The knobs come in a Messages body's names; Bedrock's rules pass Converse's under them.
 */

/** Model ids of the families that refuse the pair: opus-4-1+, sonnet/haiku-4-5+, and any family at 5 or later. */
const REFUSING_PAIR = /claude-(?:opus-4-(?:[1-9]|\d\d)|(?:sonnet|haiku)-4-(?:[5-9]|\d\d)|[a-z]+-(?:[5-9]|\d\d))(?!\d)/;
/** Model ids that refuse every sampling knob: opus-4-7+, and any family at 5 or later. */
const REFUSING_SAMPLING = /claude-(?:opus-4-(?:[7-9]|\d\d)|[a-z]+-(?:[5-9]|\d\d))(?!\d)/;

export interface SamplingView {
  model?: unknown;
  temperature?: unknown;
  top_p?: unknown;
  top_k?: unknown;
}

export function samplingPairRule(body: SamplingView | undefined): string | undefined {
  if (body?.temperature == null || body.top_p == null || typeof body.model !== 'string' || !REFUSING_PAIR.test(body.model)) return undefined;
  return 'temperature and top_p cannot both be specified for this model. Please use only one.';
}

export function deprecatedSamplingRule(body: SamplingView | undefined): string | undefined {
  if (typeof body?.model !== 'string' || !REFUSING_SAMPLING.test(body.model)) return undefined;
  const field = (['temperature', 'top_p', 'top_k'] as const).find((name) => body[name] != null);
  return field && `\`${field}\` is deprecated for this model.`;
}

/** The first sampling rule the body breaks, or undefined. */
export function samplingRuleBroken(body: SamplingView | undefined): string | undefined {
  return deprecatedSamplingRule(body) ?? samplingPairRule(body);
}
