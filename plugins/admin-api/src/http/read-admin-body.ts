import type { Request, Response } from 'express';
import { readJsonBody } from '@model-gateway/core';

/** Admin bodies are small (a service-account key is a few KB); a larger body is a 413 before it is parsed. */
export const ADMIN_BODY_LIMIT = '256kb';
const reader = readJsonBody(ADMIN_BODY_LIMIT);

/** Reads the JSON body into `req.body` with the admin limit (after the caller is authorized, so refused callers send nothing we read). */
export function readAdminBody(req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve, reject) => reader(req, res, (error?: unknown) => (error ? reject(error) : resolve(req.body))));
}
