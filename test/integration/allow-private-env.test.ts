import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { PROCESS_HOOK_TIMEOUT_MS, startGatewayProcess, type GatewayProcess } from '../support/gateway-process';

/**
 * GATEWAY_ALLOW_PRIVATE_BASE_URLS, the environment's form of admin.allow_private_base_urls
 * (a local model server on 127.0.0.1 without editing the YAML): with it, a connection created
 * through the API may point at a loopback address and is called there; without it, that
 * connection is refused naming both ways to allow it; a value that is not a boolean stops
 * check-config and the start.
 */

const MAIN = join(__dirname, '..', '..', 'plugins', 'distribution', 'dist', 'main.js');
const ENV = 'GATEWAY_ALLOW_PRIVATE_BASE_URLS';

describe(`${ENV}`, () => {
  let upstream: OpenAiFake;
  let dir: string;
  let file: string;
  const gateways: GatewayProcess[] = [];

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    dir = mkdtempSync(join(tmpdir(), 'allow-private-env-'));
    file = join(dir, 'gateway.config.yaml');
    // The YAML says false: the variable alone decides.
    writeFileSync(file, 'admin: { allow_private_base_urls: false }\nendpoints: []\n');
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gw) => gw.stop()));
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function gateway(env: Record<string, string>): Promise<GatewayProcess> {
    const gw = await startGatewayProcess(file, env);
    gateways.push(gw);
    return gw;
  }

  const connection = () => ({ name: 'local-server', type: 'openai', base_url: upstream.baseUrl, api_key: 'sk-local-server-0123456789' });

  it('set to true: a connection to 127.0.0.1 is created, and an endpoint on it is answered from there', async () => {
    const gw = await gateway({ [ENV]: 'true' });
    const api = adminClient(gw.url);
    const created = await api.post('/api/connections', connection());
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    expect((await api.post('/api/endpoints', { name: 'local-chat', kind: 'chat', provider: 'local-server', model: 'gpt-4o-mini' })).status).toBe(201);
    const calls = upstream.requests.length;
    const answer = await fetch(`${gw.url}/gateway/local-chat/native/invocations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello!' }] }) });
    expect(answer.status).toBe(200);
    expect(upstream.requests.length).toBe(calls + 1);
  }, PROCESS_HOOK_TIMEOUT_MS);

  it('unset: the same connection is refused, the message naming the YAML setting and the variable', async () => {
    const gw = await gateway({ [ENV]: '' });
    const refused = await adminClient(gw.url).post('/api/connections', connection());
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/loopback/);
    expect(refused.text).toContain('admin.allow_private_base_urls: true');
    expect(refused.text).toContain(`${ENV}=true`);
  }, PROCESS_HOOK_TIMEOUT_MS);

  it('check-config refuses a value that is not a boolean, with the variable and what it takes', () => {
    const run = (value: string) => spawnSync(process.execPath, [MAIN, 'check-config', file], { env: { ...process.env, [ENV]: value }, encoding: 'utf8' });
    const bad = run('yes');
    expect(bad.status).not.toBe(0);
    expect(`${bad.stdout}${bad.stderr}`).toContain(`admin.allow_private_base_urls: ${ENV} is "yes": give true or false`);
    expect(run('true').status).toBe(0);
  }, PROCESS_HOOK_TIMEOUT_MS);
});
