import fs from 'node:fs';
import path from 'node:path';
import { StoreConflictError, StoreUnavailableError, type AdminStore } from '../admin-store';
import { applyCommit, EMPTY_SNAPSHOT, type ConnectionRecord, type EndpointRecord, type KekMeta, type KeyRecord, type StoreCommit, type StoreSnapshot } from '../records';
import { writeFileAtomic } from './atomic-file';
import { DirectoryLock, LockHeldError } from './directory-lock';

const FORMAT = 'model-gateway-store/1';
export const STORE_FILE = 'store.json';

/** The file's shape: the snapshot as plain JSON. */
interface StoreFile {
  format: typeof FORMAT;
  version: number;
  kek: KekMeta | null;
  connections: Record<string, ConnectionRecord>;
  endpoints: Record<string, EndpointRecord>;
  /** Absent in files written before gateway keys existed. */
  keys?: Record<string, KeyRecord>;
}

/**
 * The embedded store: one JSON file in a data directory, rewritten atomically on every
 * commit (writeFileAtomic), commits one at a time. The directory is locked for this
 * process when the store is first read from an existing directory, or first written.
 */
export class FileStore implements AdminStore {
  readonly kind = 'embedded' as const;
  readonly file: string;
  private readonly lock: DirectoryLock;
  private snapshot: StoreSnapshot = EMPTY_SNAPSHOT;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {
    this.file = path.join(dir, STORE_FILE);
    this.lock = new DirectoryLock(dir);
  }

  /** Takes the directory's lock (throws LockHeldError when a live process holds it). */
  lockNow(): void {
    this.lock.acquire();
  }

  async load(): Promise<StoreSnapshot> {
    if (!fs.existsSync(this.dir)) return this.snapshot;
    this.lock.acquire();
    this.snapshot = readStoreFile(this.file);
    return this.snapshot;
  }

  current(): StoreSnapshot {
    return this.snapshot;
  }

  async sync(): Promise<StoreSnapshot> {
    return this.snapshot;
  }

  commit(commit: StoreCommit): Promise<StoreSnapshot> {
    const run = this.queue.then(() => this.write(commit));
    this.queue = run.catch(() => undefined);
    return run;
  }

  onRemoteChange(): void {
    // One process owns the directory: nobody else writes.
  }

  async close(): Promise<void> {
    await this.queue;
    this.lock.release();
  }

  private async write(commit: StoreCommit): Promise<StoreSnapshot> {
    if (commit.baseVersion !== this.snapshot.version) throw new StoreConflictError(this.snapshot.version);
    if (!this.lock.isHeld) {
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      try {
        this.lock.acquire();
      } catch (error) {
        // Another gateway took the directory after this one started: never write over its store.
        if (error instanceof LockHeldError) throw new StoreUnavailableError(error.message);
        throw error;
      }
    }
    const next = applyCommit(this.snapshot, commit);
    await writeFileAtomic(this.file, serialize(next));
    this.snapshot = next;
    return next;
  }
}

export function serialize(snapshot: StoreSnapshot): string {
  const file: StoreFile = {
    format: FORMAT,
    version: snapshot.version,
    kek: snapshot.kek,
    connections: Object.fromEntries(snapshot.connections),
    endpoints: Object.fromEntries(snapshot.endpoints),
    keys: Object.fromEntries(snapshot.keys),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Reads the store file; a missing file is an empty store, an unreadable one an error (never silently emptied). */
export function readStoreFile(file: string): StoreSnapshot {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_SNAPSHOT;
    throw error;
  }
  let parsed: StoreFile;
  try {
    parsed = JSON.parse(text) as StoreFile;
  } catch {
    throw new Error(`${file} is not valid JSON; restore it from a backup (the gateway never writes it partially)`);
  }
  if (parsed.format !== FORMAT) throw new Error(`${file}: unknown format ${JSON.stringify(parsed.format)} (this gateway reads ${FORMAT})`);
  return {
    version: parsed.version,
    kek: parsed.kek,
    connections: new Map(Object.entries(parsed.connections ?? {})),
    endpoints: new Map(Object.entries(parsed.endpoints ?? {})),
    keys: new Map(Object.entries(parsed.keys ?? {})),
  };
}
