import { defineErrorCodes } from '@model-gateway/core';

/** The resolve phase's refusal of a body of the wrong kind (endpoint_not_found stays core's: API styles answer it too). docs/errors.md describes them. */
export const RESOLUTION_ERRORS = defineErrorCodes({
  endpoint_kind_mismatch: { status: 400, type: 'invalid_request', summary: 'A chat body was sent to an embeddings endpoint, or the reverse.' },
});
