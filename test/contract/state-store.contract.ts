import type { StateStore } from '../../core/src/contracts/state-store';

export interface StateStoreFixture {
  store: StateStore;
  cleanup(): Promise<void>;
  /** Lets `ms` of the store's clock pass: the embedded store's injected clock moves at once; Redis' own clock needs real time. */
  pass(ms: number): Promise<void>;
}

const MONEY_PRECISION = 1e-9;

/**
 * The behaviour every StateStore must share, so replacing the embedded store
 * with Redis (or back) never changes what the gateway counts. Each
 * implementation's test file calls this with a factory for a fresh store.
 */
export interface ContractOptions {
  /** A Redis Cluster: applyLimits' steps live on different nodes, so each is atomic by itself rather than all together. */
  perStepLimits?: boolean;
}

export function describeStateStoreContract(name: string, make: () => Promise<StateStoreFixture>, options: ContractOptions = {}): void {
  describe(`StateStore contract: ${name}`, () => {
    let fixture: StateStoreFixture;
    let store: StateStore;
    let keyCount = 0;
    // Fresh keys per test, so stores backed by a shared server never see
    // another test's (or an earlier run's) counters.
    const runId = Math.random().toString(36).slice(2, 10);
    const newKey = (label: string) => `contract:${runId}:${label}:${++keyCount}`;

    beforeEach(async () => {
      fixture = await make();
      store = fixture.store;
    });

    afterEach(async () => {
      await fixture.cleanup();
    });

    describe('incrementHash', () => {
      it('accumulates increments across calls', async () => {
        const key = newKey('accumulate');
        await store.incrementHash(key, { requests: 1, tokens: 10 }, 60);
        await store.incrementHash(key, { requests: 1, tokens: 5 }, 60);
        await store.incrementHash(key, { requests: 1 }, 60);
        expect(await store.readHashes([key])).toEqual([{ requests: 3, tokens: 15 }]);
      });

      it('keeps integer fields integral and sums fractional fields to 1e-9', async () => {
        const key = newKey('fractional');
        await store.incrementHash(key, { requests: 1, cost: 0.000123 }, 60);
        await store.incrementHash(key, { requests: 2, cost: 0.000001 }, 60);
        const [hash] = await store.readHashes([key]);
        expect(hash.requests).toBe(3);
        expect(Number.isInteger(hash.requests)).toBe(true);
        expect(Math.abs(hash.cost - 0.000124)).toBeLessThan(MONEY_PRECISION);
      });

      it('accepts an integer increment on a field that already holds a fraction', async () => {
        // A free request costs exactly 0 after paid ones: the field must keep counting.
        const key = newKey('mixed');
        await store.incrementHash(key, { cost: 0.5 }, 60);
        await store.incrementHash(key, { cost: 0, requests: 1 }, 60);
        await store.incrementHash(key, { cost: 1 }, 60);
        const [hash] = await store.readHashes([key]);
        expect(Math.abs(hash.cost - 1.5)).toBeLessThan(MONEY_PRECISION);
        expect(hash.requests).toBe(1);
      });

      it('sums many concurrent increments exactly', async () => {
        const key = newKey('concurrent');
        const calls = 200;
        await Promise.all(
          Array.from({ length: calls }, () => store.incrementHash(key, { requests: 1, cost: 0.001 }, 60)),
        );
        const [hash] = await store.readHashes([key]);
        expect(hash.requests).toBe(calls);
        expect(Math.abs(hash.cost - calls * 0.001)).toBeLessThan(MONEY_PRECISION);
      });

      it('keeps keys independent of each other', async () => {
        const a = newKey('independent-a');
        const b = newKey('independent-b');
        await store.incrementHash(a, { requests: 1 }, 60);
        await store.incrementHash(b, { requests: 7, tokens: 2 }, 60);
        await store.incrementHash(a, { requests: 1 }, 60);
        expect(await store.readHashes([a, b])).toEqual([{ requests: 2 }, { requests: 7, tokens: 2 }]);
      });
    });

    describe('readHashes', () => {
      it('returns an empty array for no keys', async () => {
        expect(await store.readHashes([])).toEqual([]);
      });

      it('returns one hash per key, in key order, with {} for missing keys', async () => {
        const first = newKey('order-first');
        const missing = newKey('order-missing');
        const last = newKey('order-last');
        await store.incrementHash(last, { requests: 2 }, 60);
        await store.incrementHash(first, { requests: 1 }, 60);
        expect(await store.readHashes([first, missing, last, first])).toEqual([
          { requests: 1 },
          {},
          { requests: 2 },
          { requests: 1 },
        ]);
      });

      it('returns numbers, not strings', async () => {
        const key = newKey('numbers');
        await store.incrementHash(key, { requests: 4, cost: 0.25 }, 60);
        const [hash] = await store.readHashes([key]);
        expect(typeof hash.requests).toBe('number');
        expect(typeof hash.cost).toBe('number');
      });
    });

    describe('time to live', () => {
      // One wait covers expiry, survival and refresh, to keep the suite fast on Redis (real time).
      it('expires a key after its TTL, and each increment renews the TTL', async () => {
        const expiring = newKey('ttl-expiring');
        const lasting = newKey('ttl-lasting');
        const renewed = newKey('ttl-renewed');
        await store.incrementHash(expiring, { requests: 1 }, 1);
        await store.incrementHash(lasting, { requests: 1 }, 60);
        await store.incrementHash(renewed, { requests: 1 }, 1);

        await fixture.pass(600);
        await store.incrementHash(renewed, { requests: 1 }, 1);
        await fixture.pass(700);

        expect(await store.readHashes([expiring, lasting, renewed])).toEqual([{}, { requests: 1 }, { requests: 2 }]);
        // An expired counter starts again from zero.
        await store.incrementHash(expiring, { requests: 1 }, 60);
        expect(await store.readHashes([expiring])).toEqual([{ requests: 1 }]);
      });
    });

    describe('routing primitives', () => {
      it('increment counts atomically from 0 and returns each new value', async () => {
        const key = newKey('position');
        const values = await Promise.all(Array.from({ length: 20 }, () => store.increment(key, 1, 60_000)));
        expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
        expect(await store.increment(key, 5, 60_000)).toBe(25);
      });

      it('increment restarts from 0 after its TTL', async () => {
        const key = newKey('failures');
        await store.increment(key, 3, 150);
        await fixture.pass(300);
        expect(await store.increment(key, 1, 150)).toBe(1);
      });

      it('getMany returns values in key order, undefined for missing keys', async () => {
        const [a, b] = [newKey('a'), newKey('b')];
        await store.set(a, 'open', 60_000);
        await store.increment(b, 2, 60_000);
        expect(await store.getMany([a, newKey('missing'), b])).toEqual(['open', undefined, '2']);
        expect(await store.getMany([])).toEqual([]);
      });

      it('set with ifAbsent is a lock: one caller wins until the TTL lapses', async () => {
        const key = newKey('probe');
        const winners = await Promise.all(Array.from({ length: 10 }, (_, i) => store.set(key, String(i), 200, { ifAbsent: true })));
        expect(winners.filter(Boolean)).toHaveLength(1);
        await fixture.pass(350);
        expect(await store.getMany([key])).toEqual([undefined]);
        expect(await store.set(key, 'again', 200, { ifAbsent: true })).toBe(true);
      });

      it('set without ifAbsent overwrites; delete removes', async () => {
        const key = newKey('cooldown');
        await store.set(key, 'one', 60_000);
        expect(await store.set(key, 'two', 60_000)).toBe(true);
        expect(await store.getMany([key])).toEqual(['two']);
        await store.delete([key]);
        expect(await store.getMany([key])).toEqual([undefined]);
      });
    });

    describe('sliding windows (rate limits)', () => {
      it('admits up to the limit exactly, refuses the next with the wait until there is room', async () => {
        const key = newKey('window');
        for (let i = 1; i <= 3; i++) expect(await store.windowAdd(key, 1, 3, 60_000)).toEqual({ allowed: true, total: i, retryAfterMs: 0 });
        const refused = await store.windowAdd(key, 1, 3, 60_000);
        expect(refused).toMatchObject({ allowed: false, total: 3 });
        expect(refused.retryAfterMs).toBeGreaterThan(58_000);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
      });

      it('is atomic: of 40 concurrent adds against a limit of 10, exactly 10 are admitted', async () => {
        const key = newKey('window-race');
        const results = await Promise.all(Array.from({ length: 40 }, () => store.windowAdd(key, 1, 10, 60_000)));
        expect(results.filter((r) => r.allowed)).toHaveLength(10);
        expect((await store.windowAdd(key, 0, 10, 60_000)).total).toBe(10);
      });

      it('adds amounts (tokens), refuses one that does not fit, and says when one can never fit', async () => {
        const key = newKey('window-amounts');
        expect(await store.windowAdd(key, 700, 1000, 60_000)).toMatchObject({ allowed: true, total: 700 });
        expect(await store.windowAdd(key, 400, 1000, 60_000)).toMatchObject({ allowed: false, total: 700 });
        expect(await store.windowAdd(key, 300, 1000, 60_000)).toMatchObject({ allowed: true, total: 1000 });
        expect(await store.windowAdd(key, 1001, 1000, 60_000)).toMatchObject({ allowed: false, retryAfterMs: -1 });
      });

      it('amount 0 asks whether room is left without adding; an unlimited add always counts', async () => {
        const key = newKey('window-ask');
        expect(await store.windowAdd(key, 0, 2, 60_000)).toEqual({ allowed: true, total: 0, retryAfterMs: 0 });
        expect(await store.windowAdd(key, 5, Infinity, 60_000)).toEqual({ allowed: true, total: 5, retryAfterMs: 0 });
        expect(await store.windowAdd(key, 0, 5, 60_000)).toMatchObject({ allowed: false, total: 5 });
        expect(await store.windowAdd(key, 0, 6, 60_000)).toMatchObject({ allowed: true, total: 5 });
      });

      it('lets counts age out of the window, at the time it said', async () => {
        const key = newKey('window-age');
        expect((await store.windowAdd(key, 2, 2, 1_000)).allowed).toBe(true);
        const refused = await store.windowAdd(key, 1, 2, 1_000);
        expect(refused.allowed).toBe(false);
        expect(refused.retryAfterMs).toBeGreaterThan(0);
        expect(refused.retryAfterMs).toBeLessThanOrEqual(1_000);
        await fixture.pass(refused.retryAfterMs + 50);
        expect(await store.windowAdd(key, 1, 2, 1_000)).toEqual({ allowed: true, total: 1, retryAfterMs: 0 });
      });

      it('keeps windows independent, and delete clears one', async () => {
        const [a, b] = [newKey('window-a'), newKey('window-b')];
        await store.windowAdd(a, 3, 3, 60_000);
        expect((await store.windowAdd(b, 1, 3, 60_000)).total).toBe(1);
        await store.delete([a]);
        expect((await store.windowAdd(a, 0, 3, 60_000)).total).toBe(0);
      });
    });

    describe('applyLimits (a call\'s limit steps as one)', () => {
      const window = (key: string, amount: number, limit: number) => ({ kind: 'window' as const, key, amount, limit, windowMs: 60_000 });
      const reserve = (key: string, id: string, amount: number, limit: number) => ({ kind: 'reserve' as const, key, id, amount, limit, leaseMs: 60_000, ttlMs: 60_000 });

      it('applies every step when all allow, and answers each as its own call would', async () => {
        const [tokens, requests, budget] = [newKey('al-tokens'), newKey('al-requests'), newKey('al-budget')];
        await store.windowAdd(tokens, 40, Infinity, 60_000);
        const outcome = await store.applyLimits([window(tokens, 0, 100), reserve(budget, 'r1', 0.25, 1), window(requests, 1, 5)]);
        expect(outcome).toEqual({
          allowed: true,
          results: [{ allowed: true, total: 40, retryAfterMs: 0 }, { allowed: true, spent: 0, reserved: 0.25 }, { allowed: true, total: 1, retryAfterMs: 0 }],
          applied: [true, true, true],
        });
        expect((await store.windowAdd(requests, 0, 5, 60_000)).total).toBe(1);
        expect((await store.reserve(budget, 'ask', 0, 1, 60_000, 60_000)).reserved).toBeCloseTo(0.25, 9);
      });

      it('settles and counts in one batch: the spend lands in `usd`, the reservation is freed, the tokens counted', async () => {
        const [tokens, budget] = [newKey('al-settle-tokens'), newKey('al-settle-budget')];
        await store.applyLimits([reserve(budget, 'r1', 0.5, 1)]);
        const outcome = await store.applyLimits([window(tokens, 120, Infinity), { kind: 'settle', key: budget, id: 'r1', spent: 0.125, ttlMs: 60_000 }]);
        expect(outcome.allowed).toBe(true);
        expect(outcome.results[1]).toEqual({ allowed: true });
        const [hash] = await store.readHashes([budget]);
        expect(hash.usd).toBeCloseTo(0.125, 9);
        expect(await store.reserve(budget, 'ask', 0, 1, 60_000, 60_000)).toMatchObject({ allowed: true, reserved: 0 });
        expect((await store.windowAdd(tokens, 0, 1000, 60_000)).total).toBe(120);
      });

      if (options.perStepLimits) {
        it('on a Cluster applies each step that allows by itself, and says which', async () => {
          const [open, full, budget] = [newKey('al-open'), newKey('al-full'), newKey('al-budget-c')];
          await store.windowAdd(full, 3, 3, 60_000);
          const outcome = await store.applyLimits([window(open, 1, 5), reserve(budget, 'r1', 0.25, 1), window(full, 1, 3)]);
          expect(outcome.allowed).toBe(false);
          expect(outcome.applied).toEqual([true, true, false]);
          expect(outcome.results[2]).toMatchObject({ allowed: false, total: 3 });
          expect((await store.windowAdd(open, 0, 5, 60_000)).total).toBe(1);
        });
      } else {
        it('applies nothing when one step refuses: no request counted, no reservation held', async () => {
          const [open, full, budget] = [newKey('al-open'), newKey('al-full'), newKey('al-budget-n')];
          await store.windowAdd(full, 3, 3, 60_000);
          const outcome = await store.applyLimits([window(open, 1, 5), reserve(budget, 'r1', 0.25, 1), window(full, 1, 3)]);
          expect(outcome.allowed).toBe(false);
          expect(outcome.applied).toEqual([false, false, false]);
          expect(outcome.results[0]).toEqual({ allowed: true, total: 1, retryAfterMs: 0 });
          expect(outcome.results[2]).toMatchObject({ allowed: false, total: 3 });
          expect(outcome.results[2].allowed === false && (outcome.results[2] as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(58_000);
          expect((await store.windowAdd(open, 0, 5, 60_000)).total).toBe(0);
          expect((await store.reserve(budget, 'ask', 0, 1, 60_000, 60_000)).reserved).toBe(0);
        });

        it('is atomic across steps: of 30 concurrent calls against 10 requests and a budget of 20 reservations, exactly 10 get both', async () => {
          const [requests, budget] = [newKey('al-race-requests'), newKey('al-race-budget')];
          const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => store.applyLimits([reserve(budget, `r${i}`, 0.05, 1), window(requests, 1, 10)])));
          expect(outcomes.filter((o) => o.allowed)).toHaveLength(10);
          expect((await store.windowAdd(requests, 0, 10, 60_000)).total).toBe(10);
          expect((await store.reserve(budget, 'ask', 0, 1, 60_000, 60_000)).reserved).toBeCloseTo(0.5, 9);
        });
      }
    });

    describe('ping', () => {
      it('resolves when the store is reachable', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });
  });
}
