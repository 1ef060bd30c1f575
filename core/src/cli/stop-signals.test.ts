import { signalRepeatWindow, StopSignals, type StopDecision } from './stop-signals';

/** Signals sent at the given clock times (ms); the clock is the test's, so no real time passes. */
function send(sequence: Array<[number, string]>, windowMs?: number) {
  let clock = 0;
  const calls: string[] = [];
  const signals = new StopSignals({
    now: () => clock,
    windowMs,
    stop: (s) => calls.push(`stop ${s}`),
    endNow: (s) => calls.push(`end-now ${s}`),
    repeated: (s, since) => calls.push(`repeated ${s} +${since}`),
  });
  const decisions: StopDecision[] = [];
  for (const [at, signal] of sequence) {
    clock = at;
    decisions.push(signals.handle(signal));
  }
  return { decisions, calls };
}

describe('stop signals: a repeat within a second is the same request to stop', () => {
  it('a copy of SIGTERM a millisecond later (npm forwarding it) keeps the drain going', () => {
    expect(send([[0, 'SIGTERM'], [1, 'SIGTERM']])).toEqual({ decisions: ['stop', 'same-request'], calls: ['stop SIGTERM', 'repeated SIGTERM +1'] });
  });

  it('0.5 s apart is still the same request; 1.5 s apart ends requests in flight', () => {
    expect(send([[0, 'SIGINT'], [500, 'SIGINT']]).decisions).toEqual(['stop', 'same-request']);
    expect(send([[0, 'SIGINT'], [1500, 'SIGINT']])).toEqual({ decisions: ['stop', 'end-now'], calls: ['stop SIGINT', 'end-now SIGINT'] });
  });

  it('the window is measured from the first signal, so a steady stream of copies cannot hold off a real second signal', () => {
    expect(send([[0, 'SIGTERM'], [600, 'SIGTERM'], [1200, 'SIGTERM']]).decisions).toEqual(['stop', 'same-request', 'end-now']);
  });

  it('the other stop signal inside the window is the same request too; after it, it ends requests now', () => {
    expect(send([[0, 'SIGTERM'], [500, 'SIGINT']]).decisions).toEqual(['stop', 'same-request']);
    expect(send([[0, 'SIGTERM'], [1001, 'SIGINT']]).decisions).toEqual(['stop', 'end-now']);
  });

  it('the window is inclusive at its edge, and ending now happens once', () => {
    expect(send([[0, 'SIGTERM'], [1000, 'SIGTERM'], [2000, 'SIGTERM'], [3000, 'SIGINT']]).decisions).toEqual(['stop', 'same-request', 'end-now', 'ignored']);
  });

  it('takes its window from GATEWAY_SIGNAL_REPEAT_MS, and refuses a value that is not whole milliseconds', () => {
    expect(signalRepeatWindow({})).toBe(1000);
    expect(signalRepeatWindow({ GATEWAY_SIGNAL_REPEAT_MS: '50' })).toBe(50);
    expect(send([[0, 'SIGTERM'], [60, 'SIGTERM']], 50).decisions).toEqual(['stop', 'end-now']);
    expect(() => signalRepeatWindow({ GATEWAY_SIGNAL_REPEAT_MS: '1s' })).toThrow(/whole number/);
  });
});
