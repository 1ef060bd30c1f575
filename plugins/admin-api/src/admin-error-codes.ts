import { defineErrorCodes } from '@model-gateway/core';

/** The admin API's refusals: its access check and its store (resource_not_found and resource_conflict stay core's: gateway keys answer them too). docs/errors.md describes them. */
export const ADMIN_ERRORS = defineErrorCodes({
  authentication_required: { status: 401, type: 'authentication', summary: 'The route needs `Authorization: Bearer <token>`, and none or a wrong one was sent.' },
  permission_denied: { status: 403, type: 'permission', summary: 'The caller may not do this (a change from another origin, say); the message says why.' },
  service_unavailable: { status: 503, type: 'server_error', summary: 'A store or key the change needs is unavailable; nothing was changed.' },
});
