import type { ProcessProbe } from './process-probe';

/** Who holds a data directory, as its lock file records it. */
export interface LockOwner {
  pid: number;
  host: string;
  /** When the lock was written (ISO 8601). */
  since: string;
  /** The kernel's boot id when the lock was written (absent in older locks, or without /proc). */
  boot_id?: string;
  /** The holder's start time in clock ticks since boot (absent in older locks, or without /proc). */
  start_ticks?: number;
}

/** The process asking, as it would record itself. */
export interface LockSelf {
  pid: number;
  host: string;
  bootId: string | undefined;
}

export interface LockVerdict {
  stale: boolean;
  /** Why, in words for the log or the refusal. */
  reason: string;
}

/** btime is whole seconds: a process started within this much of the lock may be its holder. */
const START_TIME_SLACK_MS = 1500;

/**
 * Whether a lock left in a data directory still protects a running gateway. The rule, in
 * order (the first that applies decides):
 *
 * 1. Written on another host: held. This machine cannot see that host's processes.
 * 2. Names this process's pid: stale. This process does not hold it (the caller checks
 *    its own locks first), so it was left by an earlier process with the same pid, as
 *    every gateway run as PID 1 in a container is.
 * 3. Written under another boot of this machine: stale. Nothing from before a reboot runs.
 * 4. No process has that pid (or only a zombie): stale.
 * 5. The lock records its holder's start ticks and the process with that pid has others:
 *    stale, the pid was reused. The same ticks: held.
 * 6. The process with that pid started after the lock was written: stale, it cannot be
 *    the holder (the check for locks without start ticks).
 * 7. Otherwise (a live process this platform cannot tell apart): held.
 */
export function judgeLock(owner: LockOwner, self: LockSelf, probe: ProcessProbe): LockVerdict {
  if (owner.host !== self.host) return { stale: false, reason: `it was taken on another host (${owner.host})` };
  if (owner.pid === self.pid) return { stale: true, reason: 'it names this process\'s pid, left by an earlier process with the same pid' };
  if (owner.boot_id !== undefined && self.bootId !== undefined && owner.boot_id !== self.bootId) {
    return { stale: true, reason: 'it was taken before this machine last booted' };
  }
  if (!probe.exists(owner.pid)) return { stale: true, reason: `pid ${owner.pid} no longer runs` };
  if (owner.start_ticks !== undefined) {
    const ticks = probe.startTicks(owner.pid);
    if (ticks !== undefined) {
      return ticks === owner.start_ticks
        ? { stale: false, reason: `pid ${owner.pid} is the process that took it` }
        : { stale: true, reason: `pid ${owner.pid} is now another process (it started at another time)` };
    }
  }
  const started = probe.startedAtMs(owner.pid);
  const since = Date.parse(owner.since);
  if (started !== undefined && Number.isFinite(since) && started > since + START_TIME_SLACK_MS) {
    return { stale: true, reason: `pid ${owner.pid} is now a process that started after the lock was taken` };
  }
  return { stale: false, reason: `pid ${owner.pid} still runs` };
}

/** A lock file's text as an owner, or undefined when it is not one (written by something else, or damaged). */
export function parseLockOwner(text: string): LockOwner | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const owner = value as Record<string, unknown>;
  if (!Number.isSafeInteger(owner.pid) || (owner.pid as number) <= 0 || typeof owner.host !== 'string' || typeof owner.since !== 'string') return undefined;
  return {
    pid: owner.pid as number,
    host: owner.host,
    since: owner.since,
    ...(typeof owner.boot_id === 'string' ? { boot_id: owner.boot_id } : {}),
    ...(Number.isSafeInteger(owner.start_ticks) ? { start_ticks: owner.start_ticks as number } : {}),
  };
}
