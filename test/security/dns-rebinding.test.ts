import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { adminClient } from '../support/admin-client';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * DNS rebinding, over real HTTP: a page on evil.example whose name was rebound to 127.0.0.1
 * reaches the gateway with `Host: evil.example:PORT` and a matching Origin, so the Origin
 * check sees its own origin. The Host check must refuse it on every route that answers
 * without a credential, in that route's error shape, before anything is done.
 */

const TOKEN = 'admin-token-for-rebinding-tests-7f3a';
const DEMO = 'endpoints: [{ name: demo, kind: chat, provider: mock, model: echo }]\n';
const messages = [{ role: 'user', content: 'hi' }];

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** A request with the Host (and Origin) a browser on a rebound name sends; fetch cannot set Host. */
function send(gw: TestGateway, method: string, target: string, host: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  const { port } = new URL(gw.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { host, origin: `http://${host}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** An HTTP/1.0 request with no Host header at all (Node answers 400 to HTTP/1.1 without one before any route). */
function sendWithoutHost(gw: TestGateway, target: string): Promise<string> {
  const { port } = new URL(gw.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.0\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

const hostLines = (gw: TestGateway) => gw.logs.map((line) => JSON.parse(line)).filter((entry) => typeof entry.msg === 'string' && entry.msg.startsWith('host check:'));

/** The gateway's own error shape: the admin routes, the native invocations route, the OpenAI-style routes. */
function expectRefusedInGatewayShape(answer: RawAnswer): void {
  expect(answer.status).toBe(403);
  expect(answer.json.error).toMatchObject({ code: 'host_not_allowed', type: 'permission_error', message: expect.stringContaining('server.allowed_hosts') });
  expect(answer.json.error.message).toContain('evil.example');
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
}

describe('a default install (no admin token, gateway keys off)', () => {
  let gw: TestGateway;
  let evil: string;

  beforeAll(async () => {
    gw = await startGateway(DEMO);
    evil = `evil.example:${new URL(gw.url).port}`;
  });
  afterAll(() => gw.close());

  it('refuses POST /api/keys from a rebound page, and no key is created', async () => {
    const answer = await send(gw, 'POST', '/api/keys', evil, { body: { name: 'stolen', endpoints: '*' } });
    expectRefusedInGatewayShape(answer);
    expect(answer.text).not.toMatch(/mgw-/);
    const keys = await adminClient(gw.url).get('/api/keys');
    expect(keys.status).toBe(200);
    expect(keys.body.data).toEqual([]);
  });

  it('refuses POST /api/connections, and no connection is created', async () => {
    const answer = await send(gw, 'POST', '/api/connections', evil, { body: { name: 'planted', type: 'mock' } });
    expectRefusedInGatewayShape(answer);
    const connections = await adminClient(gw.url).get('/api/connections');
    expect(connections.status).toBe(200);
    expect(connections.text).not.toContain('planted');
  });

  it('refuses GET /api/usage, /api/connections and /api/keys (reads)', async () => {
    for (const target of ['/api/usage', '/api/usage?group_by=key', '/api/connections', '/api/keys']) {
      expectRefusedInGatewayShape(await send(gw, 'GET', target, evil));
    }
  });

  it('refuses the data plane: native invocations and the OpenAI-style chat route, and no call is made', async () => {
    expectRefusedInGatewayShape(await send(gw, 'POST', '/gateway/demo/native/invocations', evil, { body: { messages } }));
    expectRefusedInGatewayShape(await send(gw, 'POST', '/gateway/native/v1/chat/completions', evil, { body: { model: 'demo', messages } }));
    expectRefusedInGatewayShape(await send(gw, 'GET', '/gateway/native/v1/models', evil));
    expect(gw.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'usage')).toEqual([]);
  });

  it('answers a passthrough route in its own format (Anthropic\'s error shape here)', async () => {
    const answer = await send(gw, 'POST', '/gateway/anthropic/v1/messages', evil, { body: { model: 'demo', max_tokens: 5, messages } });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ type: 'error', error: { type: 'permission_error', message: expect.stringContaining('server.allowed_hosts') } });
  });

  it('refuses before any other check: an unknown path, a preflight, a malformed path', async () => {
    expectRefusedInGatewayShape(await send(gw, 'GET', '/no/such/route', evil));
    expectRefusedInGatewayShape(await send(gw, 'OPTIONS', '/gateway/native/v1/chat/completions', evil, { headers: { 'access-control-request-method': 'POST' } }));
    expectRefusedInGatewayShape(await send(gw, 'GET', '/api/providers/%zz', evil));
  });

  it('refuses the attacker\'s look-alike names and a request with no Host at all', async () => {
    const { port } = new URL(gw.url);
    for (const host of [`127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`, 'evil.example', `EVIL.example.:${port}`]) {
      const answer = await send(gw, 'GET', '/api/usage', host);
      expect(answer.status).toBe(403);
      expect(answer.json.error.code).toBe('host_not_allowed');
    }
    const noHost = await sendWithoutHost(gw, '/api/usage');
    expect(noHost).toMatch(/^HTTP\/1\.1 403 /);
    expect(noHost).toContain('"code":"host_not_allowed"');
    expect(noHost).toContain('no Host header');
  });

  it('serves loopback names with any port, their Origin included (the web UI, SDKs on this machine)', async () => {
    const { port } = new URL(gw.url);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, `127.0.0.2:${port}`, 'localhost']) {
      const answer = await send(gw, 'POST', '/gateway/demo/native/invocations', host, { body: { messages } });
      expect(answer.status).toBe(200);
    }
    expect((await send(gw, 'GET', '/api/usage', `localhost:${port}`)).status).toBe(200);
  });

  it('leaves /health and /ready to probes that name the machine by another address', async () => {
    expect((await send(gw, 'GET', '/health', evil)).status).toBe(200);
    expect((await send(gw, 'GET', '/ready', evil)).status).toBe(200);
  });

  it('says at start that the check is on, and why', () => {
    expect(hostLines(gw)).toEqual([
      expect.objectContaining({ hostCheck: 'on', msg: 'host check: on (loopback), because operator routes answer without a credential and the data plane answers without a credential' }),
    ]);
  });
});

describe('names an operator gives the gateway', () => {
  let gw: TestGateway;
  let port: string;

  beforeAll(async () => {
    gw = await startGateway(`${DEMO}server: { public_url: "https://llm.example.com", allowed_hosts: [gateway.internal, "10.0.0.5"] }\n`);
    port = new URL(gw.url).port;
  });
  afterAll(() => gw.close());

  it('serves a name listed in server.allowed_hosts, with any port', async () => {
    for (const host of [`gateway.internal:${port}`, 'gateway.internal', `GATEWAY.internal:${port}`, `10.0.0.5:${port}`]) {
      expect((await send(gw, 'POST', '/gateway/demo/native/invocations', host, { body: { messages } })).status).toBe(200);
    }
    expect((await send(gw, 'POST', '/api/keys', `gateway.internal:${port}`, { body: { name: 'from-the-service-name', endpoints: '*' } })).status).toBe(201);
  });

  it('serves the host of server.public_url', async () => {
    const answer = await send(gw, 'POST', '/gateway/native/v1/chat/completions', 'llm.example.com', { body: { model: 'demo', messages }, headers: { origin: 'https://llm.example.com' } });
    expect(answer.status).toBe(200);
  });

  it('still refuses every other name', async () => {
    expectRefusedInGatewayShape(await send(gw, 'POST', '/gateway/demo/native/invocations', `evil.example:${port}`, { body: { messages } }));
    expect((await send(gw, 'GET', '/api/usage', `internal:${port}`)).status).toBe(403);
    expect((await send(gw, 'GET', '/api/usage', `llm.example.com.evil.example:${port}`)).status).toBe(403);
  });

  it('names them in the start-up line', () => {
    expect(hostLines(gw).map((entry) => entry.msg)).toEqual([
      'host check: on (loopback, public_url host llm.example.com, allowed_hosts: gateway.internal, 10.0.0.5), because server.allowed_hosts is set and operator routes answer without a credential and the data plane answers without a credential',
    ]);
  });
});

describe('every route needs a credential (admin token set, auth.require_keys on)', () => {
  const closed = `${DEMO}auth: { require_keys: true }\n`;
  let gw: TestGateway;
  let evil: string;

  beforeAll(async () => {
    gw = await startGateway(closed, { env: { ...process.env, GATEWAY_ADMIN_TOKEN: TOKEN } });
    evil = `evil.example:${new URL(gw.url).port}`;
  });
  afterAll(() => gw.close());

  it('lets a foreign Host through (a service name behind a proxy), and still asks for the credentials', async () => {
    const anonymous = await send(gw, 'POST', '/api/keys', evil, { body: { name: 'k', endpoints: '*' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.code).toBe('authentication_required');
    const created = await send(gw, 'POST', '/api/keys', evil, { body: { name: 'k', endpoints: '*' }, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(created.status).toBe(201);

    const keyless = await send(gw, 'POST', '/gateway/demo/native/invocations', evil, { body: { messages } });
    expect(keyless.status).toBe(401);
    expect(keyless.json.error.code).toBe('gateway_key_missing');
    const keyed = await send(gw, 'POST', '/gateway/demo/native/invocations', evil, { body: { messages }, headers: { authorization: `Bearer ${created.json.key}` } });
    expect(keyed.status).toBe(200);
  });

  it('says at start that the check is off', () => {
    expect(hostLines(gw)).toEqual([expect.objectContaining({ hostCheck: 'off', msg: expect.stringMatching(/^host check: off \(every route needs a credential/) })]);
  });

  it('with server.allowed_hosts set as well, refuses a foreign Host again, credentials or not', async () => {
    const listed = await startGateway(`${closed}server: { allowed_hosts: [gateway.internal] }\n`, { env: { ...process.env, GATEWAY_ADMIN_TOKEN: TOKEN } });
    try {
      const port = new URL(listed.url).port;
      const foreign = await send(listed, 'POST', '/api/keys', `evil.example:${port}`, { body: { name: 'k', endpoints: '*' }, headers: { authorization: `Bearer ${TOKEN}` } });
      expectRefusedInGatewayShape(foreign);
      const created = await send(listed, 'POST', '/api/keys', `gateway.internal:${port}`, { body: { name: 'k', endpoints: '*' }, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(created.status).toBe(201);
      const call = { body: { messages }, headers: { authorization: `Bearer ${created.json.key}` } };
      expectRefusedInGatewayShape(await send(listed, 'POST', '/gateway/demo/native/invocations', `evil.example:${port}`, call));
      expect((await send(listed, 'POST', '/gateway/demo/native/invocations', `gateway.internal:${port}`, call)).status).toBe(200);
      expect(hostLines(listed).map((entry) => entry.msg)).toEqual(['host check: on (loopback, allowed_hosts: gateway.internal), because server.allowed_hosts is set']);
    } finally {
      await listed.close();
    }
  });

  it('with only one family closed (a token, keys off), the check stays on', async () => {
    const half = await startGateway(DEMO, { env: { ...process.env, GATEWAY_ADMIN_TOKEN: TOKEN } });
    try {
      const port = new URL(half.url).port;
      expectRefusedInGatewayShape(await send(half, 'POST', '/gateway/demo/native/invocations', `evil.example:${port}`, { body: { messages } }));
      expectRefusedInGatewayShape(await send(half, 'GET', '/api/usage', `evil.example:${port}`, { headers: { authorization: `Bearer ${TOKEN}` } }));
      expect(hostLines(half).map((entry) => entry.msg)).toEqual(['host check: on (loopback), because the data plane answers without a credential']);
    } finally {
      await half.close();
    }
  });
});

describe('the decision follows the live config', () => {
  it('turns the check off when a reload requires keys, and on again when it stops, logging each change', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-rebinding-'));
    const file = path.join(dir, 'gateway.config.yaml');
    fs.writeFileSync(file, DEMO);
    const gw = await startGateway('', { configText: undefined, configFile: file, watch: false, env: { ...process.env, GATEWAY_ADMIN_TOKEN: TOKEN } });
    try {
      const evil = `evil.example:${new URL(gw.url).port}`;
      const admin = { authorization: `Bearer ${TOKEN}` };
      expect((await send(gw, 'GET', '/api/usage', evil, { headers: admin })).status).toBe(403);

      fs.writeFileSync(file, `${DEMO}auth: { require_keys: true }\n`);
      expect(await gw.gateway.reload()).toBe(true);
      expect((await send(gw, 'GET', '/api/usage', evil, { headers: admin })).status).toBe(200);
      expect((await send(gw, 'POST', '/gateway/demo/native/invocations', evil, { body: { messages } })).json.error.code).toBe('gateway_key_missing');

      fs.writeFileSync(file, DEMO);
      expect(await gw.gateway.reload()).toBe(true);
      expect((await send(gw, 'GET', '/api/usage', evil, { headers: admin })).status).toBe(403);
      expect(hostLines(gw).map((entry) => entry.hostCheck)).toEqual(['on', 'off', 'on']);
    } finally {
      await gw.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
