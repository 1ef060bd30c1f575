import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { procProbe } from '@model-gateway/admin-store';
import { adminClient } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { GATEWAY_PROCESS_START_MS, PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { findFreePort, startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { startGateway } from '../support/start-gateway';

/**
 * Faults an operator meets in the admin store, attacked with real processes: a lock left
 * by a gateway that ran as PID 1 (every container) or whose pid was reused must not keep
 * the next one from starting, while a live holder still must; and a store (file or
 * Redis) that does not validate must stop the gateway with its location and first bad
 * field named, its bytes untouched.
 */
const MAIN = path.join(__dirname, '../../plugins/distribution/dist/main.js');
const SLOW_TEST_MS = PROCESS_HOOK_TIMEOUT_MS;
const probe = procProbe();
const HAS_PROC = probe.startTicks(process.pid) !== undefined;
/** Whether this machine lets the test start a process as PID 1 of its own pid namespace (no root needed where user namespaces are on). */
const CAN_UNSHARE = HAS_PROC && spawnSync('unshare', ['--map-root-user', '--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' }).status === 0;

describe('store faults', () => {
  let root: string;
  let dataDir: string;
  let configFile: string;
  const running: GatewayProcess[] = [];
  const children: ChildProcess[] = [];
  const lockFile = () => path.join(dataDir, 'store.lock');
  const storeFile = () => path.join(dataDir, 'store.json');
  const readLock = () => JSON.parse(fs.readFileSync(lockFile(), 'utf8'));
  const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-store-faults-'));
    dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o700 });
    configFile = path.join(root, 'gateway.yaml');
    fs.writeFileSync(configFile, 'endpoints: []\n');
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((p) => p.stop()));
    await Promise.all(children.splice(0).map(killed));
    fs.rmSync(root, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string> = {}) => {
    const gateway = await startGatewayProcess(configFile, { GATEWAY_DATA_DIR: dataDir, ...env });
    running.push(gateway);
    return gateway;
  };
  /** A start that must fail: the error startGatewayProcess throws carries the exit code and the process's last lines. */
  const refusedStart = async (env: Record<string, string> = {}) => {
    const error = await start(env).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  };
  const sleeper = async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)'], { stdio: 'ignore' });
    children.push(child);
    await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
    return child;
  };

  describe('the data directory lock', () => {
    (CAN_UNSHARE ? it : it.skip)('lets a gateway running as PID 1 start over the lock its previous PID 1 left', async () => {
      // A lock naming pid 1 that a live pid 1 (the new gateway itself) could have taken just now: only "it names me" tells.
      fs.writeFileSync(lockFile(), JSON.stringify({ pid: 1, host: os.hostname(), since: new Date().toISOString() }));
      const first = await serveAsPid1();
      const api = adminClient(first.url);
      expect((await api.post('/api/connections', { name: 'm', type: 'mock' })).status).toBe(201);
      expect(readLock()).toMatchObject({ pid: 1, host: os.hostname(), boot_id: probe.bootId() });

      // A container restart: PID 1 is killed outright, and the next PID 1 finds the lock it left.
      await killed(first.process);
      expect(readLock().pid).toBe(1);
      const second = await serveAsPid1();
      expect((await adminClient(second.url).post('/api/endpoints', { name: 'after-restart', kind: 'chat', provider: 'm', model: 'echo' })).status).toBe(201);
      expect(Object.keys(JSON.parse(fs.readFileSync(storeFile(), 'utf8')).endpoints)).toEqual(['after-restart']);
    }, SLOW_TEST_MS);

    (HAS_PROC ? it : it.skip)('still refuses a lock held by a live process that started before it, naming the pid, and leaves the lock alone', async () => {
      const holder = await sleeper();
      const lock = JSON.stringify({ pid: holder.pid, host: os.hostname(), since: new Date().toISOString(), boot_id: probe.bootId(), start_ticks: probe.startTicks(holder.pid!) });
      fs.writeFileSync(lockFile(), lock);
      const message = await refusedStart();
      expect(message).toMatch(/gateway process exited \(1\)/);
      expect(message).toContain(`the data directory ${dataDir} is in use by another gateway (pid ${holder.pid}`);
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(lock);
    }, SLOW_TEST_MS);

    (HAS_PROC ? it : it.skip)('takes over a lock whose pid now belongs to a process that started after the lock was written', async () => {
      const impostor = await sleeper();
      const ticks = probe.startTicks(impostor.pid!) as number;
      // The recorded holder started an hour before this pid's process did: the pid was reused.
      fs.writeFileSync(lockFile(), JSON.stringify({ pid: impostor.pid, host: os.hostname(), since: hourAgo(), boot_id: probe.bootId(), start_ticks: Math.max(1, ticks - 360_000) }));
      const gateway = await start();
      expect(readLock().pid).toBe(gateway.pid);
      // A lock from before this format (no start ticks): the time it was written decides.
      await gateway.kill('SIGKILL');
      fs.writeFileSync(lockFile(), JSON.stringify({ pid: impostor.pid, host: os.hostname(), since: hourAgo() }));
      const next = await start();
      expect(readLock().pid).toBe(next.pid);
      expect((await adminClient(next.url).post('/api/connections', { name: 'm', type: 'mock' })).status).toBe(201);
    }, SLOW_TEST_MS);
  });

  describe('a store.json that does not validate', () => {
    const base = () => ({ format: 'model-gateway-store/1', version: 2, kek: null, connections: {}, endpoints: {}, keys: {} });
    const endpoint = { name: 'e', body: { name: 'e', kind: 'chat', provider: 'mock', model: 'echo' }, created_at: 't', updated_at: 't' };
    const cases: Array<[string, unknown, RegExp]> = [
      ['endpoints is a string', { ...base(), endpoints: 'pwned' }, /is not a valid store file: endpoints: Invalid input: expected record, received string/],
      ['connections is an array', { ...base(), connections: [{ name: 'c' }] }, /is not a valid store file: connections: Invalid input: expected record, received array/],
      ['an endpoint filed under another name', { ...base(), endpoints: { shown: endpoint } }, /is not a valid store file: endpoints\.shown\.name: must equal the key/],
    ];

    it.each(cases)('stops the gateway CLI when %s, naming the file and field, and never rewrites it', async (_name, content, field) => {
      const text = JSON.stringify(content, null, 2);
      fs.writeFileSync(storeFile(), text);
      const before = fs.statSync(storeFile()).mtimeMs;
      const message = await refusedStart();
      expect(message).toMatch(/gateway process exited \(1\)/);
      expect(message).toContain(storeFile());
      expect(message).toMatch(field);
      expect(fs.readFileSync(storeFile(), 'utf8')).toBe(text);
      expect(fs.statSync(storeFile()).mtimeMs).toBe(before);
      // The refused start leaves no lock or temporary file behind either.
      expect(fs.readdirSync(dataDir)).toEqual(['store.json']);
    }, SLOW_TEST_MS);

    it('refuses it in-process too, and a valid file still starts', async () => {
      const text = JSON.stringify({ ...base(), endpoints: 'pwned' });
      fs.writeFileSync(storeFile(), text);
      const env = { ...process.env, GATEWAY_DATA_DIR: dataDir };
      await expect(startGateway('endpoints: []\n', { env })).rejects.toThrow(`${storeFile()} is not a valid store file: endpoints`);
      expect(fs.readFileSync(storeFile(), 'utf8')).toBe(text);

      fs.writeFileSync(storeFile(), JSON.stringify({ ...base(), endpoints: { e: endpoint } }));
      const gateway = await startGateway('endpoints: []\n', { env });
      try {
        expect((await adminClient(gateway.url).get('/api/endpoints/e')).status).toBe(200);
      } finally {
        await gateway.close();
      }
    }, SLOW_TEST_MS);
  });

  describe('a Redis store value that does not validate', () => {
    let redis: RedisServerHandle;
    let raw: Redis;
    beforeAll(async () => {
      redis = await startRedisServer();
      raw = new Redis(redis.url);
    });
    afterAll(async () => {
      raw?.disconnect();
      await redis?.stop();
    });

    it.each([
      ['not JSON', 'endpoints', 'e', '{"name": "e"', /not valid JSON/],
      ['a connection whose secrets are an array', 'connections', 'c', JSON.stringify({ name: 'c', type: 'mock', fields: {}, secrets: [], created_at: 't', updated_at: 't' }), /secrets: Invalid input: expected record, received array/],
    ])('stops the gateway CLI when a record is %s, naming the key and field, and leaves the value', async (_name, hash, field, value, problem) => {
      const prefix = `faults:${process.pid}:${hash}:`;
      fs.writeFileSync(configFile, `state: { redis_url: "${redis.url}", key_prefix: "${prefix}" }\nendpoints: []\n`);
      await raw.hset(`${prefix}admin:${hash}`, field, value);
      const message = await refusedStart({ GATEWAY_SECRETS_KEY: Buffer.alloc(32, 3).toString('base64') });
      expect(message).toMatch(/gateway process exited \(1\)/);
      expect(message).toContain(`the shared store (Redis) holds an invalid value at ${prefix}admin:${hash} field "${field}"`);
      expect(message).toMatch(problem);
      expect(await raw.hget(`${prefix}admin:${hash}`, field)).toBe(value);
      expect(await raw.get(`${prefix}admin:version`)).toBeNull();
    }, SLOW_TEST_MS);

    it('answers 503 to a change that would write over a value damaged while the gateway runs, and changes nothing until it is fixed', async () => {
      const prefix = `faults:${process.pid}:runtime:`;
      fs.writeFileSync(configFile, `state: { redis_url: "${redis.url}", key_prefix: "${prefix}" }\nendpoints: []\n`);
      const gateway = await start({ GATEWAY_SECRETS_KEY: Buffer.alloc(32, 3).toString('base64') });
      const api = adminClient(gateway.url);
      const body = { kind: 'chat', provider: 'm', model: 'echo' };
      expect((await api.post('/api/connections', { name: 'm', type: 'mock' })).status).toBe(201);
      expect((await api.post('/api/endpoints', { name: 'e', ...body })).status).toBe(201);
      // Damaged by hand, without a version bump: no replica hears of it.
      await raw.hset(`${prefix}admin:endpoints`, 'e', 'garbage');
      const overwrite = await api.put('/api/endpoints/e', { ...body, model: 'other' });
      expect(overwrite.status).toBe(503);
      expect(overwrite.body.error.message).toContain(`${prefix}admin:endpoints field "e"`);
      expect(await raw.hget(`${prefix}admin:endpoints`, 'e')).toBe('garbage');
      // Having read the damage, the gateway refuses every change, and still serves the last valid state.
      await eventually(async () => expect((await api.post('/api/endpoints', { name: 'f', ...body })).status).toBe(503));
      expect(await raw.hexists(`${prefix}admin:endpoints`, 'f')).toBe(0);
      expect((await api.get('/api/endpoints/e')).body.model).toBe('echo');
      expect(gateway.output.some((line) => line.includes('Redis holds a value the gateway did not write'))).toBe(true);

      await raw.hset(`${prefix}admin:endpoints`, 'e', JSON.stringify({ name: 'e', body: { name: 'e', ...body }, created_at: 't', updated_at: 't' }));
      await eventually(async () => expect((await api.post('/api/endpoints', { name: 'f', ...body })).status).toBe(201), 10_000);
    }, SLOW_TEST_MS);
  });

  /** `model-gateway serve` as PID 1 of a fresh pid namespace (with its own /proc), the way a container runs it. */
  async function serveAsPid1(): Promise<{ url: string; process: ChildProcess }> {
    const port = await findFreePort();
    const child = spawn(
      'unshare',
      ['--map-root-user', '--pid', '--fork', '--mount-proc', '--kill-child', process.execPath, MAIN, 'serve', '--config', configFile, '--port', String(port), '--host', '127.0.0.1'],
      { env: { ...process.env, LOG_LEVEL: 'warn', GATEWAY_DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    children.push(child);
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
    const url = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + GATEWAY_PROCESS_START_MS; ; ) {
      if (child.exitCode !== null) throw new Error(`the PID 1 gateway exited (${child.exitCode}): ${stderr}`);
      if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`the PID 1 gateway did not start within ${GATEWAY_PROCESS_START_MS / 1000} s: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { url, process: child };
  }
});

async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
