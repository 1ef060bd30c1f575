import { defineErrorCodes } from '@model-gateway/core';

/** The errors of the gateway-key check, registered at load so no other plugin claims their codes. docs/errors.md describes them. */
export const KEY_ERRORS = defineErrorCodes({
  gateway_key_missing: { status: 401, type: 'authentication', summary: 'Gateway keys are required and the request carries none in the places its clients send a key.' },
  gateway_key_invalid: { status: 401, type: 'authentication', summary: 'The gateway key is malformed, unknown, expired or revoked; the message says which.' },
  gateway_keys_unavailable: { status: 503, type: 'server_error', summary: 'Gateway keys are required and this replica has never read them (the shared store was unreachable since it started); refused rather than let an unchecked key in (Retry-After: 1).' },
  endpoint_not_allowed: { status: 403, type: 'permission', summary: 'The gateway key is not scoped to this endpoint; nothing was sent upstream.' },
});
