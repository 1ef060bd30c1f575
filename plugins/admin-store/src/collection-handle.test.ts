import { z } from 'zod';
import { StoreConflictError, type AdminStore } from './admin-store';
import { defineCollection } from './collection';
import { applyCommit, EMPTY_SNAPSHOT, type StoreCommit, type StoreSnapshot } from './records';
import { CollectionHandle } from './collection-handle';

const THINGS = defineCollection('test-plugin/things', z.looseObject({ id: z.string(), size: z.number() }), { idField: 'id' });

/** A store whose first `conflicts` commits lose to another replica's commit of `theirs`, which `sync()` then reveals. */
function racedStore(conflicts: number, theirs: StoreCommit['ops']) {
  let snapshot: StoreSnapshot = EMPTY_SNAPSHOT;
  let remote: StoreSnapshot = EMPTY_SNAPSHOT;
  const store = {
    current: () => snapshot,
    sync: async () => (snapshot = remote),
    commit: async (commit: StoreCommit) => {
      if (conflicts-- > 0) {
        remote = applyCommit(remote, { baseVersion: remote.version, ops: theirs });
        throw new StoreConflictError(remote.version);
      }
      if (commit.baseVersion !== remote.version) throw new StoreConflictError(remote.version);
      snapshot = remote = applyCommit(remote, commit);
      return snapshot;
    },
    onChange: () => undefined,
  };
  return store as unknown as AdminStore;
}

describe('CollectionHandle', () => {
  it('builds a change again on the newer state after a conflict, so its check holds where it lands', async () => {
    const store = racedStore(1, [THINGS.put({ id: 'theirs', size: 5 })]);
    const totals: number[] = [];
    await new CollectionHandle(store, THINGS).change((records) => {
      const total = [...records.values()].reduce((sum, thing) => sum + thing.size, 0);
      totals.push(total);
      return [THINGS.put({ id: 'total', size: total })];
    });
    expect(totals).toEqual([0, 5]);
    expect(THINGS.get(store.current(), 'total')).toEqual({ id: 'total', size: 5 });
  });

  it('gives up with the conflict after a few tries', async () => {
    const store = racedStore(10, []);
    await expect(new CollectionHandle(store, THINGS).put({ id: 't', size: 1 })).rejects.toBeInstanceOf(StoreConflictError);
  });
});
