import { RedisStateStore } from '../../core/src/state/redis-state-store';
import { findFreePort, startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { describeStateStoreContract } from './state-store.contract';
import { eventually } from '../support/eventually';

/** The outage budget from the brief: a call must give up well before a request would. */
const OUTAGE_BUDGET_MS = 1500;

let storeCount = 0;
const opened: RedisStateStore[] = [];

/** Every store gets its own prefix unless a test shares one on purpose. */
function openStore(url: string, keyPrefix = `test:${process.pid}:${++storeCount}:`): RedisStateStore {
  const store = new RedisStateStore(url, { keyPrefix });
  opened.push(store);
  return store;
}

async function closeOpened(): Promise<void> {
  await Promise.all(opened.splice(0).map((store) => store.close()));
}

/** How long a call takes to settle, and whether it rejected. */
async function timed(call: () => Promise<unknown>): Promise<{ ms: number; rejected: boolean }> {
  const started = Date.now();
  const rejected = await call().then(
    () => false,
    () => true,
  );
  return { ms: Date.now() - started, rejected };
}

describe('RedisStateStore', () => {
  let server: RedisServerHandle;

  beforeAll(async () => {
    server = await startRedisServer();
  });

  afterAll(async () => {
    await closeOpened();
    await server?.stop();
  });

  describeStateStoreContract('redis', async () => {
    const store = new RedisStateStore(server.url, { keyPrefix: `contract:${process.pid}:${++storeCount}:` });
    // TTLs and windows run on the redis-server's own clock, which no test can move: real time passes.
    return { store, cleanup: () => store.close(), pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
  });

  describe('sharing one server', () => {
    afterEach(closeOpened);

    it('lets two replicas see each other’s increments', async () => {
      const prefix = `replicas:${process.pid}:${++storeCount}:`;
      const replicaA = openStore(server.url, prefix);
      const replicaB = openStore(server.url, prefix);
      await Promise.all([
        replicaA.incrementHash('usage', { requests: 1, cost: 0.25 }, 60),
        replicaB.incrementHash('usage', { requests: 2, cost: 0.5 }, 60),
      ]);
      for (const replica of [replicaA, replicaB]) {
        const [hash] = await replica.readHashes(['usage']);
        expect(hash.requests).toBe(3);
        expect(hash.cost).toBeCloseTo(0.75, 9);
      }
    });

    it('reads a window an older gateway wrote (buckets only, no running total) and carries it on', async () => {
      const store = openStore(server.url);
      // The older format: one field per second, nothing else. The server's clock is this machine's.
      const second = Math.floor(Date.now() / 1000);
      await store.incrementHash('rl:old', { [second]: 3, [second - 1]: 2, [second - 600]: 50 }, 60);
      expect(await store.windowAdd('rl:old', 0, 10, 60_000)).toEqual({ allowed: true, total: 5, retryAfterMs: 0 });
      expect(await store.windowAdd('rl:old', 5, 10, 60_000)).toEqual({ allowed: true, total: 10, retryAfterMs: 0 });
      expect(await store.windowAdd('rl:old', 1, 10, 60_000)).toMatchObject({ allowed: false, total: 10 });
      const [hash] = await store.readHashes(['rl:old']);
      expect(hash['#t']).toBe(10);
      expect(hash[second - 600]).toBeUndefined();
    });

    it('isolates stores with different key prefixes', async () => {
      const base = `isolated:${process.pid}:${++storeCount}:`;
      const tenantA = openStore(server.url, `${base}a:`);
      const tenantB = openStore(server.url, `${base}b:`);
      await tenantA.incrementHash('usage', { requests: 1 }, 60);
      await tenantB.incrementHash('usage', { requests: 5 }, 60);
      expect(await tenantA.readHashes(['usage'])).toEqual([{ requests: 1 }]);
      expect(await tenantB.readHashes(['usage'])).toEqual([{ requests: 5 }]);
      // The prefix is really part of the Redis key, not a client-side filter.
      const unprefixed = openStore(server.url, '');
      expect(await unprefixed.readHashes([`${base}a:usage`, `${base}b:usage`])).toEqual([
        { requests: 1 },
        { requests: 5 },
      ]);
    });
  });
});

describe('RedisStateStore during outages', () => {
  // A server of its own: pausing and stopping it must not disturb other suites.
  let server: RedisServerHandle;

  beforeEach(async () => {
    server = await startRedisServer();
  });

  afterEach(async () => {
    await closeOpened();
    await server.resume();
    await server.stop();
  });

  it('rejects instead of hanging while the server is paused, and recovers on resume', async () => {
    const store = openStore(server.url);
    await store.incrementHash('usage', { requests: 1 }, 60);

    await server.pause();
    const increment = await timed(() => store.incrementHash('usage', { requests: 1 }, 60));
    const read = await timed(() => store.readHashes(['usage']));
    const ping = await timed(() => store.ping());
    await server.resume();

    for (const call of [increment, read, ping]) {
      expect(call.rejected).toBe(true);
      expect(call.ms).toBeLessThan(OUTAGE_BUDGET_MS);
    }
    await expect(store.ping()).resolves.toBeUndefined();
    await store.incrementHash('usage', { requests: 1 }, 60);
    // 3, not 2: the timed-out increment was already in the socket and ran on
    // resume. A rejection means "outcome unknown", so callers must not retry
    // increments blindly or they will double count.
    expect(await store.readHashes(['usage'])).toEqual([{ requests: 3 }]);
  });

  it('rejects at once while the server is down, and reconnects when it returns', async () => {
    const store = openStore(server.url);
    await store.incrementHash('usage', { requests: 1 }, 60);
    const { port } = server;

    await server.stop();
    const increment = await timed(() => store.incrementHash('usage', { requests: 1 }, 60));
    const ping = await timed(() => store.ping());
    for (const call of [increment, ping]) {
      expect(call.rejected).toBe(true);
      expect(call.ms).toBeLessThan(OUTAGE_BUDGET_MS);
    }

    // Same port, so the store's retry strategy must find it again on its own.
    server = await startRedisServer(port);
    await eventually(() => store.ping(), 5000);
    await store.incrementHash('usage', { requests: 1 }, 60);
    // A fresh server has no data: the counter restarts.
    expect(await store.readHashes(['usage'])).toEqual([{ requests: 1 }]);
  });

  it('rejects fast when pointed at a port where nothing listens', async () => {
    const store = openStore(`redis://127.0.0.1:${await findFreePort()}`);
    const calls = [
      await timed(() => store.ping()),
      await timed(() => store.incrementHash('usage', { requests: 1 }, 60)),
      await timed(() => store.readHashes(['usage'])),
    ];
    for (const call of calls) {
      expect(call.rejected).toBe(true);
      expect(call.ms).toBeLessThan(OUTAGE_BUDGET_MS);
    }
  });
});
