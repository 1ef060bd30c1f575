import type { Request } from 'express';
import type { RouteDefinition } from '@model-gateway/core';
import type { AdminOperations } from '../admin-operations';
import { connectionViewSchema, endpointViewSchema, listOf, testRequestSchema, testResultSchema } from '../model/views';
import { draftTestRequestSchema } from '../model/draft-test';
import { adminErrors, type AdminHandlers } from './admin-handlers';
import type { BodySchemas } from './body-schemas';

export interface AdminRouteDeps {
  operations: AdminOperations;
  handlers: AdminHandlers;
  bodies: BodySchemas;
}

const errors = (...codes: number[]) => adminErrors(codes);

/**
 * /api/connections and /api/endpoints. Reads need the admin token when one is set (they
 * show configuration); every change is authorized, bounded, validated, committed and
 * written to the audit log, whether it succeeded or not.
 */
export function adminRoutes({ operations, handlers, bodies }: AdminRouteDeps): RouteDefinition[] {
  const { read, change } = handlers;
  const param = (req: Request) => String(req.params.name);
  const connectionList = listOf(connectionViewSchema, 'ConnectionList');
  const endpointList = listOf(endpointViewSchema, 'EndpointList');

  return [
    {
      method: 'get',
      path: '/api/connections',
      handle: read(() => ({ object: 'list', data: operations.listConnections() })),
      doc: { summary: 'List connections', tags: ['connections'], responses: { 200: { description: 'Every live connection, from the config file and from the API, credentials masked.', schema: connectionList }, ...errors(401, 403) } },
    },
    {
      method: 'get',
      path: '/api/connections/:name',
      handle: read((req) => operations.getConnection(param(req))),
      doc: { summary: 'Get a connection', tags: ['connections'], responses: { 200: { description: 'The connection, credentials masked; `status` says whether it can be used.', schema: connectionViewSchema }, ...errors(401, 403, 404) } },
    },
    {
      method: 'post',
      path: '/api/connections',
      handle: change({ action: 'create', resource: 'connection', status: 201 }, (_req, body) => operations.createConnection(body)),
      doc: {
        summary: 'Create a connection',
        description: 'The body is `name` plus a `providers:` entry of the YAML (the same schema per `type`). Credentials are stored encrypted. Base URLs must be http(s), without credentials, and not link-local or metadata addresses (private ones only with admin.allow_private_base_urls).',
        tags: ['connections'],
        get body() {
          return bodies.connection();
        },
        responses: { 201: { description: 'Created; usable by endpoints at once.', schema: connectionViewSchema }, ...errors(400, 401, 403, 409, 413, 503) },
      },
    },
    {
      method: 'put',
      path: '/api/connections/:name',
      handle: change({ action: 'replace', resource: 'connection', status: 200 }, (req, body) => operations.replaceConnection(param(req), body)),
      doc: {
        summary: 'Replace a connection',
        description: 'Replaces every field. A credential field left out (or sent back masked) keeps its stored value; `null` removes it. Calls in flight finish on the previous settings.',
        tags: ['connections'],
        get body() {
          return bodies.connection();
        },
        responses: { 200: { description: 'Replaced.', schema: connectionViewSchema }, ...errors(400, 401, 403, 404, 409, 413, 503) },
      },
    },
    {
      method: 'delete',
      path: '/api/connections/:name',
      handle: change({ action: 'delete', resource: 'connection', status: 204 }, async (req) => operations.deleteConnection(param(req))),
      doc: { summary: 'Delete a connection', tags: ['connections'], responses: { 204: { description: 'Deleted.' }, ...errors(401, 403, 404, 409, 503) } },
    },
    {
      method: 'post',
      path: '/api/connections/test',
      // The audit line says a draft was tested, never what it held (a draft's body carries its key).
      handle: change({ action: 'test', resource: 'connection draft', status: 200, name: () => undefined }, (_req, body) => operations.testDraft(body)),
      doc: {
        summary: 'Test a connection draft without saving it',
        description:
          'Checks `connection` exactly as a create (or, with `replaces`, as a PUT of that connection: a credential left out or sent masked is kept only when the destination is unchanged), then makes one minimal real call through it. Nothing is stored, registered or logged but the audit line.',
        tags: ['connections'],
        body: draftTestRequestSchema,
        responses: { 200: { description: 'The outcome; `ok: false` carries the provider\'s message with credentials scrubbed.', schema: testResultSchema }, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    {
      method: 'post',
      path: '/api/connections/:name/test',
      handle: change({ action: 'test', resource: 'connection', status: 200 }, (req, body) => operations.testConnection(param(req), body)),
      doc: {
        summary: 'Test a connection',
        description: 'One minimal real call through the connection (a 1-token chat, or one short input to embed), with its stored credentials.',
        tags: ['connections'],
        body: testRequestSchema,
        responses: { 200: { description: 'The outcome; `ok: false` carries the provider\'s message with credentials scrubbed.', schema: testResultSchema }, ...errors(400, 401, 403, 404, 413) },
      },
    },
    {
      method: 'get',
      path: '/api/endpoints',
      handle: read(() => ({ object: 'list', data: operations.listEndpoints() })),
      doc: { summary: 'List endpoints', tags: ['endpoints'], responses: { 200: { description: 'Every endpoint, from the config file and from the API.', schema: endpointList }, ...errors(401, 403) } },
    },
    {
      method: 'get',
      path: '/api/endpoints/:name',
      handle: read((req) => operations.getEndpoint(param(req))),
      doc: { summary: 'Get an endpoint', tags: ['endpoints'], responses: { 200: { description: 'The endpoint, defaults applied.', schema: endpointViewSchema }, ...errors(401, 403, 404) } },
    },
    {
      method: 'post',
      path: '/api/endpoints',
      handle: change({ action: 'create', resource: 'endpoint', status: 201 }, (_req, body) => operations.createEndpoint(body)),
      doc: {
        summary: 'Create an endpoint',
        description: 'The body is an `endpoints:` entry of the YAML (the same schema). Every provider it names must be a connection. Clients can call it at once.',
        tags: ['endpoints'],
        get body() {
          return bodies.endpoint();
        },
        responses: { 201: { description: 'Created.', schema: endpointViewSchema }, ...errors(400, 401, 403, 409, 413, 503) },
      },
    },
    {
      method: 'put',
      path: '/api/endpoints/:name',
      handle: change({ action: 'replace', resource: 'endpoint', status: 200 }, (req, body) => operations.replaceEndpoint(param(req), body)),
      doc: {
        summary: 'Replace an endpoint',
        description: 'Requests in flight finish on the previous version.',
        tags: ['endpoints'],
        get body() {
          return bodies.endpoint();
        },
        responses: { 200: { description: 'Replaced.', schema: endpointViewSchema }, ...errors(400, 401, 403, 404, 409, 413, 503) },
      },
    },
    {
      method: 'delete',
      path: '/api/endpoints/:name',
      handle: change({ action: 'delete', resource: 'endpoint', status: 204 }, async (req) => operations.deleteEndpoint(param(req))),
      doc: { summary: 'Delete an endpoint', tags: ['endpoints'], responses: { 204: { description: 'Deleted; new requests get 404.' }, ...errors(401, 403, 404, 409, 503) } },
    },
  ];
}
