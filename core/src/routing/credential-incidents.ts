import type { Logger } from 'pino';

/** One warning per connection per this long: enough to page someone, not enough to flood the log. */
const INCIDENT_INTERVAL_MS = 60_000;
/** Connections remembered before old entries are dropped (connections come and go through the admin API). */
const MAX_REMEMBERED = 1000;

/**
 * A provider answering 401/403 to the gateway's own credential means that credential was
 * revoked or expired: an incident for the operator, not the client's mistake. Logged at
 * warn, at most once per connection per minute (on the given clock), naming the
 * connection, the provider's status and the endpoint, and never the key or the
 * provider's message (which may echo the key).
 */
export class CredentialIncidents {
  private readonly lastLogged = new Map<string, number>();

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  report(connection: string, status: number | undefined, endpoint: string): void {
    const now = this.now();
    const last = this.lastLogged.get(connection);
    if (last !== undefined && now - last < INCIDENT_INTERVAL_MS) return;
    if (last === undefined && this.lastLogged.size >= MAX_REMEMBERED) this.forgetQuiet(now);
    this.lastLogged.set(connection, now);
    this.logger.warn({ connection, status, endpoint }, "provider refused the gateway's credential");
  }

  /** Drops connections whose last warning is older than the interval: they would be logged again anyway. */
  private forgetQuiet(now: number): void {
    for (const [connection, at] of this.lastLogged) if (now - at >= INCIDENT_INTERVAL_MS) this.lastLogged.delete(connection);
  }
}
