import type { Logger } from 'pino';
import { GatewayError, type ConfigSourceHost, type ConnectionDeclaration, type PublishOutcome } from '@model-gateway/core';
import {
  StoreConflictError, StoreUnavailableError, UnsealError,
  type AdminStore, type StoreCommit, type StoreSnapshot,
} from '@model-gateway/admin-store';
import { ADMIN_ERRORS } from '../admin-error-codes';
import { migrateClearHeaders } from '../model/header-secrets';
import { maskSecret } from '../model/masking';
import { CONNECTIONS, ENDPOINTS, type ConnectionRecord, type EndpointRecord } from './admin-collections';
import { storedProblem } from './admin-config-source';
import { declaredBody, sameConnection, unsealConnection } from './connection-codec';
import type { SecretsKeyring } from './secrets-keyring';

/** A stored connection as this gateway has applied it. */
export interface AppliedConnection {
  record: ConnectionRecord;
  status: 'ok' | 'undecryptable' | 'invalid';
  /** Why it cannot be used, when it cannot. */
  problem?: string;
  /** Credentials as shown in API output, by field (custom headers as `headers.<name>`). */
  masks: Record<string, string>;
  /** Credentials in clear (headers as `headers.<name>`), kept only to merge a PUT that leaves a field out. */
  secrets: Record<string, string>;
  /** The record's fields other than credentials and headers (clear headers of an older record moved out). */
  fields: Record<string, unknown>;
  /** What was published to core for it (credentials in clear), kept while the record is unchanged. */
  declaration: ConnectionDeclaration;
}

export interface AppliedEndpoint {
  record: EndpointRecord;
  status: 'ok' | 'invalid';
  problem?: string;
}

export interface AdminStateDeps {
  store: AdminStore;
  keyring: SecretsKeyring;
  /** Core's side of the admin store as a config source: it validates and applies what is published. */
  host: ConfigSourceHost;
  logger: Logger;
  allowPrivate: () => boolean;
}

/** What a mutation hands back: the commit to make, and what to answer once it is applied. */
export interface Mutation<T> {
  commit: Omit<StoreCommit, 'baseVersion'>;
  result: () => T;
}

const MAX_ATTEMPTS = 4;

/**
 * Keeps core in step with the store: every snapshot (read at start, written here, or
 * written by another replica) is published to core as the admin source's declarations,
 * and core applies the difference to the registries. Mutations run one at a time and are
 * validated against the latest snapshot; a conflict with another replica's commit
 * re-reads the store and validates again.
 */
export class AdminState {
  readonly connections = new Map<string, AppliedConnection>();
  readonly endpoints = new Map<string, AppliedEndpoint>();
  private applying: Promise<void> = Promise.resolve();
  private writing: Promise<unknown> = Promise.resolve();
  private readonly listeners: Array<(snapshot: StoreSnapshot) => void> = [];

  constructor(private readonly deps: AdminStateDeps) {}

  get store(): AdminStore {
    return this.deps.store;
  }

  /** Called with every snapshot as it is applied (at start, after a commit here, after another replica's), in order, before connections and endpoints. */
  onApplied(listener: (snapshot: StoreSnapshot) => void): void {
    this.listeners.push(listener);
  }

  async start(): Promise<void> {
    const snapshot = await this.deps.store.load();
    await this.apply(snapshot);
    this.deps.store.onRemoteChange((next) => void this.apply(next));
  }

  /** Applies a snapshot after any in progress; resolves when this one is applied. */
  apply(snapshot: StoreSnapshot): Promise<void> {
    const run = this.applying.then(() => this.applyNow(snapshot));
    this.applying = run.catch((error: unknown) => this.deps.logger.error({ err: error }, 'admin store: applying a change failed'));
    return this.applying;
  }

  /**
   * Runs `build` against the current snapshot and commits what it returns; retried on a
   * conflict with another replica. Store outages become 503 and nothing is changed.
   */
  mutate<T>(build: (snapshot: StoreSnapshot) => Promise<Mutation<T>>): Promise<T> {
    const run = this.writing.then(() => this.mutateNow(build));
    this.writing = run.catch(() => undefined);
    return run;
  }

  private async mutateNow<T>(build: (snapshot: StoreSnapshot) => Promise<Mutation<T>>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      await this.applying;
      const snapshot = this.deps.store.current();
      if (snapshot.version < 0) throw unavailable('the shared store (Redis) has not been read since this gateway started; it is unreachable');
      const mutation = await build(snapshot);
      // Nothing to write (revoking a revoked key): no commit, so no version bump for every replica to re-read.
      if (mutation.commit.ops.length === 0 && !mutation.commit.kek) return mutation.result();
      try {
        const next = await this.deps.store.commit({ ...mutation.commit, baseVersion: snapshot.version });
        await this.apply(next);
        return mutation.result();
      } catch (error) {
        if (error instanceof StoreUnavailableError) throw unavailable(error.message);
        if (!(error instanceof StoreConflictError) || attempt >= MAX_ATTEMPTS) {
          if (error instanceof StoreConflictError) throw unavailable('the store kept changing under this request; try again');
          throw error;
        }
        await this.apply(await this.deps.store.sync());
      }
    }
  }

  private async applyNow(snapshot: StoreSnapshot): Promise<void> {
    // First, and whatever happens to connections below: a revoked gateway key must never wait on a secrets key.
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        this.deps.logger.error({ err: error }, 'admin store: a snapshot listener failed');
      }
    }
    const key = await this.deps.keyring.open(snapshot.kek);
    const stored = { connections: CONNECTIONS.all(snapshot), endpoints: ENDPOINTS.all(snapshot) };
    const changedConnections = new Set<string>();
    for (const record of stored.connections.values()) {
      const current = this.connections.get(record.name);
      if (current && sameConnection(current.record, record)) {
        current.record = record;
        continue;
      }
      this.connections.set(record.name, this.readConnection(record, key));
      changedConnections.add(record.name);
    }
    for (const name of [...this.connections.keys()]) if (!stored.connections.has(name)) this.connections.delete(name);
    const changedEndpoints = new Set<string>();
    for (const record of stored.endpoints.values()) {
      const current = this.endpoints.get(record.name);
      if (current && JSON.stringify(current.record) === JSON.stringify(record)) continue;
      this.endpoints.set(record.name, { record, status: 'ok' });
      changedEndpoints.add(record.name);
    }
    for (const name of [...this.endpoints.keys()]) if (!stored.endpoints.has(name)) this.endpoints.delete(name);

    const outcome = await this.deps.host.publish({
      connections: [...this.connections.values()].map((c) => c.declaration),
      endpoints: [...this.endpoints.values()].map(({ record }) => ({ name: record.name, body: record.body })),
    });
    this.noteRefusals(outcome, changedConnections, changedEndpoints);
  }

  /** A record's credentials opened and its declaration for core; one whose credentials cannot be read is declared unavailable. */
  private readConnection(record: ConnectionRecord, key: Awaited<ReturnType<SecretsKeyring['open']>>): AppliedConnection {
    const allowPrivate = this.deps.allowPrivate();
    let secrets: Record<string, string> = {};
    try {
      if (Object.keys(record.secrets).length > 0) {
        if (!key) throw new UnsealError('wrong-key');
        secrets = unsealConnection(record, key);
      }
    } catch (error) {
      const problem =
        error instanceof UnsealError && error.reason === 'wrong-key'
          ? this.deps.keyring.state === 'missing'
            ? 'its stored credentials are sealed with a secrets key and GATEWAY_SECRETS_KEY is not set'
            : 'its stored credentials are sealed with another secrets key (GATEWAY_SECRETS_KEY is wrong)'
          : 'its stored credentials failed authentication (the store was altered)';
      this.deps.logger.error({ connection: record.name }, `admin store: connection "${record.name}" is undecryptable: ${problem}; its endpoints answer 503`);
      const legacy = migrateClearHeaders(record.fields, {});
      const declaration = { name: record.name, body: { ...record.fields, type: record.type }, allowPrivate, unavailable: problem };
      return { record, status: 'undecryptable', problem, masks: maskedFields([...Object.keys(record.secrets), ...Object.keys(legacy.secrets)], {}), secrets: {}, fields: legacy.fields, declaration };
    }
    // A record written before header values were sealed holds them in clear: read them as secrets, sealed on its next write.
    const migrated = migrateClearHeaders(record.fields, secrets);
    const masks = maskedFields(Object.keys(migrated.secrets), migrated.secrets);
    const declaration = { name: record.name, body: declaredBody(record.type, migrated.fields, migrated.secrets), allowPrivate };
    return { record, status: 'ok', masks, secrets: migrated.secrets, fields: migrated.fields, declaration };
  }

  /** Marks what core refused (a record that no longer validates), logging it once, when its record changed. */
  private noteRefusals(outcome: PublishOutcome, changedConnections: ReadonlySet<string>, changedEndpoints: ReadonlySet<string>): void {
    const { logger } = this.deps;
    for (const [name, message] of outcome.connections) {
      const applied = this.connections.get(name);
      if (!applied || applied.status === 'undecryptable') continue;
      const problem = storedProblem(message);
      if (changedConnections.has(name)) logger.error({ connection: name }, `admin store: connection "${name}" cannot be used: ${problem}`);
      Object.assign(applied, { status: 'invalid', problem, secrets: {} });
    }
    for (const [name, message] of outcome.endpoints) {
      const applied = this.endpoints.get(name);
      if (!applied) continue;
      const problem = storedProblem(message);
      if (changedEndpoints.has(name)) logger.error({ endpoint: name }, `admin store: endpoint "${name}" is not served: ${problem}`);
      Object.assign(applied, { status: 'invalid', problem });
    }
  }
}

function unavailable(message: string): GatewayError {
  return new GatewayError(ADMIN_ERRORS.service_unavailable, `Nothing was changed: ${message}.`);
}

/** Each field's mask; `***` for one whose value could not be read. */
function maskedFields(fields: readonly string[], secrets: Readonly<Record<string, string>>): Record<string, string> {
  const masks: Record<string, string> = {};
  for (const field of fields) masks[field] = secrets[field] === undefined ? '***' : maskSecret(secrets[field]);
  return masks;
}
