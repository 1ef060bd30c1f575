import fs from 'node:fs';
import { parseStat, procProbe } from './process-probe';

/** A /proc/<pid>/stat line with `comm`, state and start ticks (field 22); the other fields are filler. */
const statLine = (pid: number, comm: string, state: string, ticks: number) =>
  `${pid} (${comm}) ${state} ${Array.from({ length: 18 }, (_, i) => i + 1).join(' ')} ${ticks} 12345 678 0\n`;

const noSuchProcess = () => {
  throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
};

describe('parseStat', () => {
  it('counts fields after the last ")", so a command name with spaces and parentheses cannot shift them', () => {
    expect(parseStat(statLine(7, 'node', 'S', 4242))).toEqual({ state: 'S', startTicks: 4242 });
    expect(parseStat(statLine(7, 'evil) R 1 2 3 (x', 'S', 99))).toEqual({ state: 'S', startTicks: 99 });
    expect(parseStat(undefined)).toBeUndefined();
    expect(parseStat('7 (node')).toBeUndefined();
    expect(parseStat('7 (node) S 1 2')).toBeUndefined();
  });
});

describe('procProbe', () => {
  const files: Record<string, string> = {
    '/proc/sys/kernel/random/boot_id': 'b0d1d\n',
    '/proc/stat': 'cpu  1 2 3\nbtime 1700000000\nprocesses 9\n',
    '/proc/7/stat': statLine(7, 'node', 'S', 250),
    '/proc/8/stat': statLine(8, 'node', 'Z', 300),
  };
  const probe = procProbe({ read: (file) => files[file], signal: () => undefined });

  it('reads the boot id, start ticks and start time from a fake /proc', () => {
    expect(probe.bootId()).toBe('b0d1d');
    expect(probe.startTicks(7)).toBe(250);
    // btime plus 250 ticks at 100 per second.
    expect(probe.startedAtMs(7)).toBe(1_700_000_000_000 + 2500);
    expect(probe.startTicks(9)).toBeUndefined();
  });

  it('takes a zombie for gone and trusts kill(0) where /proc hides a process', () => {
    expect(probe.exists(7)).toBe(true);
    expect(probe.exists(8)).toBe(false);
    expect(probe.exists(9)).toBe(true);
    expect(procProbe({ read: (file) => files[file], signal: noSuchProcess }).exists(7)).toBe(false);
    const notPermitted = () => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    };
    expect(procProbe({ read: () => undefined, signal: notPermitted }).exists(7)).toBe(true);
  });

  it('knows nothing without /proc', () => {
    const bare = procProbe({ read: () => undefined, signal: () => undefined });
    expect([bare.bootId(), bare.startTicks(7), bare.startedAtMs(7)]).toEqual([undefined, undefined, undefined]);
  });

  (fs.existsSync('/proc/self/stat') ? it : it.skip)('reads this process from the real /proc', () => {
    const real = procProbe();
    expect(real.bootId()).toMatch(/^[0-9a-f-]{36}$/);
    expect(real.startTicks(process.pid)).toBeGreaterThan(0);
    const started = real.startedAtMs(process.pid) as number;
    expect(started).toBeLessThanOrEqual(Date.now() + 1000);
    expect(started).toBeGreaterThan(Date.now() - process.uptime() * 1000 - 60_000);
  });
});
