import { judgeLock, parseLockOwner, type LockOwner, type LockSelf } from './lock-staleness';
import type { ProcessProbe } from './process-probe';

const BOOT = 'boot-a';
const self: LockSelf = { pid: 1, host: 'gw', bootId: BOOT };
const LOCKED_AT = Date.parse('2025-01-01T00:00:00Z');

/** A machine where only `processes` run, each with its start ticks and start time. */
function machine(processes: Record<number, { ticks: number; atMs: number; zombie?: boolean }>, known = true): ProcessProbe {
  return {
    bootId: () => (known ? BOOT : undefined),
    exists: (pid) => pid in processes && !processes[pid].zombie,
    startTicks: (pid) => (known ? processes[pid]?.ticks : undefined),
    startedAtMs: (pid) => (known ? processes[pid]?.atMs : undefined),
  };
}

const lock = (fields: Partial<LockOwner> = {}): LockOwner => ({ pid: 42, host: 'gw', since: new Date(LOCKED_AT).toISOString(), boot_id: BOOT, start_ticks: 500, ...fields });

describe('judgeLock', () => {
  it('takes over a lock naming this very pid: the previous PID 1 of a restarted container', () => {
    const verdict = judgeLock(lock({ pid: 1 }), self, machine({ 1: { ticks: 900, atMs: LOCKED_AT + 60_000 } }));
    expect(verdict).toEqual({ stale: true, reason: expect.stringContaining('this process') });
  });

  it('refuses a live holder that is the process which took the lock', () => {
    const verdict = judgeLock(lock(), self, machine({ 42: { ticks: 500, atMs: LOCKED_AT - 1000 } }));
    expect(verdict.stale).toBe(false);
  });

  it('takes over when the pid now belongs to a process with other start ticks (pid reused)', () => {
    expect(judgeLock(lock(), self, machine({ 42: { ticks: 700, atMs: LOCKED_AT + 5000 } })).stale).toBe(true);
  });

  it('takes over a lock without start ticks whose pid started after the lock was written', () => {
    const older = lock({ boot_id: undefined, start_ticks: undefined });
    expect(judgeLock(older, self, machine({ 42: { ticks: 700, atMs: LOCKED_AT + 60_000 } })).stale).toBe(true);
    // Started before the lock, or within btime's one-second rounding of it: it may be the holder.
    expect(judgeLock(older, self, machine({ 42: { ticks: 100, atMs: LOCKED_AT - 60_000 } })).stale).toBe(false);
    expect(judgeLock(older, self, machine({ 42: { ticks: 100, atMs: LOCKED_AT + 900 } })).stale).toBe(false);
  });

  it('takes over a lock from before this machine booted, and one whose pid is gone or a zombie', () => {
    expect(judgeLock(lock({ boot_id: 'boot-old' }), self, machine({ 42: { ticks: 500, atMs: 0 } })).stale).toBe(true);
    expect(judgeLock(lock(), self, machine({})).stale).toBe(true);
    expect(judgeLock(lock(), self, machine({ 42: { ticks: 500, atMs: 0, zombie: true } })).stale).toBe(true);
  });

  it('refuses a live pid it cannot tell apart (no /proc), and any lock from another host', () => {
    expect(judgeLock(lock(), self, machine({ 42: { ticks: 0, atMs: 0 } }, false)).stale).toBe(false);
    const elsewhere = judgeLock(lock({ host: 'other', pid: 1 }), self, machine({}));
    expect(elsewhere).toEqual({ stale: false, reason: expect.stringContaining('another host (other)') });
  });
});

describe('parseLockOwner', () => {
  it('reads new and older locks, and nothing else', () => {
    expect(parseLockOwner(JSON.stringify(lock()))).toEqual(lock());
    expect(parseLockOwner('{"pid": 7, "host": "gw", "since": "now"}')).toEqual({ pid: 7, host: 'gw', since: 'now' });
    for (const text of ['', '{"pid": 7', '[]', 'null', '{"pid": "7", "host": "gw", "since": "now"}', '{"pid": 0, "host": "gw", "since": "now"}']) {
      expect(parseLockOwner(text)).toBeUndefined();
    }
  });
});
