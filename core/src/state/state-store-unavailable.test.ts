import { GatewayError } from '../errors';
import { EmbeddedStateStore } from './embedded-state-store';
import { ResilientStateStore } from './resilient-state-store';
import { isStoreUnavailable } from './state-store-unavailable';

/** An error shaped like ioredis's error replies (redis-errors' ReplyError). */
const reply = (message: string) => Object.assign(new Error(message), { name: 'ReplyError' });

/** A shared store whose reads fail with `failure`, when set. */
class FailingReads extends EmbeddedStateStore {
  failure?: Error;
  override async readHashes(keys: readonly string[]) {
    if (this.failure) throw this.failure;
    return super.readHashes(keys);
  }
}

describe('isStoreUnavailable', () => {
  it('takes timeouts, a connection that is down and transient replies for an outage, and nothing else', () => {
    expect(isStoreUnavailable(new Error('Command timed out'))).toBe(true);
    expect(isStoreUnavailable(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isStoreUnavailable(new Error('Connection is closed.'))).toBe(true);
    expect(isStoreUnavailable(reply('LOADING Redis is loading the dataset in memory'))).toBe(true);
    expect(isStoreUnavailable(reply('BUSY Redis is busy running a script'))).toBe(true);
    expect(isStoreUnavailable(reply('WRONGTYPE Operation against a key holding the wrong kind of value'))).toBe(false);
    expect(isStoreUnavailable(new GatewayError('invalid_parameter', 'x'))).toBe(false);
    expect(isStoreUnavailable('Command timed out')).toBe(false);
  });
});

describe('ResilientStateStore reads', () => {
  let shared: FailingReads;
  let store: ResilientStateStore;
  beforeEach(() => {
    shared = new FailingReads();
    store = new ResilientStateStore(shared);
  });
  afterEach(() => store.close());

  it('answers a read during an outage with a 503 state_store_unavailable that says to retry', async () => {
    shared.failure = new Error('Command timed out');
    const error = await store.readHashes(['usage']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'state_store_unavailable', status: 503, retryAfterMs: 1000, message: expect.stringContaining('Command timed out') });
    shared.failure = undefined;
    await store.incrementHash('usage', { requests: 2 }, 60);
    expect(await store.readHashes(['usage'])).toEqual([{ requests: 2 }]);
  });

  it('passes a wrong-command reply on as it is: that is a bug, not an outage', async () => {
    shared.failure = reply('WRONGTYPE Operation against a key holding the wrong kind of value');
    await expect(store.readHashes(['usage'])).rejects.toBe(shared.failure);
  });
});
