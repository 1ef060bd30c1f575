import { Cancellation } from './cancellation';

describe('Cancellation', () => {
  it('runs listeners once, keeps the first reason and aborts its signal view', () => {
    const cancellation = new Cancellation();
    const signal = cancellation.signal;
    const seen: unknown[] = [];
    cancellation.onCancel(() => seen.push(cancellation.reason));
    cancellation.cancel('first');
    cancellation.cancel('second');
    expect(seen).toEqual(['first']);
    expect(cancellation.aborted).toBe(true);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('first');
  });

  it('gives an already-aborted signal when asked after cancelling', () => {
    const cancellation = new Cancellation();
    cancellation.cancel(new Error('gone'));
    expect(cancellation.signal.aborted).toBe(true);
    expect((cancellation.signal.reason as Error).message).toBe('gone');
  });

  it('calls a late listener at once and a removed one never', () => {
    const cancellation = new Cancellation();
    let removedRan = false;
    const remove = cancellation.onCancel(() => (removedRan = true));
    remove();
    cancellation.cancel('x');
    expect(removedRan).toBe(false);
    let lateRan = false;
    cancellation.onCancel(() => (lateRan = true));
    expect(lateRan).toBe(true);
    expect(cancellation.listenerCount()).toBe(0);
  });
});
