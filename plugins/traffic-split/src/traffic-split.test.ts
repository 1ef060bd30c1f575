import pino from 'pino';
import { type CallContext, type StateStore, type Target } from '@model-gateway/core';
import { EmbeddedStateStore } from '@model-gateway/core/testing';
import { TrafficSplit } from './traffic-split';

/** Only the fields the split reads: a key, a role and a weight. */
const target = (key: string, weight: number, role: Target['role'] = 'split') => ({ key, weight, role }) as Target;
const a = target('a/m', 3);
const b = target('b/m', 1);
const fallback = target('c/m', 0, 'fallback');

const callTo = (targets: Target[], endpointName = 'ep') => ({ endpointName, targets: [...targets] }) as unknown as CallContext;

/** Resolves `count` calls one after another and returns the key each was sent to first. */
async function picks(split: TrafficSplit, targets: Target[], count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const call = callTo(targets);
    await split.resolve(call);
    keys.push(call.targets[0].key);
  }
  return keys;
}

const splitOver = (store: StateStore = new EmbeddedStateStore()) => new TrafficSplit(store, pino({ level: 'silent' }));

describe('TrafficSplit', () => {
  it('sends 3:1 in the exact order a a b a, cycle after cycle', async () => {
    expect(await picks(splitOver(), [a, b], 8)).toEqual(['a/m', 'a/m', 'b/m', 'a/m', 'a/m', 'a/m', 'b/m', 'a/m']);
  });

  it('puts the pick first and keeps the fallbacks after it, in order', async () => {
    const split = splitOver();
    const call = callTo([a, b, fallback]);
    await split.resolve(call);
    expect(call.targets.map((t) => t.key)).toEqual(['a/m', 'c/m']);
  });

  it('shares one position per endpoint across instances through the store, as replicas do', async () => {
    const store = new EmbeddedStateStore();
    const [one, two] = [splitOver(store), splitOver(store)];
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) seen.push(...(await picks(one, [a, b], 1)), ...(await picks(two, [a, b], 1)));
    expect(seen).toEqual(['a/m', 'a/m', 'b/m', 'a/m']);
  });

  it('leaves one candidate alone, without a store round trip', () => {
    const call = callTo([a, fallback]);
    expect(splitOver().resolve(call)).toBeUndefined();
    expect(call.targets).toEqual([a, fallback]);
  });

  it('a target the breaker dropped is out of the cycle: the rest split by their own weights', async () => {
    // Configured a:3 b:1 d:2; with b cooling down the call arrives with a and d only, and d gets 2 of every 5.
    const d = target('d/m', 2);
    expect(await picks(splitOver(), [a, d], 5)).toEqual(['a/m', 'd/m', 'a/m', 'd/m', 'a/m']);
  });

  it('keeps splitting on its own counter when the store cannot be reached', async () => {
    const down = { increment: () => Promise.reject(new Error('store down')) } as unknown as StateStore;
    expect(await picks(splitOver(down), [a, b], 4)).toEqual(['a/m', 'a/m', 'b/m', 'a/m']);
  });
});
