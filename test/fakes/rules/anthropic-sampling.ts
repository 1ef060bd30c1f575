/**
 * Newer Claude models (Opus 4.1 and later, Sonnet 4.5 and later, Haiku 4.5 and later) refuse
 * `temperature` and `top_p` in one request with 400 invalid_request_error "temperature and
 * top_p cannot both be specified for this model. Please use only one."
 * (https://platform.claude.com/docs/en/about-claude/models/migration-guide). Written apart
 * from the gateway's own rule, so the fake checks the gateway rather than echoing it.
 */

/** Model ids of the families that refuse the pair: opus-4-1+, sonnet/haiku-4-5+, and any family at 5 or later. */
const REFUSING = /claude-(?:opus-4-(?:[1-9]|\d\d)|(?:sonnet|haiku)-4-(?:[5-9]|\d\d)|(?:opus|sonnet|haiku)-(?:[5-9]|\d\d))(?!\d)/;

export function samplingPairRule(body: { model?: unknown; temperature?: unknown; top_p?: unknown } | undefined): string | undefined {
  if (body?.temperature == null || body.top_p == null || typeof body.model !== 'string' || !REFUSING.test(body.model)) return undefined;
  return 'temperature and top_p cannot both be specified for this model. Please use only one.';
}
