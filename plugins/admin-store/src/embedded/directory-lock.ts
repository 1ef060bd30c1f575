import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Thrown when another live process holds the lock. */
export class LockHeldError extends Error {}

interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/**
 * One process at a time per data directory: a lock file created with O_EXCL holding the
 * owner's pid. A lock left by a process that no longer exists (killed with -9, say) is
 * taken over; one held by a live process, or by another host, is refused.
 */
export class DirectoryLock {
  private held = false;
  readonly file: string;

  constructor(dir: string) {
    this.file = path.join(dir, 'store.lock');
  }

  get isHeld(): boolean {
    return this.held;
  }

  acquire(): void {
    if (this.held) return;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.tryCreate()) {
        this.held = true;
        return;
      }
      const owner = this.readOwner();
      if (owner && !isStale(owner)) {
        throw new LockHeldError(
          `the data directory ${path.dirname(this.file)} is in use by another gateway (pid ${owner.pid} on ${owner.host}, since ${owner.since}); ` +
            'give each gateway its own store.dir, or use Redis (state.redis_url) to share one store between replicas',
        );
      }
      // The owner is gone: remove its lock and try again (another starter may win the race; then we refuse).
      fs.rmSync(this.file, { force: true });
    }
    throw new LockHeldError(`could not take the lock ${this.file}`);
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    const owner = this.readOwner();
    if (owner?.pid === process.pid && owner.host === os.hostname()) fs.rmSync(this.file, { force: true });
  }

  private tryCreate(): boolean {
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      const owner: LockOwner = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
      fs.writeSync(fd, JSON.stringify(owner));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  }

  private readOwner(): LockOwner | undefined {
    try {
      const owner = JSON.parse(fs.readFileSync(this.file, 'utf8')) as LockOwner;
      return typeof owner.pid === 'number' ? owner : undefined;
    } catch {
      // Empty or half-written by a process killed between create and write: nobody owns it.
      return undefined;
    }
  }
}

/** A lock from this host whose pid no longer runs. */
function isStale(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return false;
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
