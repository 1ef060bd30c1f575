import { EmbeddedStateStore } from './embedded-state-store';
import { ResilientStateStore } from './resilient-state-store';

/** A shared store that can be switched off: "down" refuses at once, "hung" times out like a paused Redis. */
class SwitchableStore extends EmbeddedStateStore {
  mode: 'up' | 'down' | 'hung' = 'up';
  calls = 0;

  private gate(): void {
    this.calls++;
    if (this.mode === 'down') throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    if (this.mode === 'hung') throw new Error('Command timed out');
  }

  override async incrementHash(key: string, inc: Readonly<Record<string, number>>, ttl: number) {
    this.gate();
    return super.incrementHash(key, inc, ttl);
  }
  override async increment(key: string, by: number, ttl: number) {
    this.gate();
    return super.increment(key, by, ttl);
  }
  override async getMany(keys: readonly string[]) {
    this.gate();
    return super.getMany(keys);
  }
  override async ping() {
    this.gate();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('ResilientStateStore', () => {
  let shared: SwitchableStore;
  let store: ResilientStateStore;
  const events: string[] = [];

  beforeEach(() => {
    events.length = 0;
    shared = new SwitchableStore();
    store = new ResilientStateStore(shared, (event) => events.push(event));
  });

  afterEach(() => store.close());

  it('uses the shared store while it answers', async () => {
    await store.incrementHash('usage', { requests: 1 }, 60);
    expect(await shared.readHashes(['usage'])).toEqual([{ requests: 1 }]);
    expect(store.degraded).toBe(false);
  });

  it('serves routing state locally once the shared store fails, without calling it again', async () => {
    await store.increment('split', 1, 60_000);
    shared.mode = 'down';
    expect(await store.increment('split', 1, 60_000)).toBe(1);
    expect(store.degraded).toBe(true);
    const calls = shared.calls;
    expect(await store.increment('split', 1, 60_000)).toBe(2);
    expect(await store.getMany(['split'])).toEqual(['2']);
    expect(shared.calls).toBe(calls);
    expect(events).toEqual(['degraded']);
  });

  it('buffers counters during an outage, merges them per key and flushes them when the store returns', async () => {
    shared.mode = 'down';
    await store.incrementHash('usage', { requests: 1, cost: 0.5 }, 60);
    await store.incrementHash('usage', { requests: 1, cost: 0.25 }, 60);
    await store.incrementHash('other', { requests: 1 }, 60);
    expect(store.bufferedKeys).toBe(2);
    shared.mode = 'up';
    await sleep(1300);
    expect(store.degraded).toBe(false);
    expect(store.bufferedKeys).toBe(0);
    expect(await shared.readHashes(['usage', 'other'])).toEqual([{ requests: 2, cost: 0.75 }, { requests: 1 }]);
    expect(events).toEqual(['degraded', 'recovered']);
  });

  it('does not buffer an update that timed out: it may still land, and must not count twice', async () => {
    shared.mode = 'hung';
    await store.incrementHash('usage', { requests: 1 }, 60);
    expect(store.degraded).toBe(true);
    expect(store.bufferedKeys).toBe(0);
    // Later ones, made while known degraded, are buffered without trying the store.
    await store.incrementHash('usage', { requests: 1 }, 60);
    expect(store.bufferedKeys).toBe(1);
  });

  it('stays degraded while the shared store is still away', async () => {
    shared.mode = 'down';
    await store.incrementHash('usage', { requests: 1 }, 60);
    await sleep(1300);
    expect(store.degraded).toBe(true);
    expect(store.bufferedKeys).toBe(1);
  });
});

/**
 * A shared store coming back whose replies arrive only when the test says: what it writes is
 * fixed when the command is sent, as a real client's is. Found by the failover proof
 * (test/support/replica-proof.ts): increments of a key arriving while the recovery flush of that
 * key awaited Redis were merged into the entry the flush then deleted, and never reached Redis.
 */
class SlowRecoveringStore extends EmbeddedStateStore {
  down = true;
  release?: () => void;

  override async incrementHash(key: string, inc: Readonly<Record<string, number>>, ttl: number) {
    if (this.down) throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    const sent = { ...inc };
    await new Promise<void>((resolve) => (this.release = resolve));
    return super.incrementHash(key, sent, ttl);
  }
  override async ping() {
    if (this.down) throw new Error('down');
  }
}

it('ResilientStateStore keeps the increments that arrive while the flush of their key awaits Redis', async () => {
  const shared = new SlowRecoveringStore();
  const store = new ResilientStateStore(shared);
  try {
    await store.incrementHash('usage', { requests: 1 }, 60);
    expect(store.degraded).toBe(true);
    shared.down = false;
    // The store's own periodic health check, run now rather than waited for.
    const flushing = (store as unknown as { checkHealth(): Promise<void> }).checkHealth();
    while (!shared.release) await new Promise((resolve) => setImmediate(resolve));
    await store.incrementHash('usage', { requests: 1 }, 60);
    // Every later send of the flush is answered as soon as it is made.
    let answered = false;
    const answerAll = (): void => {
      shared.release?.();
      if (!answered) setImmediate(answerAll);
    };
    answerAll();
    await flushing;
    answered = true;
    expect(store.degraded).toBe(false);
    expect(await shared.readHashes(['usage'])).toEqual([{ requests: 2 }]);
  } finally {
    await store.close();
  }
});
