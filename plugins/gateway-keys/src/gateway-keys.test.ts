import { Cancellation, GatewayError, type Endpoint, type GatewayConfig, type PluginCatalog } from '@model-gateway/core';
import { Call, EmbeddedStateStore } from '@model-gateway/core/testing';
import { type LiveConfig } from '@model-gateway/core/internal';
import { PRINCIPAL_LIMITS } from '@model-gateway/rate-limits';
import { makeSnapshot } from '@model-gateway/admin-store';
import { KEY_COLLECTION, type KeyRecord } from './key-record';
import { GatewayKeys } from './gateway-keys';
import { keyHash, newKey } from './key-material';
import { KeyTable } from './key-table';

const KEY = newKey();
const RECORD: KeyRecord = {
  id: 'key_00000000000000aa', name: 'unit', hash: keyHash(KEY), last4: KEY.slice(-4), endpoints: ['a'], expires_at: null,
  rpm: null, tpm: 7, budget_usd: null, budget_period: 'day', created_at: 't', revoked_at: null,
};
const ENDPOINTS = [{ name: 'a' }, { name: 'b' }] as Endpoint[];

/** A header map that fails the test if anything reads it. */
const UNTOUCHABLE = new Proxy({}, { get: () => { throw new Error('headers were read'); }, has: () => { throw new Error('headers were read'); } });

function setup(requireKeys: boolean) {
  const table = new KeyTable();
  table.load(makeSnapshot(1, null, new Map([[KEY_COLLECTION.name, new Map([[RECORD.id, RECORD]])]])));
  const live = { current: { sections: { auth: { require_keys: requireKeys } } } as unknown as GatewayConfig };
  const plugins = { apiStyles: new Map([['s', { clientCredentials: { headers: ['x-api-key'] } }]]) } as unknown as PluginCatalog;
  const plugin = new GatewayKeys(table, live as LiveConfig, new EmbeddedStateStore(), plugins);
  return { plugin, live };
}

const call = (endpoint: string, headers: object) => new Call('r', 'style', 'chat', endpoint, { messages: [], stream: false, streamUsage: false, extra: {} }, headers as never, new Cancellation());

function refusal(run: () => unknown): GatewayError {
  try {
    run();
  } catch (error) {
    return error as GatewayError;
  }
  throw new Error('not refused');
}

describe('GatewayKeys', () => {
  it('with keys off reads nothing of the request and changes nothing', () => {
    const { plugin } = setup(false);
    const untouched = call('a', UNTOUCHABLE);
    plugin.onRequest(untouched);
    expect(untouched.principal).toBeUndefined();
    expect(PRINCIPAL_LIMITS.get(untouched)).toBeUndefined();
    expect(plugin.filterEndpoints({ headers: UNTOUCHABLE as never, url: '/x', apiStyle: 's' }, ENDPOINTS)).toBe(ENDPOINTS);
  });

  it('follows a reload that turns keys on', () => {
    const { plugin, live } = setup(false);
    live.current = { sections: { auth: { require_keys: true } } } as unknown as GatewayConfig;
    expect(refusal(() => plugin.onRequest(call('a', {}))).code).toBe('gateway_key_missing');
  });

  it('sets the call\'s principal, with the key\'s limits, from any declared header', () => {
    const { plugin } = setup(true);
    const authorized = call('a', { 'x-api-key': KEY });
    plugin.onRequest(authorized);
    expect(authorized.principal).toEqual({ id: RECORD.id, name: 'unit' });
    expect(PRINCIPAL_LIMITS.get(authorized)).toEqual({ rpm: undefined, tpm: 7, budgetUsd: undefined, budgetPeriod: 'day' });
  });

  it('refuses another endpoint with 403, and narrows listings to the scope', () => {
    const { plugin } = setup(true);
    const denied = refusal(() => plugin.onRequest(call('b', { authorization: `Bearer ${KEY}` })));
    expect([denied.code, denied.status]).toEqual(['endpoint_not_allowed', 403]);
    expect(plugin.filterEndpoints({ headers: { authorization: `Bearer ${KEY}` }, url: '/x', apiStyle: 's' }, ENDPOINTS)).toEqual([{ name: 'a' }]);
    expect(refusal(() => plugin.filterEndpoints({ headers: { authorization: `Bearer ${KEY}` }, url: '/x', apiStyle: 's', name: 'b' }, [])).status).toBe(403);
    expect(refusal(() => plugin.filterEndpoints({ headers: {}, url: '/x', apiStyle: 's' }, ENDPOINTS)).status).toBe(401);
  });

  it('never echoes the credential it refuses', () => {
    const { plugin } = setup(true);
    const secret = 'sk-live-some-provider-key-123456';
    const error = refusal(() => plugin.onRequest(call('a', { authorization: `Bearer ${secret}` })));
    expect(error.code).toBe('gateway_key_invalid');
    expect(error.message).not.toContain(secret);
    const unknown = `mgw-${'x'.repeat(43)}`;
    expect(refusal(() => plugin.onRequest(call('a', { authorization: `Bearer ${unknown}` }))).message).not.toContain(unknown);
  });
});
