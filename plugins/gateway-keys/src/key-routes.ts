import { TOKENS, type PluginApi, type RouteDefinition } from '@model-gateway/core';
import { ADMIN_API, adminErrors, listOf, type AdminHandlers } from '@model-gateway/admin-api';
import { keyInputSchema } from './key-input';
import { KeyOperations } from './key-operations';
import type { KeyTable } from './key-table';
import { LastUsed } from './last-used';
import { createdKeySchema, keyViewSchema } from './key-view';

const errors = (...codes: number[]) =>
  adminErrors(codes, {
    400: 'Invalid body: `error.param` names the field (an endpoint that does not exist, an expiry in the past, ...).',
    404: 'No key has that id.',
    409: 'A key not revoked already has that name.',
  });

/**
 * The /api/keys routes of this gateway, built when its listener opens (the admin API's handlers
 * exist from then). Last-use times are read from the state store, where the check writes them.
 */
export function gatewayKeyRoutes(container: PluginApi['container'], table: KeyTable): RouteDefinition[] {
  const admin = container.resolve(ADMIN_API);
  const endpoints = container.resolve(TOKENS.EndpointRegistry);
  const operations = new KeyOperations({
    admin,
    table,
    lastUsed: new LastUsed(container.resolve(TOKENS.StateStore)),
    endpointExists: (name) => endpoints.get(name) !== undefined,
  });
  return keyRoutes(operations, admin.handlers());
}

/**
 * /api/keys: create (the key is answered once), list, get, revoke. The admin API's
 * access rules apply (admin token, or loopback without one), and every change leaves an
 * audit line naming the key, never the key itself.
 */
export function keyRoutes(operations: KeyOperations, handlers: AdminHandlers): RouteDefinition[] {
  const { read, change } = handlers;
  return [
    {
      method: 'get',
      path: '/api/keys',
      handle: read(async () => ({ object: 'list', data: await operations.list() })),
      doc: { summary: 'List gateway keys', tags: ['keys'], responses: { 200: { description: 'Every key, revoked ones included, oldest first; never the key itself.', schema: listOf(keyViewSchema, 'KeyList') }, ...errors(401, 403) } },
    },
    {
      method: 'get',
      path: '/api/keys/:id',
      handle: read((req) => operations.get(String(req.params.id))),
      doc: { summary: 'Get a gateway key', tags: ['keys'], responses: { 200: { description: 'The key, masked.', schema: keyViewSchema }, ...errors(401, 403, 404) } },
    },
    {
      method: 'post',
      path: '/api/keys',
      handle: change({ action: 'create', resource: 'key', status: 201 }, (_req, body) => operations.create(body)),
      doc: {
        summary: 'Create a gateway key',
        description: 'Answers the key once (`mgw-` and 256 random bits, base64url); the gateway stores only its SHA-256. Usable on every replica at once (Redis: within a second).',
        tags: ['keys'],
        body: keyInputSchema,
        responses: { 201: { description: 'Created; `key` is the only copy.', schema: createdKeySchema }, ...errors(400, 401, 403, 409, 413, 503) },
      },
    },
    {
      method: 'delete',
      path: '/api/keys/:id',
      handle: change({ action: 'revoke', resource: 'key', status: 204, name: (req) => String(req.params.id).slice(0, 40) }, async (req) => operations.revoke(String(req.params.id))),
      doc: {
        summary: 'Revoke a gateway key',
        description: 'Refused from the next request on this replica, and on every other within a second; the record stays, listed as revoked.',
        tags: ['keys'],
        responses: { 204: { description: 'Revoked (or already revoked).' }, ...errors(401, 403, 404, 503) },
      },
    },
  ];
}
