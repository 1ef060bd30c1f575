import type { AttemptRecord, StateStore } from '@model-gateway/core';
import { BUCKET_TTL_SECONDS } from './usage-counters';

/** Failed attempts kept per endpoint: enough to see what goes wrong, bounded so a failing endpoint cannot grow the store. */
export const RECENT_ERRORS = 20;
/** Kept as long as the counters whose errors they explain. */
const ERROR_TTL_MS = BUCKET_TTL_SECONDS * 1000;
/** Provider messages can be long (a whole HTML page); the start says what happened. */
export const MAX_MESSAGE_LENGTH = 500;

/** One failed attempt as GET /api/usage/errors answers it. */
export interface RecentError {
  endpoint: string;
  /** When the attempt ended, ISO 8601. */
  at: string;
  status: number;
  code: string | null;
  /** The message the client read, the connection's secrets scrubbed (AttemptRecord.errorMessage). */
  message: string;
  /** `connection/model`. */
  target: string;
  caller: string;
  request_id: string;
}

/** The counter that picks each error's slot, and the slots themselves. */
export function errorSequenceKey(endpoint: string): string {
  return `usage-errors:${endpoint}`;
}

export function errorSlotKey(endpoint: string, slot: number): string {
  return `usage-error:${endpoint}:${slot}`;
}

export function recentErrorOf(record: AttemptRecord): RecentError {
  const message = record.errorMessage ?? `HTTP ${record.status}`;
  return {
    endpoint: record.endpoint,
    at: new Date(record.startedAt + record.latencyMs).toISOString(),
    status: record.status,
    code: record.errorCode ?? null,
    message: message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message,
    target: `${record.provider}/${record.model}`,
    caller: record.caller,
    request_id: record.requestId,
  };
}

/**
 * Keeps a failed attempt in its endpoint's ring of RECENT_ERRORS slots. The slot comes
 * from an atomic counter in the shared store, so replicas never write the same slot for
 * two different errors, and the oldest is the one overwritten.
 */
export async function keepRecentError(store: StateStore, record: AttemptRecord): Promise<void> {
  const sequence = await store.increment(errorSequenceKey(record.endpoint), 1, ERROR_TTL_MS);
  await store.set(errorSlotKey(record.endpoint, sequence % RECENT_ERRORS), JSON.stringify(recentErrorOf(record)), ERROR_TTL_MS);
}

/** The newest `limit` failed attempts of `endpoints`, newest first. */
export async function readRecentErrors(store: StateStore, endpoints: readonly string[], limit: number): Promise<RecentError[]> {
  const keys = endpoints.flatMap((endpoint) => Array.from({ length: RECENT_ERRORS }, (_, slot) => errorSlotKey(endpoint, slot)));
  const values = await store.getMany(keys);
  const errors = values.flatMap((value) => {
    const parsed = value === undefined ? undefined : parseRecentError(value);
    return parsed ? [parsed] : [];
  });
  return errors.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, limit);
}

/** A slot written by this or an older version: anything unreadable is skipped rather than failing the whole answer. */
function parseRecentError(text: string): RecentError | undefined {
  try {
    const value = JSON.parse(text) as Partial<RecentError>;
    return typeof value.at === 'string' && typeof value.status === 'number' && typeof value.message === 'string' ? (value as RecentError) : undefined;
  } catch {
    return undefined;
  }
}
