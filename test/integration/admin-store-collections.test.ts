import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOKENS } from '@model-gateway/core';
import { ADMIN_STORE, ENDPOINTS } from '@model-gateway/admin-api';
import { KEY_COLLECTION, keyHash, newKey } from '@model-gateway/gateway-keys';
import { adminClient } from '../support/admin-client';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { startGateway } from '../support/start-gateway';

/**
 * Store collections from the gateway's side: gateway keys are a collection their plugin
 * registers, yet a store.json written before collections (keys a top-level field) loads
 * as it is, is validated whole at start with the key schema, and is not rewritten; with
 * Redis, every connection a replica opens comes from core's one factory.
 */
describe('store collections in a running gateway', () => {
  let root: string;
  let dataDir: string;
  const storeFile = () => path.join(dataDir, 'store.json');
  const KEY = newKey();
  const keyRecord = {
    id: 'key_00000000000000c1', name: 'from before', hash: keyHash(KEY), last4: KEY.slice(-4), endpoints: '*', expires_at: null,
    rpm: null, tpm: null, budget_usd: null, budget_period: 'day', created_at: '2026-01-01T00:00:00.000Z', revoked_at: null,
  };
  /** A store.json exactly as gateways before store collections wrote it. */
  const olderFile = (keys: Record<string, unknown>) => `${JSON.stringify({ format: 'model-gateway-store/1', version: 4, kek: null, connections: {}, endpoints: {}, keys }, null, 2)}\n`;
  const config = 'auth: { require_keys: true }\nendpoints: []\n';

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-collections-'));
    dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('serves the keys of a store.json written before collections, and leaves the file as it was', async () => {
    const text = olderFile({ [keyRecord.id]: keyRecord });
    fs.writeFileSync(storeFile(), text);
    const gw = await startGateway(config, { env: { ...process.env, GATEWAY_DATA_DIR: dataDir } });
    try {
      const models = (headers: Record<string, string>) => fetch(`${gw.url}/gateway/native/v1/models`, { headers });
      expect((await models({ authorization: `Bearer ${KEY}` })).status).toBe(200);
      expect((await models({ authorization: `Bearer ${newKey()}` })).status).toBe(401);
      const listed = await adminClient(gw.url).get('/api/keys');
      expect(listed.body.data.map((key: { id: string }) => key.id)).toEqual([keyRecord.id]);
    } finally {
      await gw.close();
    }
    expect(fs.readFileSync(storeFile(), 'utf8')).toBe(text);
  });

  it('writes a revocation back in the same layout: keys stay a top-level field, the format stays 1', async () => {
    fs.writeFileSync(storeFile(), olderFile({ [keyRecord.id]: keyRecord }));
    const gw = await startGateway(config, { env: { ...process.env, GATEWAY_DATA_DIR: dataDir } });
    try {
      expect((await adminClient(gw.url).delete(`/api/keys/${keyRecord.id}`)).status).toBe(204);
    } finally {
      await gw.close();
    }
    const written = JSON.parse(fs.readFileSync(storeFile(), 'utf8'));
    expect(written).toMatchObject({ format: 'model-gateway-store/1', version: 5, connections: {}, endpoints: {} });
    expect(written.keys[keyRecord.id]).toEqual({ ...keyRecord, revoked_at: expect.any(String) });
    expect(written.collections).toBeUndefined();
  });

  it('refuses to start on a key record that does not validate, naming the file and the field, and leaves it', async () => {
    const text = olderFile({ [keyRecord.id]: { ...keyRecord, budget_period: 'week' } });
    fs.writeFileSync(storeFile(), text);
    await expect(startGateway(config, { env: { ...process.env, GATEWAY_DATA_DIR: dataDir } })).rejects.toThrow(
      `${storeFile()} is not a valid store file: keys.${keyRecord.id}.budget_period`,
    );
    expect(fs.readFileSync(storeFile(), 'utf8')).toBe(text);
  });

  it('hands the opened store to plugins as ADMIN_STORE: each plugin\'s collection registered, records read and written through store.collection', async () => {
    fs.writeFileSync(storeFile(), olderFile({ [keyRecord.id]: keyRecord }));
    const gw = await startGateway(`${config}providers:\n  fake: { type: mock }\n`, { env: { ...process.env, GATEWAY_DATA_DIR: dataDir } });
    try {
      const store = gw.gateway.container.resolve(ADMIN_STORE);
      expect(store.collections.list().map((c) => c.name).sort()).toEqual(['admin-api/connections', 'admin-api/endpoints', 'gateway-keys/keys']);
      expect(store.collection(KEY_COLLECTION).get(keyRecord.id)).toEqual(keyRecord);
      const body = { name: 'stored', kind: 'chat', provider: 'fake', model: 'echo' };
      expect((await adminClient(gw.url).post('/api/endpoints', body)).status).toBe(201);
      expect(store.collection(ENDPOINTS).get('stored')?.body).toMatchObject(body);
    } finally {
      await gw.close();
    }
  });

  describe('with Redis', () => {
    let redis: RedisServerHandle;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(async () => {
      await redis?.stop();
    });

    it('opens every connection from core\'s factory: three per replica (state store, admin store, its subscriber), all closed on close', async () => {
      const gw = await startGateway(`state: { redis_url: "${redis.url}", key_prefix: "collections${process.pid}:" }\nendpoints: []\n`, {
        env: { ...process.env, GATEWAY_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') },
      });
      const connections = gw.gateway.container.resolve(TOKENS.Redis);
      try {
        expect(connections.count).toBe(3);
        expect((await adminClient(gw.url).post('/api/keys', { name: 'k', endpoints: '*' })).status).toBe(201);
      } finally {
        await gw.close();
      }
      expect(connections.count).toBe(0);
    });
  });
});
