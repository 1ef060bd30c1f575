import type { Request } from 'express';
import type { Logger } from 'pino';
import type { Actor } from './admin-access';

export interface AuditEntry {
  actor: Actor;
  action: 'create' | 'replace' | 'delete' | 'test' | 'revoke';
  /** `connection`, `endpoint`, or another plugin's kind of object (`key`). */
  resource: string;
  name: string | undefined;
  status: number;
}

/**
 * One log line per change request: who (token, loopback, or an anonymous caller that was
 * refused), what, which object, and the status it got. Never a body: a body may hold a key.
 */
export function audit(logger: Logger, req: Request, entry: AuditEntry): void {
  logger.info(
    {
      audit: { ...entry, client: req.socket.remoteAddress, request_id: (req.res?.locals.requestId as string | undefined) ?? null },
    },
    `admin ${entry.action} ${entry.resource}${entry.name ? ` "${entry.name}"` : ''}: ${entry.status}`,
  );
}
