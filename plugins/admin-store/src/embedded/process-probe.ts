import fs from 'node:fs';

/** Reads a text file, or undefined when it cannot be read (absent, no /proc, hidden by hidepid). */
export type ReadText = (file: string) => string | undefined;

/**
 * What the directory lock needs to know about processes on this machine. Every answer
 * may be "unknown" (undefined) where the platform does not say, and the lock then
 * decides conservatively (lock-staleness.ts).
 */
export interface ProcessProbe {
  /** Changes on every boot of the kernel (Linux: /proc/sys/kernel/random/boot_id). */
  bootId(): string | undefined;
  /** Whether a process with this pid runs (a zombie does not: it only waits to be reaped). */
  exists(pid: number): boolean;
  /** When the process started, in clock ticks since boot (Linux: /proc/<pid>/stat field 22): the same pid with other ticks is another process. */
  startTicks(pid: number): number | undefined;
  /** When the process started, in ms since the epoch (boot time + start ticks), accurate to about a second. */
  startedAtMs(pid: number): number | undefined;
}

/** Linux's USER_HZ: fixed at 100 by the kernel ABI on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface ProcProbeOptions {
  /** Reads /proc files; tests hand in a fake /proc. */
  read?: ReadText;
  /** Signals 0 to a pid; throws like process.kill (ESRCH: no such process, EPERM: it exists). */
  signal?: (pid: number) => void;
}

/**
 * The probe over /proc, with process.kill(pid, 0) for existence: kill sees processes of
 * every user even where /proc hides them (hidepid), so a hidden live holder never looks
 * dead. Where /proc is absent (macOS), boot id and start times are unknown.
 */
export function procProbe(options: ProcProbeOptions = {}): ProcessProbe {
  const read = options.read ?? readText;
  const signal = options.signal ?? ((pid: number) => process.kill(pid, 0));
  const stat = (pid: number) => parseStat(read(`/proc/${pid}/stat`));
  return {
    bootId: () => read('/proc/sys/kernel/random/boot_id')?.trim() || undefined,
    exists(pid) {
      try {
        signal(pid);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
      }
      const state = stat(pid)?.state;
      return state !== 'Z' && state !== 'X';
    },
    startTicks: (pid) => stat(pid)?.startTicks,
    startedAtMs(pid) {
      const ticks = stat(pid)?.startTicks;
      const boot = /^btime (\d+)$/m.exec(read('/proc/stat') ?? '');
      if (ticks === undefined || !boot) return undefined;
      return Number(boot[1]) * 1000 + (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
    },
  };
}

/** The state (field 3) and start time (field 22) of a /proc/<pid>/stat line; the command name (field 2) may hold spaces and parentheses, so fields are counted after its last ')'. */
export function parseStat(text: string | undefined): { state: string; startTicks: number } | undefined {
  if (text === undefined) return undefined;
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text.slice(close + 1).trim().split(/\s+/);
  // fields[0] is field 3 (state), so field 22 is fields[19].
  const startTicks = Number(fields[19]);
  if (!fields[0] || !Number.isSafeInteger(startTicks)) return undefined;
  return { state: fields[0], startTicks };
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
