import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { postJson, startGateway } from '../support/start-gateway';

const KEY = 'sk-embedded-store-0123456789';

/**
 * The embedded store across processes: what got a 2xx survives a restart and a kill -9 in
 * the middle of a burst of writes, the file is never corrupt, a second gateway on the same
 * directory refuses to start, a lock left by a killed one does not block the next start,
 * and credentials stored under one key are reported (never used) under another.
 */
describe('embedded admin store', () => {
  let root: string;
  let configFile: string;
  let dataDir: string;
  const running: GatewayProcess[] = [];

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-embedded-'));
    dataDir = path.join(root, 'data');
    configFile = path.join(root, 'gateway.config.yaml');
    fs.writeFileSync(configFile, 'endpoints: []\nadmin: { allow_private_base_urls: true }\n');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const gateway = await startGatewayProcess(configFile, { GATEWAY_DATA_DIR: dataDir, ...env });
    running.push(gateway);
    return gateway;
  };

  it('keeps every acknowledged write through a kill -9 during a burst, and the file is never corrupt', async () => {
    for (let round = 0; round < 3; round++) {
      const gateway = await start();
      const api = adminClient(gateway.url);
      if (round === 0) expect((await api.post('/api/connections', { name: 'm', type: 'mock' })).status).toBe(201);
      const acknowledged: string[] = [];
      let stop = false;
      const writer = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          const name = `r${round}-w${worker}-${i}`;
          const response = await api.post('/api/endpoints', { name, kind: 'chat', provider: 'm', model: 'echo' }).catch(() => undefined);
          if (response?.status === 201) acknowledged.push(name);
          else break;
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      // Kill mid-burst: once writes are flowing (a loaded machine may take a while for the first), then at a random moment.
      while (acknowledged.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 250)));
      await gateway.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      expect(acknowledged.length).toBeGreaterThan(0);

      // The file parses, whatever moment the kill hit.
      JSON.parse(fs.readFileSync(path.join(dataDir, 'store.json'), 'utf8'));
      // The dead process's lock does not block the next start.
      const next = await start();
      const listed = new Set((await adminClient(next.url).get('/api/endpoints')).body.data.map((e: { name: string }) => e.name));
      expect(acknowledged.filter((name) => !listed.has(name))).toEqual([]);
      const served = await postJson(`${next.url}/gateway/${acknowledged[acknowledged.length - 1]}/native/invocations`, { messages: [{ role: 'user', content: 'still here' }] });
      expect(served.status).toBe(200);
      await next.stop();
    }
  });

  it('refuses a second gateway on the same directory, at start or at its first write', async () => {
    const early = await start();
    const first = await start();
    expect((await adminClient(first.url).post('/api/connections', { name: 'm', type: 'mock' })).status).toBe(201);
    const lockOwner = JSON.parse(fs.readFileSync(path.join(dataDir, 'store.lock'), 'utf8'));
    expect(lockOwner.pid).toBe(first.pid);
    // Started before the directory existed: its first write finds the lock taken and changes nothing.
    const late = await adminClient(early.url).post('/api/connections', { name: 'other', type: 'mock' });
    expect(late.status).toBe(503);
    expect(late.body.error.message).toContain(`in use by another gateway (pid ${first.pid}`);
    await expect(start()).rejects.toThrow(new RegExp(`the data directory .* is in use by another gateway \\(pid ${first.pid}`));
    expect((await adminClient(first.url).get('/api/connections')).body.data.map((c: { name: string }) => c.name)).toEqual(['m']);
  });

  it('reports connections it cannot decrypt, answers 503 on their endpoints, sends nothing, and serves the rest', async () => {
    const upstream = await OpenAiFake.start();
    try {
      const keyA = Buffer.alloc(32, 1).toString('base64');
      const config = (key: string) => ({ env: { ...process.env, GATEWAY_DATA_DIR: dataDir, GATEWAY_SECRETS_KEY: key } });
      const yaml = 'endpoints: [{ name: always, kind: chat, provider: mock, model: echo }]\nadmin: { allow_private_base_urls: true }\n';
      const first = await startGateway(yaml, config(keyA));
      const api = adminClient(first.url);
      expect((await api.post('/api/connections', { name: 'sealed', type: 'openai', base_url: upstream.baseUrl, api_key: KEY })).status).toBe(201);
      expect((await api.post('/api/endpoints', { name: 'sealed-chat', kind: 'chat', provider: 'sealed', model: 'gpt-4o-mini' })).status).toBe(201);
      await first.close();
      expect(fs.existsSync(path.join(dataDir, 'secrets.key'))).toBe(false);

      for (const key of ['a wrong passphrase, long enough', Buffer.alloc(32, 2).toString('base64')]) {
        const wrong = await startGateway(yaml, config(key));
        try {
          const view = await adminClient(wrong.url).get('/api/connections/sealed');
          expect(view.body).toMatchObject({ status: 'undecryptable', problem: expect.stringContaining('another secrets key'), api_key: '***' });
          expect((await adminClient(wrong.url).get('/api/endpoints/sealed-chat')).body).toMatchObject({ status: 'unavailable' });
          const call = await postJson(`${wrong.url}/gateway/native/v1/chat/completions`, { model: 'sealed-chat', messages: [{ role: 'user', content: 'x' }] });
          expect(call.status).toBe(503);
          expect(call.body.error).toMatchObject({ code: 'provider_credentials_unavailable', message: expect.stringContaining('Connection "sealed" cannot be used') });
          const passthrough = await postJson(`${wrong.url}/gateway/openai/v1/chat/completions`, { model: 'sealed-chat', messages: [{ role: 'user', content: 'x' }] });
          expect(passthrough.status).toBe(503);
          expect((await postJson(`${wrong.url}/gateway/always/native/invocations`, { messages: [{ role: 'user', content: 'ok' }] })).status).toBe(200);
          expect(wrong.logs.some((line) => line.includes('connection \\"sealed\\" is undecryptable'))).toBe(true);
          // A change that would seal with this key is refused too, rather than mixing keys in one store.
          const write = await adminClient(wrong.url).post('/api/connections', { name: 'x', type: 'mock' });
          expect(write.status).toBe(503);
        } finally {
          await wrong.close();
        }
      }
      expect(upstream.requests).toHaveLength(0);

      const right = await startGateway(yaml, config(keyA));
      try {
        expect((await adminClient(right.url).get('/api/connections/sealed')).body.status).toBe('ok');
        expect((await postJson(`${right.url}/gateway/native/v1/chat/completions`, { model: 'sealed-chat', messages: [{ role: 'user', content: 'x' }] })).status).toBe(200);
        expect(upstream.last.headers.authorization).toBe(`Bearer ${KEY}`);
      } finally {
        await right.close();
      }
    } finally {
      await upstream.close();
    }
  });
});
