import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock, describeExit, readStamp, runCommand, writeStamp } from './one-time-install';

/** The lock and stamp that let parallel jest workers install the venv and the agent CLIs once. */
describe('one-time install helpers', () => {
  let dir: string;
  const quiet = { waitMs: 5_000, what: 'testing', log: () => undefined };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'one-time-install-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('hands the lock to one holder at a time', async () => {
    const lock = join(dir, 'a.lock');
    const events: string[] = [];
    const first = await acquireLock(lock, quiet);
    const second = acquireLock(lock, quiet).then((release) => {
      events.push('second');
      return release;
    });
    await new Promise((r) => setTimeout(r, 400));
    events.push('first releases');
    await first();
    await (await second)();
    expect(events).toEqual(['first releases', 'second']);
  });

  it('takes over a lock whose holder is gone, and gives up on a live one after the wait', async () => {
    const lock = join(dir, 'b.lock');
    await writeFile(lock, '999999999'); // no such pid
    const messages: string[] = [];
    const release = await acquireLock(lock, { ...quiet, log: (m) => messages.push(m) });
    expect(messages[0]).toMatch(/removing the stale lock/);
    expect(await readFile(lock, 'utf8')).toBe(String(process.pid));
    await release();

    await writeFile(lock, String(process.pid)); // alive: this very process
    await expect(acquireLock(lock, { ...quiet, waitMs: 300 })).rejects.toThrow(/another test run is testing/);
  });

  it('writes the stamp whole, and reads an absent one as empty', async () => {
    const stamp = join(dir, 'stamp');
    expect(await readStamp(stamp)).toBe('');
    await writeStamp(stamp, 'abc');
    expect(await readStamp(stamp)).toBe('abc');
  });

  it('runs a command with its output, and names a missing one with the hint', async () => {
    const ok = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'], { cwd: dir, timeoutMs: 5_000 });
    expect(ok.output).toContain('out');
    expect(ok.output).toContain('err');
    expect(describeExit(ok)).toBe('exit code 3');
    // A short timeout: Node keeps a spawn's kill timer when the command is not found.
    await expect(runCommand('no-such-command-here', [], { cwd: dir, timeoutMs: 500, missingHint: 'install it.' })).rejects.toThrow(
      'no-such-command-here is not installed (not found on PATH); install it.',
    );
  });
});
