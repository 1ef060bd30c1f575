import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { startGateway } from '../support/start-gateway';

const KEY = 'sk-victim-stored-key-0123456789abcdef';
const HEADER_SECRET = 'hdr-victim-secret-9f8e7d6c5b4a3921';

/** Custom header values at rest: sealed in the store file like keys, shown masked, and an older file's clear headers still load. */
describe('custom header values in the embedded store', () => {
  let upstream: OpenAiFake;
  let dataDir: string;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mg-sec-headers-')), 'data');
  });
  afterAll(async () => {
    await upstream.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  const storeFile = () => path.join(dataDir, 'store.json');
  const start = () => startGateway('admin: { allow_private_base_urls: true }\n', { env: { ...process.env, GATEWAY_DATA_DIR: dataDir } });

  it('never writes a header value to store.json, nor shows it in any API answer', async () => {
    const gw = await start();
    try {
      const api = adminClient(gw.url);
      const created = await api.post('/api/connections', { name: 'hdr', type: 'openai', base_url: upstream.baseUrl, api_key: KEY, headers: { 'x-custom-auth': HEADER_SECRET } });
      expect(created.status).toBe(201);
      expect((await api.post('/api/endpoints', { name: 'hdr-chat', kind: 'chat', provider: 'hdr', model: 'gpt-4o-mini' })).status).toBe(201);
      expect((await api.post('/api/connections/hdr/test', {})).body).toMatchObject({ ok: true });
      expect(upstream.last.headers['x-custom-auth']).toBe(HEADER_SECRET);

      const text = fs.readFileSync(storeFile(), 'utf8');
      expect(text).not.toContain(HEADER_SECRET);
      expect(JSON.stringify(JSON.parse(text))).not.toContain(HEADER_SECRET);
      expect(Object.keys(JSON.parse(text).connections.hdr.secrets).sort()).toEqual(['api_key', 'headers.x-custom-auth']);
      for (const answer of [created, await api.get('/api/connections'), await api.get('/api/connections/hdr')]) {
        expect(answer.text).not.toContain(HEADER_SECRET);
      }
      expect((await api.get('/api/connections/hdr')).body.headers).toEqual({ 'x-custom-auth': 'hdr...3921' });
      expect(gw.logs.join('')).not.toContain(HEADER_SECRET);

      // Sent back as its mask, the header keeps its value.
      const kept = await api.put('/api/connections/hdr', { type: 'openai', base_url: upstream.baseUrl, headers: { 'x-custom-auth': 'hdr...3921', 'x-team': 'blue' } });
      expect(kept.status).toBe(200);
      expect(kept.body.headers).toEqual({ 'x-custom-auth': 'hdr...3921', 'x-team': '***' });
      expect((await api.post('/api/connections/hdr/test', {})).body).toMatchObject({ ok: true });
      expect(upstream.last.headers).toMatchObject({ 'x-custom-auth': HEADER_SECRET, 'x-team': 'blue', authorization: `Bearer ${KEY}` });
    } finally {
      await gw.close();
    }
  });

  it('loads a store written before header values were sealed, serves its headers masked, and seals them on the next write', async () => {
    // An older gateway's record: the header value in clear among the fields.
    const file = JSON.parse(fs.readFileSync(storeFile(), 'utf8'));
    const record = file.connections.hdr;
    delete record.secrets['headers.x-custom-auth'];
    delete record.secrets['headers.x-team'];
    record.fields.headers = { 'x-custom-auth': HEADER_SECRET };
    fs.writeFileSync(storeFile(), JSON.stringify(file, null, 2));

    const gw = await start();
    try {
      const api = adminClient(gw.url);
      const shown = await api.get('/api/connections/hdr');
      expect(shown.body).toMatchObject({ status: 'ok', api_key: 'sk-...cdef', headers: { 'x-custom-auth': 'hdr...3921' } });
      expect(shown.text).not.toContain(HEADER_SECRET);
      expect((await api.post('/api/connections/hdr/test', {})).body).toMatchObject({ ok: true });
      expect(upstream.last.headers['x-custom-auth']).toBe(HEADER_SECRET);

      const edited = await api.put('/api/connections/hdr', { type: 'openai', base_url: upstream.baseUrl, organization: 'org-9' });
      expect(edited.status).toBe(200);
      const text = fs.readFileSync(storeFile(), 'utf8');
      expect(text).not.toContain(HEADER_SECRET);
      const sealed = JSON.parse(text).connections.hdr;
      expect(sealed.fields.headers).toBeUndefined();
      expect(Object.keys(sealed.secrets).sort()).toEqual(['api_key', 'headers.x-custom-auth']);
      expect((await api.post('/api/connections/hdr/test', {})).body).toMatchObject({ ok: true });
      expect(upstream.last.headers['x-custom-auth']).toBe(HEADER_SECRET);
    } finally {
      await gw.close();
    }
  });
});

/** The same in Redis: the connections hash holds the header value sealed, and a replica that reads it sends it. */
describe('custom header values in the Redis store', () => {
  let redis: RedisServerHandle;
  let upstream: OpenAiFake;
  const prefix = `sec${process.pid}:`;

  beforeAll(async () => {
    [redis, upstream] = await Promise.all([startRedisServer(), OpenAiFake.start()]);
  });
  afterAll(async () => {
    await upstream.close();
    await redis.stop();
  });

  it('never writes a header value to Redis in clear', async () => {
    const config = `state: { redis_url: "${redis.url}", key_prefix: "${prefix}" }\nadmin: { allow_private_base_urls: true }\n`;
    const gw = await startGateway(config, { env: { ...process.env, GATEWAY_SECRETS_KEY: 'a long passphrase for the header test store' } });
    const raw = new Redis(redis.url);
    try {
      const api = adminClient(gw.url);
      const created = await api.post('/api/connections', { name: 'hdr', type: 'openai', base_url: upstream.baseUrl, api_key: KEY, headers: { 'x-custom-auth': HEADER_SECRET } });
      expect(created.status).toBe(201);
      expect(created.text).not.toContain(HEADER_SECRET);
      expect((await api.post('/api/connections/hdr/test', { model: 'gpt-4o-mini' })).body).toMatchObject({ ok: true });
      expect(upstream.last.headers['x-custom-auth']).toBe(HEADER_SECRET);

      const stored = await raw.hgetall(`${prefix}admin:connections`);
      const text = Object.values(stored).join('\n');
      expect(text).not.toContain(HEADER_SECRET);
      const record = JSON.parse(stored.hdr);
      expect(JSON.stringify(record)).not.toContain(HEADER_SECRET);
      expect(record.fields.headers).toBeUndefined();
      expect(Object.keys(record.secrets).sort()).toEqual(['api_key', 'headers.x-custom-auth']);
    } finally {
      raw.disconnect();
      await gw.close();
    }
  });
});
