import { defineErrorCodes } from '@model-gateway/core';

/** The budget refusals of this plugin (rate_limit_exceeded stays core's: a provider's own rate limit is relayed with it too). docs/errors.md describes them. */
export const LIMIT_ERRORS = defineErrorCodes({
  budget_exceeded: { status: 429, type: 'rate_limit', summary: 'The USD budget of the endpoint (or the gateway key) for the current day or month is spent; Retry-After says when the period turns over. Nothing was sent upstream.' },
  limits_unavailable: { status: 503, type: 'server_error', summary: 'The state store holding a budget is unreachable and this replica has no recent figure of it; refused rather than risk overspending (Retry-After: 1).' },
});
