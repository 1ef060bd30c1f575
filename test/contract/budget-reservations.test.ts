import type { StateStore } from '../../core/src/contracts/state-store';
import { EmbeddedStateStore } from '../../core/src/state/embedded-state-store';
import { RedisStateStore } from '../../core/src/state/redis-state-store';
import { ResilientStateStore } from '../../core/src/state/resilient-state-store';
import { eventually } from '../support/eventually';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';

/**
 * StateStore.reserve and settle, the budgets' two atomic steps, on both stores: a limit
 * admits while settled + reserved is below it (so a limit of exactly N reservations
 * admits exactly N, however many ask at once), settlement swaps a reservation for what
 * was spent, and a reservation nobody settles lapses with its lease.
 */

const TTL_MS = 60_000;
const LEASE_MS = 60_000;
let keys = 0;
const runId = Math.random().toString(36).slice(2, 8);
const newKey = () => `budget:test:${runId}:${++keys}`;

interface Fixture {
  store: StateStore;
  /** Lets `ms` of the store's clock pass (the embedded store's injected clock; real time on Redis). */
  pass(ms: number): Promise<void>;
}

function describeReservations(name: string, make: () => Fixture) {
  describe(`reserve and settle: ${name}`, () => {
    let fixture: Fixture;
    let store: StateStore;
    beforeEach(() => {
      fixture = make();
      store = fixture.store;
    });
    afterEach(() => store.close());

    it('admits a limit of exactly N reservations N times out of many concurrent asks, to the nano-dollar', async () => {
      const key = newKey();
      const each = 0.000123; // Not a binary fraction: the sums must not drift past the boundary.
      const states = await Promise.all(Array.from({ length: 25 }, (_, i) => store.reserve(key, `r${i}`, each, 4 * each, LEASE_MS, TTL_MS)));
      expect(states.filter((s) => s.allowed)).toHaveLength(4);
      const refused = states.find((s) => !s.allowed)!;
      expect(refused.spent).toBe(0);
      expect(refused.reserved).toBeCloseTo(4 * each, 12);
    });

    it('admits while below the limit, so the last admitted may pass it by at most its own reservation', async () => {
      const key = newKey();
      expect((await store.reserve(key, 'a', 0.6, 1, LEASE_MS, TTL_MS)).allowed).toBe(true);
      const second = await store.reserve(key, 'b', 0.6, 1, LEASE_MS, TTL_MS);
      expect(second).toMatchObject({ allowed: true, spent: 0 });
      expect(second.reserved).toBeCloseTo(1.2, 9);
      expect((await store.reserve(key, 'c', 0.01, 1, LEASE_MS, TTL_MS)).allowed).toBe(false);
    });

    it('settles a reservation at what was spent: the rest of it is free again', async () => {
      const key = newKey();
      await store.reserve(key, 'a', 0.5, 1, LEASE_MS, TTL_MS);
      await store.reserve(key, 'b', 0.5, 1, LEASE_MS, TTL_MS);
      expect((await store.reserve(key, 'c', 0.5, 1, LEASE_MS, TTL_MS)).allowed).toBe(false);
      await store.settle(key, 'a', 0.1, TTL_MS);
      const [hash] = await store.readHashes([key]);
      expect(hash.usd).toBeCloseTo(0.1, 9);
      const after = await store.reserve(key, 'd', 0, 1, LEASE_MS, TTL_MS);
      expect(after.allowed).toBe(true);
      expect(after.spent).toBeCloseTo(0.1, 9);
      expect(after.reserved).toBeCloseTo(0.5, 9);
    });

    it('releases a failed call at 0, and ignores a second settlement of the same reservation', async () => {
      const key = newKey();
      await store.reserve(key, 'a', 0.7, 1, LEASE_MS, TTL_MS);
      await store.settle(key, 'a', 0, TTL_MS);
      await store.settle(key, 'a', 0, TTL_MS);
      const probe = await store.reserve(key, 'probe', 0, 1, LEASE_MS, TTL_MS);
      expect(probe).toEqual({ allowed: true, spent: 0, reserved: 0 });
      expect(await store.readHashes([key])).toEqual([{}]);
    });

    it('refuses once settled spend alone reaches the limit; an amount of 0 only asks', async () => {
      const key = newKey();
      await store.reserve(key, 'a', 0.25, 0.25, LEASE_MS, TTL_MS);
      await store.settle(key, 'a', 0.25, TTL_MS);
      expect((await store.reserve(key, 'b', 0, 0.25, LEASE_MS, TTL_MS)).allowed).toBe(false);
      expect((await store.reserve(key, 'c', 0, 0.26, LEASE_MS, TTL_MS)).allowed).toBe(true);
      expect((await store.reserve(key, 'd', 0, 0.26, LEASE_MS, TTL_MS)).reserved).toBe(0);
    });

    it("drops a reservation nobody settles once its lease runs out (a replica that died mid-call)", async () => {
      const key = newKey();
      await store.reserve(key, 'orphan', 1, 1, 40, TTL_MS);
      expect((await store.reserve(key, 'b', 0, 1, LEASE_MS, TTL_MS)).allowed).toBe(false);
      await fixture.pass(60);
      const after = await store.reserve(key, 'c', 0.5, 1, LEASE_MS, TTL_MS);
      expect(after.allowed).toBe(true);
      expect(after.reserved).toBeCloseTo(0.5, 9);
      // Its late settlement still counts what was spent, and frees nothing twice.
      await store.settle(key, 'orphan', 0.2, TTL_MS);
      const probe = await store.reserve(key, 'probe', 0, 1, LEASE_MS, TTL_MS);
      expect(probe.spent).toBeCloseTo(0.2, 9);
      expect(probe.reserved).toBeCloseTo(0.5, 9);
    });

    it('keeps spend in the same `usd` field incrementHash writes', async () => {
      const key = newKey();
      await store.incrementHash(key, { usd: 0.3 }, TTL_MS / 1000);
      await store.reserve(key, 'a', 0.1, 1, LEASE_MS, TTL_MS);
      await store.settle(key, 'a', 0.05, TTL_MS);
      const [hash] = await store.readHashes([key]);
      expect(hash.usd).toBeCloseTo(0.35, 9);
    });
  });
}

describeReservations('embedded', () => {
  let now = 1_800_000_000_000;
  const store = new EmbeddedStateStore(() => now);
  return {
    store,
    pass: async (ms) => {
      now += ms;
    },
  };
});

describe('on a real redis-server', () => {
  let server: RedisServerHandle;
  let stores = 0;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describeReservations('redis', () => ({
    store: new RedisStateStore(server.url, { keyPrefix: `reserve:${process.pid}:${++stores}:` }),
    // Leases run on Redis' clock, so real time must pass; polled, not slept, below.
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));

  it('two replicas on one server share one limit', async () => {
    const prefix = `reserve-shared:${process.pid}:`;
    const replicas = [new RedisStateStore(server.url, { keyPrefix: prefix }), new RedisStateStore(server.url, { keyPrefix: prefix })];
    try {
      const key = newKey();
      const states = await Promise.all(Array.from({ length: 20 }, (_, i) => replicas[i % 2].reserve(key, `r${i}`, 0.01, 0.05, LEASE_MS, TTL_MS)));
      expect(states.filter((s) => s.allowed)).toHaveLength(5);
    } finally {
      await Promise.all(replicas.map((r) => r.close()));
    }
  });

  it('the resilient wrapper buffers a settlement made while Redis is away, and the spend lands when it returns', async () => {
    const own = await startRedisServer();
    const store = new ResilientStateStore(new RedisStateStore(own.url, { keyPrefix: 'resilient:' }));
    try {
      const key = newKey();
      expect((await store.reserve(key, 'a', 0.5, 1, LEASE_MS, TTL_MS)).allowed).toBe(true);
      const { port } = own;
      await own.stop();
      await expect(store.reserve(key, 'b', 0.1, 1, LEASE_MS, TTL_MS)).rejects.toThrow();
      await store.settle(key, 'a', 0.25, TTL_MS);
      expect(store.bufferedKeys).toBe(1);
      const back = await startRedisServer(port);
      try {
        // A fresh server: only the buffered spend is there, the reservation went with the old data.
        await eventually(async () => expect((await store.readHashes([key]))[0].usd).toBeCloseTo(0.25, 9), 5000);
      } finally {
        await store.close();
        await back.stop();
      }
    } finally {
      await own.stop();
    }
  });
});
