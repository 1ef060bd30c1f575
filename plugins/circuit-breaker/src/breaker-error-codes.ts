import { defineErrorCodes } from '@model-gateway/core';

/** The breaker's refusal when no target of an endpoint may be tried. docs/errors.md describes them. */
export const BREAKER_ERRORS = defineErrorCodes({
  no_available_target: { status: 503, type: 'server_error', summary: 'Every target of the endpoint is cooling down after failures (circuit breaker open); Retry-After says when one is retried.' },
});
