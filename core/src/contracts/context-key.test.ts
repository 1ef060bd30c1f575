import { ContextKey } from './context-key';

/** A call's scratch space as CallContext offers it (contracts may not import the pipeline's Call). */
function call() {
  const locals = new Map<symbol, unknown>();
  return { locals, local: (key: symbol) => locals.get(key) };
}

describe('ContextKey', () => {
  it('carries a typed value per call, unset until a plugin sets it', () => {
    const limits = new ContextKey<{ rpm: number }>('owner.limits');
    const first = call();
    const second = call();
    expect(limits.get(first)).toBeUndefined();
    limits.set(first, { rpm: 3 });
    expect(limits.get(first)).toEqual({ rpm: 3 });
    expect(limits.get(second)).toBeUndefined();
    limits.delete(first);
    expect(limits.get(first)).toBeUndefined();
  });

  it('keeps two keys of the same name apart', () => {
    const mine = new ContextKey<string>('same');
    const theirs = new ContextKey<string>('same');
    const one = call();
    mine.set(one, 'mine');
    expect([mine.get(one), theirs.get(one)]).toEqual(['mine', undefined]);
    expect(mine.name).toBe('same');
  });
});
