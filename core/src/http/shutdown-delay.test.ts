import { ShutdownDelay, type StartTimer } from './shutdown-delay';

/** A timer the test fires by hand, so no real time passes; it records what was asked of it. */
function handTimer() {
  const timers: Array<{ ms: number; fire: () => void; cancelled: boolean }> = [];
  const start: StartTimer = (fire, ms) => {
    const timer = { ms, fire, cancelled: false };
    timers.push(timer);
    return () => (timer.cancelled = true);
  };
  return { start, timers };
}

/** Whether the promise has settled, after letting pending callbacks run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('ShutdownDelay: draining while still serving, before the listener closes', () => {
  it('is not draining until the first signal; from then on it is, and waits the whole delay', async () => {
    const { start, timers } = handTimer();
    const delay = new ShutdownDelay(start);
    expect(delay.draining).toBe(false);
    const waited = delay.wait(5000);
    expect(delay.draining).toBe(true);
    expect(timers.map((t) => t.ms)).toEqual([5000]);
    expect(await settled(waited)).toBe(false);
    timers[0].fire();
    expect(await settled(waited)).toBe(true);
    expect(delay.draining).toBe(true);
  });

  it('a delay of 0 (the default, one replica) marks draining and goes straight on, with no timer', async () => {
    const { start, timers } = handTimer();
    const delay = new ShutdownDelay(start);
    expect(await settled(delay.wait(0))).toBe(true);
    expect(delay.draining).toBe(true);
    expect(timers).toEqual([]);
  });

  it('skip() (a second signal) ends the delay at once and cancels its timer', async () => {
    const { start, timers } = handTimer();
    const delay = new ShutdownDelay(start);
    const waited = delay.wait(60_000);
    expect(await settled(waited)).toBe(false);
    delay.skip();
    expect(await settled(waited)).toBe(true);
    expect(timers[0].cancelled).toBe(true);
    // The timer firing later changes nothing.
    timers[0].fire();
    expect(delay.draining).toBe(true);
  });

  it('skip() before the delay starts means it is not waited at all; a second wait() does not wait again', async () => {
    const { start, timers } = handTimer();
    const skipped = new ShutdownDelay(start);
    skipped.skip();
    expect(await settled(skipped.wait(5000))).toBe(true);
    expect(skipped.draining).toBe(true);
    expect(timers).toEqual([]);

    const twice = new ShutdownDelay(start);
    const first = twice.wait(5000);
    expect(await settled(twice.wait(5000))).toBe(true);
    expect(await settled(first)).toBe(false);
    expect(timers).toHaveLength(1);
  });
});
