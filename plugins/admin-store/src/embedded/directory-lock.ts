import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { judgeLock, parseLockOwner, type LockOwner } from './lock-staleness';
import { procProbe, type ProcessProbe } from './process-probe';

/** Thrown when another live process holds the lock. */
export class LockHeldError extends Error {}

/** Lock files this process holds, by real path (symbolic links resolved): its own pid in a lock is then not a leftover. */
const heldHere = new Set<string>();

/**
 * One process at a time per data directory: a lock file naming its holder (host, boot
 * id, pid and the pid's start time), put in place whole with link(2), which fails when the
 * file exists, so no reader ever sees a half-written lock. A lock whose holder is gone
 * is taken over; the rule is judgeLock's (lock-staleness.ts).
 */
export class DirectoryLock {
  private held = false;
  /** The lock's real path while held, as heldHere knows it. */
  private heldAs?: string;
  readonly file: string;

  constructor(dir: string, private readonly probe: ProcessProbe = procProbe()) {
    this.file = path.resolve(dir, 'store.lock');
  }

  get isHeld(): boolean {
    return this.held;
  }

  acquire(): void {
    if (this.held) return;
    const real = path.join(fs.realpathSync(path.dirname(this.file)), path.basename(this.file));
    if (heldHere.has(real)) throw this.refusal(this.readOwner() ?? this.me(), 'this process already uses it');
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.tryCreate()) {
        this.held = true;
        this.heldAs = real;
        heldHere.add(real);
        return;
      }
      const text = this.readText();
      if (text === undefined) continue;
      const owner = parseLockOwner(text);
      if (owner) {
        const verdict = judgeLock(owner, { pid: process.pid, host: os.hostname(), bootId: this.probe.bootId() }, this.probe);
        if (!verdict.stale) throw this.refusal(owner, verdict.reason);
      }
      // Damaged, or its holder is gone: move it aside only if it is still the lock just judged (another starter may have replaced it).
      this.removeIfUnchanged(text);
    }
    throw new LockHeldError(`could not take the lock ${this.file}: other processes keep replacing it`);
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    if (this.heldAs) heldHere.delete(this.heldAs);
    const owner = this.readOwner();
    if (owner?.pid === process.pid && owner.host === os.hostname()) fs.rmSync(this.file, { force: true });
  }

  private me(): LockOwner {
    const bootId = this.probe.bootId();
    const ticks = this.probe.startTicks(process.pid);
    return {
      pid: process.pid,
      host: os.hostname(),
      since: new Date().toISOString(),
      ...(bootId !== undefined ? { boot_id: bootId } : {}),
      ...(ticks !== undefined ? { start_ticks: ticks } : {}),
    };
  }

  private refusal(owner: LockOwner, reason: string): LockHeldError {
    return new LockHeldError(
      `the data directory ${path.dirname(this.file)} is in use by another gateway (pid ${owner.pid} on ${owner.host}, since ${owner.since}: ${reason}); ` +
        'give each gateway its own store.dir, or use Redis (state.redis_url) to share one store between replicas. ' +
        `If that gateway is gone for certain, delete ${this.file}`,
    );
  }

  /** Creates the lock with this process as holder; false when a lock exists. */
  private tryCreate(): boolean {
    const temp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    const fd = fs.openSync(temp, 'wx', 0o600);
    try {
      fs.writeSync(fd, JSON.stringify(this.me()));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    try {
      fs.linkSync(temp, this.file);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return false;
      // A file system without hard links: create in place (O_EXCL), briefly empty.
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') return this.tryCreateInPlace();
      throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }

  private tryCreateInPlace(): boolean {
    let fd: number;
    try {
      fd = fs.openSync(this.file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      fs.writeSync(fd, JSON.stringify(this.me()));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  }

  /** Removes a stale lock unless it changed since it was judged; a lock that changed is put back for the next round to judge. */
  private removeIfUnchanged(judged: string): void {
    const aside = `${this.file}.${process.pid}.stale`;
    try {
      fs.renameSync(this.file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      if (fs.readFileSync(aside, 'utf8') === judged) return;
      // Another starter's fresh lock: restore it (unless yet another lock has appeared, which then decides).
      fs.linkSync(aside, this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(aside, { force: true });
    }
  }

  private readText(): string | undefined {
    try {
      return fs.readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  private readOwner(): LockOwner | undefined {
    const text = this.readText();
    return text === undefined ? undefined : parseLockOwner(text);
  }
}
