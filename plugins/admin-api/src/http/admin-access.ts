import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { GatewayError } from '@model-gateway/core';
import { classifyAddress } from '@model-gateway/core/internal';
import { ADMIN_ERRORS } from '../admin-error-codes';

/** Who made a request, as the audit log names them (never the token itself). */
export type Actor = 'token' | 'loopback' | 'anonymous';

export interface AccessPolicy {
  /** The admin token in force (GATEWAY_ADMIN_TOKEN or admin.token), if any. */
  token: string | undefined;
  /** The address the gateway listens on. */
  listenHost: string;
}

/**
 * Who may use the admin API. With a token, every change and every configuration read
 * needs it as a bearer token. Without one, only loopback clients may, and a gateway that
 * listens on another address refuses changes altogether: anyone who can create an
 * endpoint can point a stored key at any host. A change whose Origin names another origin
 * (a page in a browser) is refused whatever the credentials.
 */
export function authorize(req: Request, mode: 'change' | 'read', policy: AccessPolicy): Actor {
  if (mode === 'change') checkOrigin(req);
  if (policy.token !== undefined) {
    if (!bearerMatches(req.headers.authorization, policy.token)) {
      throw new GatewayError(ADMIN_ERRORS.authentication_required, 'This route needs `Authorization: Bearer <admin token>` (GATEWAY_ADMIN_TOKEN or admin.token).');
    }
    return 'token';
  }
  if (mode === 'change' && !isLoopbackHost(policy.listenHost)) {
    throw new GatewayError(
      ADMIN_ERRORS.permission_denied,
      `This gateway listens on ${policy.listenHost} and has no admin token, so changes through /api are refused: set GATEWAY_ADMIN_TOKEN (or admin.token) to manage it over the network.`,
    );
  }
  if (!isLoopbackClient(req)) {
    throw new GatewayError(ADMIN_ERRORS.permission_denied, 'No admin token is set, so /api accepts changes and configuration reads only from loopback clients; set GATEWAY_ADMIN_TOKEN (or admin.token).');
  }
  return 'loopback';
}

/** A listen address reachable only from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  try {
    return classifyAddress(bare) === 'loopback' && bare !== '0.0.0.0' && bare !== '::';
  } catch {
    return false;
  }
}

function isLoopbackClient(req: Request): boolean {
  const address = req.socket.remoteAddress;
  return address !== undefined && classifyAddress(address) === 'loopback';
}

/** A browser sends Origin on cross-site requests; a page on another origin must not change anything. */
function checkOrigin(req: Request): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  const host = req.headers.host;
  if (host !== undefined && (origin === `http://${host}` || origin === `https://${host}`)) return;
  throw new GatewayError(ADMIN_ERRORS.permission_denied, `Changes from another origin (${origin.slice(0, 100)}) are refused; the admin API is not for cross-origin pages.`);
}

/** Constant-time comparison of the bearer token (hashes first, so lengths leak nothing either). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  const given = createHash('sha256').update(match[1].trim()).digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected);
}
