import { makeSnapshot, type StoredRecord, type StoreSnapshot } from '@model-gateway/admin-store';
import { KEY_COLLECTION, type KeyRecord } from './key-record';
import { KeyTable } from './key-table';

const record = (over: Partial<KeyRecord>): KeyRecord => ({
  id: 'key_0000000000000001',
  name: 'k',
  hash: 'h1',
  last4: 'abcd',
  endpoints: '*',
  expires_at: null,
  rpm: null,
  tpm: null,
  budget_usd: null,
  budget_period: 'day',
  created_at: '2026-01-01T00:00:00.000Z',
  revoked_at: null,
  ...over,
});

const snapshot = (version: number, ...records: KeyRecord[]): StoreSnapshot => makeSnapshot(version, null, new Map([[KEY_COLLECTION.name, new Map(records.map((r) => [r.id, r]))]]));

describe('KeyTable', () => {
  it('finds a key by its hash and by its id, with its scope and principal', () => {
    const table = new KeyTable();
    table.load(snapshot(3, record({ endpoints: ['a', 'b'], rpm: 10, budget_usd: 2, budget_period: 'month' })));
    const entry = table.byKeyHash('h1')!;
    expect(entry.scope).toEqual(new Set(['a', 'b']));
    expect(entry.principal).toEqual({ id: 'key_0000000000000001', name: 'k' });
    expect(entry.limits).toEqual({ rpm: 10, tpm: undefined, budgetUsd: 2, budgetPeriod: 'month' });
    expect(entry.expiresAt).toBe(Infinity);
    expect(table.get('key_0000000000000001')).toBe(entry);
    expect(table.byKeyHash('h2')).toBeUndefined();
  });

  it('gives a key without limits no limits (rate limits then cost it nothing)', () => {
    const table = new KeyTable();
    table.load(snapshot(1, record({})));
    expect(table.byKeyHash('h1')!.limits).toBeUndefined();
    expect(table.byKeyHash('h1')!.scope).toBeUndefined();
  });

  it('replaces its contents with each snapshot: a revoked key is marked, a deleted one gone', () => {
    const table = new KeyTable();
    table.load(snapshot(1, record({}), record({ id: 'key_0000000000000002', hash: 'h2' })));
    table.load(snapshot(2, record({ revoked_at: '2026-01-02T00:00:00.000Z' })));
    expect(table.byKeyHash('h1')!.revoked).toBe(true);
    expect(table.byKeyHash('h2')).toBeUndefined();
  });

  it('reads an expiry, and treats one that does not parse as past', () => {
    const table = new KeyTable();
    table.load(snapshot(1, record({ expires_at: '2030-01-01T00:00:00.000Z' }), record({ id: 'key_0000000000000002', hash: 'h2', expires_at: 'garbage' })));
    expect(table.byKeyHash('h1')!.expiresAt).toBe(Date.UTC(2030, 0, 1));
    expect(table.byKeyHash('h2')!.expiresAt).toBe(0);
  });

  it('knows whether the store was ever read (version -1: a shared store unreachable since start)', () => {
    const table = new KeyTable();
    expect(table.isRead).toBe(false);
    table.load(snapshot(-1));
    expect(table.isRead).toBe(false);
    table.load(snapshot(0));
    expect(table.isRead).toBe(true);
  });

  it('rebuilds only when the keys changed: a commit to other collections keeps the entries', () => {
    const table = new KeyTable();
    const first = snapshot(1, record({}));
    table.load(first);
    const entry = table.get('key_0000000000000001');
    // What a commit of an endpoint gives: a new snapshot sharing the keys' map.
    table.load(makeSnapshot(2, null, new Map<string, ReadonlyMap<string, StoredRecord>>([...first.records, ['admin-api/endpoints', new Map()]])));
    expect(table.get('key_0000000000000001')).toBe(entry);
    table.load(snapshot(3, record({ revoked_at: '2026-01-02T00:00:00.000Z' })));
    expect(table.get('key_0000000000000001')?.revoked).toBe(true);
  });
});
