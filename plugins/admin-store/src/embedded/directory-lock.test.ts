import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DirectoryLock, LockHeldError } from './directory-lock';
import { FileStore } from './file-store';
import { procProbe, type ProcessProbe } from './process-probe';

const HAS_PROC = fs.existsSync('/proc/self/stat');

/** A probe that sees only this process (as a fresh container's PID 1 would, with its ticks). */
const onlySelf: ProcessProbe = {
  bootId: () => 'boot-now',
  exists: (pid) => pid === process.pid,
  startTicks: (pid) => (pid === process.pid ? 9000 : undefined),
  startedAtMs: (pid) => (pid === process.pid ? Date.now() - 1000 : undefined),
};

function sleeper(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('DirectoryLock', () => {
  let dir: string;
  const lockFile = () => path.join(dir, 'store.lock');
  const writeLock = (owner: Record<string, unknown>) => fs.writeFileSync(lockFile(), JSON.stringify(owner));
  const readLock = () => JSON.parse(fs.readFileSync(lockFile(), 'utf8'));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-lock-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records host, boot id, pid and start ticks, and leaves no temporary file behind', () => {
    const lock = new DirectoryLock(dir, onlySelf);
    lock.acquire();
    expect(readLock()).toEqual({ pid: process.pid, host: os.hostname(), since: expect.any(String), boot_id: 'boot-now', start_ticks: 9000 });
    expect(fs.readdirSync(dir)).toEqual(['store.lock']);
    lock.release();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('opens a store whose lock names this process\'s pid, as a restarted container\'s new PID 1 finds it', async () => {
    writeLock({ pid: process.pid, host: os.hostname(), since: '2020-01-01T00:00:00.000Z', boot_id: 'boot-now', start_ticks: 12 });
    const store = new FileStore(dir, { probe: onlySelf });
    await store.load();
    expect(readLock()).toMatchObject({ pid: process.pid, start_ticks: 9000 });
    // The lock this process holds now is no leftover: a second store on the directory is refused.
    await expect(new FileStore(dir, { probe: onlySelf }).load()).rejects.toThrow(/this process already uses it/);
    await store.close();
  });

  it('knows its own lock under another path to the same directory', () => {
    const lock = new DirectoryLock(dir, onlySelf);
    lock.acquire();
    const alias = `${dir}-alias`;
    fs.symlinkSync(dir, alias);
    try {
      expect(() => new DirectoryLock(alias, onlySelf).acquire()).toThrow(/this process already uses it/);
    } finally {
      fs.rmSync(alias);
      lock.release();
    }
  });

  it('takes over a damaged lock', () => {
    fs.writeFileSync(lockFile(), '{"pid": 12');
    const lock = new DirectoryLock(dir, onlySelf);
    lock.acquire();
    expect(readLock().pid).toBe(process.pid);
    lock.release();
  });

  it('puts back a lock another starter wrote while the old one was being judged, and then obeys it', () => {
    const fresh = { pid: 200, host: os.hostname(), since: new Date().toISOString(), boot_id: 'boot-now', start_ticks: 7 };
    const racing: ProcessProbe = {
      ...onlySelf,
      exists(pid) {
        // While this process judges the dead pid 100, another starter replaces the lock with its own.
        if (pid === 100) writeLock(fresh);
        return pid === 200;
      },
      startTicks: (pid) => (pid === 200 ? 7 : undefined),
    };
    writeLock({ pid: 100, host: os.hostname(), since: new Date().toISOString(), boot_id: 'boot-now', start_ticks: 3 });
    expect(() => new DirectoryLock(dir, racing).acquire()).toThrow(/pid 200/);
    expect(readLock()).toEqual(fresh);
    expect(fs.readdirSync(dir)).toEqual(['store.lock']);
  });

  (HAS_PROC ? describe : describe.skip)('with real processes and the real /proc', () => {
    let child: ChildProcess;
    let ticks: number;
    beforeEach(async () => {
      child = await sleeper();
      ticks = procProbe().startTicks(child.pid!) as number;
      expect(ticks).toBeGreaterThan(0);
    });
    afterEach(() => kill(child));
    const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();
    const bootId = () => procProbe().bootId();

    it('refuses a lock held by a live process that started before it, naming the pid', () => {
      writeLock({ pid: child.pid, host: os.hostname(), since: new Date().toISOString(), boot_id: bootId(), start_ticks: ticks });
      expect(() => new DirectoryLock(dir).acquire()).toThrow(LockHeldError);
      expect(() => new DirectoryLock(dir).acquire()).toThrow(new RegExp(`in use by another gateway \\(pid ${child.pid} .*is the process that took it`));
      expect(readLock().pid).toBe(child.pid);
    });

    it('takes over a lock whose pid is now a process that started after it was written', () => {
      // The holder recorded other ticks: the pid was reused.
      writeLock({ pid: child.pid, host: os.hostname(), since: hourAgo(), boot_id: bootId(), start_ticks: Math.max(1, ticks - 360_000) });
      const lock = new DirectoryLock(dir);
      lock.acquire();
      expect(readLock().pid).toBe(process.pid);
      lock.release();
      // An older lock without ticks: the process started an hour after the lock's time.
      writeLock({ pid: child.pid, host: os.hostname(), since: hourAgo() });
      lock.acquire();
      expect(readLock().pid).toBe(process.pid);
      lock.release();
    });

    it('takes over the lock once its holder is killed', async () => {
      writeLock({ pid: child.pid, host: os.hostname(), since: new Date().toISOString(), boot_id: bootId(), start_ticks: ticks });
      await kill(child);
      const lock = new DirectoryLock(dir);
      lock.acquire();
      expect(readLock().pid).toBe(process.pid);
      lock.release();
    });
  });
});
