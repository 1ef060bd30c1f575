import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { GatewayError, writeJson, type RouteDoc } from '@model-gateway/core';
import { errorSchema } from '../model/views';
import { authorize, type AccessPolicy, type Actor } from './admin-access';
import { audit, type AuditEntry } from './audit-log';
import { readAdminBody } from './read-admin-body';

/** What a change route is, for its audit line and its answer. */
export interface Change {
  action: AuditEntry['action'];
  resource: string;
  /** The status of a success. */
  status: number;
  /** The object's name for the audit line (default: the `:name` path parameter, else the body's `name`). */
  name?: (req: Request) => string | undefined;
}

type Handler = (req: Request, res: Response) => Promise<void>;

/**
 * The admin API's route conventions, for its own routes and for plugins that add routes
 * under /api (gateway keys): reads need the admin token when one is set; a change is
 * authorized before its body is read (at most 256 KB), and leaves one audit line
 * whether it succeeded or not.
 */
export interface AdminHandlers {
  read(handler: (req: Request) => unknown | Promise<unknown>): Handler;
  change(change: Change, handler: (req: Request, body: unknown) => Promise<unknown>): Handler;
}

export function adminHandlers(access: () => AccessPolicy, logger: Logger): AdminHandlers {
  return {
    read: (handler) => async (req, res) => {
      authorize(req, 'read', access());
      writeJson(res, 200, await handler(req));
    },
    change: ({ action, resource, status, name: nameOf }, handler) => async (req, res) => {
      let actor: Actor = 'anonymous';
      let name: string | undefined = nameOf ? nameOf(req) : req.params.name === undefined ? undefined : String(req.params.name);
      let outcome = 500;
      try {
        actor = authorize(req, 'change', access());
        const body = await readAdminBody(req, res);
        if (name === undefined && typeof (body as { name?: unknown })?.name === 'string') name = String((body as { name: string }).name).slice(0, 128);
        const result = await handler(req, body);
        outcome = status;
        if (result === undefined) {
          res.writeHead(status);
          res.end();
        } else {
          writeJson(res, status, result);
        }
      } catch (error) {
        outcome = GatewayError.from(error).status;
        throw error;
      } finally {
        audit(logger, req, { actor, action, resource, name, status: outcome });
      }
    },
  };
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid body: `error.param` names the field.',
  401: 'An admin token is set and none or a wrong one was sent.',
  403: 'Refused: another origin, a non-loopback client with no admin token, or a gateway on a non-loopback address with no admin token.',
  404: 'No object of that name.',
  409: 'A duplicate name, an object from the config file (read-only here), or a connection still in use.',
  413: 'The body is over 256 KB.',
  503: 'The store or the secrets key is unavailable; nothing was changed.',
};

/** The documented error answers of an admin route, in the gateway's error shape; `text` overrides a code's description. */
export function adminErrors(codes: number[], text: Record<number, string> = {}): RouteDoc['responses'] {
  return Object.fromEntries(codes.map((code) => [code, { description: text[code] ?? ERROR_TEXT[code], schema: errorSchema }]));
}
