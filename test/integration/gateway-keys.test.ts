import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient, type AdminClient } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { isolatedDataDir, postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Gateway keys over real HTTP: created, listed and revoked through /api/keys (only a hash
 * stored), required on every data-plane route with `auth.require_keys`, accepted in each
 * client family's own header, refused (401/403 in the route's shape, nothing sent
 * upstream) when missing, malformed, unknown, expired, revoked or out of scope, whatever
 * the path looks like; listings show the key's endpoints only.
 */

const messages = [{ role: 'user', content: 'hi' }];

let openai: OpenAiFake;
let anthropic: AnthropicFake;
let gemini: GeminiFake;
let gw: TestGateway;
let admin: AdminClient;
let dataDir: string;

const fakes = () => [openai, anthropic, gemini];
const resetFakes = () => fakes().forEach((fake) => fake.reset());
const upstreamCalls = () => fakes().reduce((n, fake) => n + fake.requests.length, 0);

async function createKey(body: Record<string, unknown>): Promise<{ id: string; key: string }> {
  const created = await admin.post('/api/keys', body);
  expect(created.status).toBe(201);
  return { id: created.body.id, key: created.body.key };
}

const chat = (model: string, headers: Record<string, string>) => postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model, messages }, headers);
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A request sent byte for byte as written: fetch would normalise `..` and case away before the gateway saw them. */
function rawRequest(method: string, target: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(gw.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = text;
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

beforeAll(async () => {
  openai = await OpenAiFake.start();
  anthropic = await AnthropicFake.start();
  gemini = await GeminiFake.start();
  dataDir = isolatedDataDir();
  gw = await startGateway(
    `
auth: { require_keys: true }
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-upstream-openai-0001" }
  an: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-upstream-0002" }
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-upstream-0003" }
endpoints:
  - { name: chat-a, kind: chat, provider: oa, model: gpt-4o-mini }
  - { name: chat-b, kind: chat, provider: oa, model: gpt-4o-mini }
  - { name: claude, kind: chat, provider: an, model: claude-sonnet-4-5 }
  - { name: gem, kind: chat, provider: gm, model: gemini-2.5-flash }
  - { name: embed, kind: embeddings, provider: oa, model: text-embedding-3-small }
`,
    { env: { ...process.env, GATEWAY_DATA_DIR: dataDir } },
  );
  admin = adminClient(gw.url);
});

afterAll(async () => {
  await gw?.close();
  for (const fake of fakes()) await fake?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(resetFakes);

describe('/api/keys', () => {
  it('answers the key once, lists it masked, and stores only its SHA-256', async () => {
    const created = await admin.post('/api/keys', { name: 'ci pipeline', endpoints: ['chat-a', 'claude'], rpm: 100, budget_usd: 5, budget_period: 'month' });
    expect(created.status).toBe(201);
    const { id, key } = created.body;
    expect(key).toMatch(/^mgw-[A-Za-z0-9_-]{43}$/);
    expect(id).toMatch(/^key_[0-9a-f]{16}$/);
    expect(created.body).toMatchObject({ name: 'ci pipeline', endpoints: ['chat-a', 'claude'], status: 'active', rpm: 100, tpm: null, budget_usd: 5, budget_period: 'month', expires_at: null, last_used_at: null, revoked_at: null });

    const list = await admin.get('/api/keys');
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: any) => k.id === id);
    expect(listed.key).toBe(`mgw-...${key.slice(-4)}`);
    expect(list.text).not.toContain(key);
    expect((await admin.get(`/api/keys/${id}`)).body).toEqual(listed);

    const stored = fs.readFileSync(path.join(dataDir, 'store.json'), 'utf8');
    expect(stored).toContain(createHash('sha256').update(key).digest('hex'));
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(4, 40));
    for (const line of gw.logs) expect(line).not.toContain(key);
  });

  it('writes an audit line per change, naming the key, never the key itself', async () => {
    const { id, key } = await createKey({ name: 'audited', endpoints: '*' });
    expect((await admin.delete(`/api/keys/${id}`)).status).toBe(204);
    const audits = gw.logs.map((l) => JSON.parse(l)).filter((e) => e.audit?.resource === 'key');
    expect(audits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ audit: expect.objectContaining({ action: 'create', name: 'audited', status: 201, actor: 'loopback' }) }),
        expect.objectContaining({ audit: expect.objectContaining({ action: 'revoke', name: id, status: 204 }) }),
      ]),
    );
    expect(JSON.stringify(audits)).not.toContain(key);
  });

  it.each([
    [{ name: 'x', endpoints: ['nope'] }, 'endpoints[0]'],
    [{ name: 'x', endpoints: [] }, 'endpoints'],
    [{ name: 'x', endpoints: 'chat-a' }, 'endpoints'],
    [{ name: '', endpoints: '*' }, 'name'],
    [{ name: 'x', endpoints: '*', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
    [{ name: 'x', endpoints: '*', expires_at: 'tomorrow' }, 'expires_at'],
    [{ name: 'x', endpoints: '*', rpm: 0 }, 'rpm'],
    [{ name: 'x', endpoints: '*', tpm: 1.5 }, 'tpm'],
    [{ name: 'x', endpoints: '*', budget_usd: -1 }, 'budget_usd'],
    [{ name: 'x', endpoints: '*', budget_period: 'week' }, 'budget_period'],
    [{ name: 'x', endpoints: '*', scopes: ['a'] }, undefined],
  ])('refuses %j with a 400 naming %s', async (body, param) => {
    const refused = await admin.post('/api/keys', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('invalid_parameter');
    if (param) expect(refused.body.error.param).toBe(param);
  });

  it('refuses a second key of the same name while the first is not revoked', async () => {
    const first = await createKey({ name: 'twin', endpoints: '*' });
    expect((await admin.post('/api/keys', { name: 'twin', endpoints: '*' })).status).toBe(409);
    await admin.delete(`/api/keys/${first.id}`);
    expect((await admin.post('/api/keys', { name: 'twin', endpoints: '*' })).status).toBe(201);
  });

  it('answers 404 for an unknown id, and revoking twice changes nothing', async () => {
    expect((await admin.delete('/api/keys/key_0000000000000000')).status).toBe(404);
    expect((await admin.get('/api/keys/key_0000000000000000')).status).toBe(404);
    const { id } = await createKey({ name: 'twice', endpoints: '*' });
    expect((await admin.delete(`/api/keys/${id}`)).status).toBe(204);
    const revokedAt = (await admin.get(`/api/keys/${id}`)).body.revoked_at;
    expect((await admin.delete(`/api/keys/${id}`)).status).toBe(204);
    expect((await admin.get(`/api/keys/${id}`)).body).toMatchObject({ status: 'revoked', revoked_at: revokedAt });
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await admin.get('/api/openapi.json')).body;
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/keys', '/api/keys/{id}']));
    expect(Object.keys(document.paths['/api/keys'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(document.paths['/api/keys/{id}'].delete.responses).toHaveProperty('204');
  });
});

describe('the data plane with keys required', () => {
  it('refuses a call without a key: 401 gateway_key_missing, nothing sent upstream', async () => {
    const refused = await chat('chat-a', {});
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 'gateway_key_missing', type: 'authentication_error' });
    expect(refused.headers.get('www-authenticate')).toContain('Bearer');
    expect(upstreamCalls()).toBe(0);
  });

  it('says which: malformed, unknown, revoked or expired, each a 401 with nothing sent upstream', async () => {
    const malformed = await chat('chat-a', bearer('sk-placeholder'));
    expect(malformed.body.error).toMatchObject({ code: 'gateway_key_invalid' });
    expect(malformed.body.error.message).toContain('not a gateway key');
    const unknown = await chat('chat-a', bearer(`mgw-${'A'.repeat(43)}`));
    expect(unknown.body.error.message).toContain('not known');

    const revoked = await createKey({ name: 'to revoke', endpoints: '*' });
    expect((await chat('chat-a', bearer(revoked.key))).status).toBe(200);
    await admin.delete(`/api/keys/${revoked.id}`);
    const afterRevoke = await chat('chat-a', bearer(revoked.key));
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.error.message).toContain('revoked');

    const expiresAt = Date.now() + 3000;
    const expiring = await createKey({ name: 'short-lived', endpoints: '*', expires_at: new Date(expiresAt).toISOString() });
    expect((await chat('chat-a', bearer(expiring.key))).status).toBe(200);
    // Keys expire on the wall clock (gateway-keys reads Date.now): the admin view is polled until then, not slept.
    await eventually(async () => expect((await admin.get(`/api/keys/${expiring.id}`)).body.status).toBe('expired'), 10_000);
    const expired = await chat('chat-a', bearer(expiring.key));
    expect(expired.status).toBe(401);
    expect(expired.body.error.message).toContain('expired');
    expect((await admin.get(`/api/keys/${expiring.id}`)).body.status).toBe('expired');

    for (const response of [malformed, unknown]) expect(response.status).toBe(401);
    expect(openai.requests).toHaveLength(2);
  });

  it("accepts the key in each client family's header, and never sends it upstream", async () => {
    const { key } = await createKey({ name: 'every header', endpoints: '*' });
    const calls = [
      postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'chat-a', messages }, bearer(key)),
      postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'chat-a', messages }, { 'api-key': key }),
      postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'claude', max_tokens: 10, messages }, { 'x-api-key': key }),
      postJson(`${gw.url}/gateway/gemini/v1beta/models/gem:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, { 'x-goog-api-key': key }),
      postJson(`${gw.url}/gateway/gemini/v1beta/models/gem:generateContent?key=${key}`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
      postJson(`${gw.url}/gateway/chat-a/native/invocations`, { messages }, bearer(key)),
      postJson(`${gw.url}/endpoints/embed/invocations`, { input: ['a'] }, bearer(key)),
      // A translated call: an Anthropic client on an OpenAI endpoint.
      postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'chat-a', max_tokens: 10, messages }, { 'x-api-key': key }),
    ];
    for (const response of await Promise.all(calls)) expect(response.status).toBe(200);
    expect(upstreamCalls()).toBe(calls.length);
    for (const request of fakes().flatMap((fake) => fake.requests)) {
      expect(request.path).not.toContain(key);
      expect(JSON.stringify(request.headers)).not.toContain(key);
      expect(request.rawBody).not.toContain(key);
    }
  });

  it('refuses an endpoint outside the key\'s scope with 403 in the route\'s shape, nothing sent upstream', async () => {
    const { key } = await createKey({ name: 'scoped', endpoints: ['chat-a', 'claude'] });
    const openaiStyle = await chat('chat-b', bearer(key));
    expect(openaiStyle.status).toBe(403);
    expect(openaiStyle.body.error).toMatchObject({ code: 'endpoint_not_allowed', type: 'permission_error' });
    const anthropicStyle = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'chat-b', max_tokens: 10, messages }, { 'x-api-key': key });
    expect(anthropicStyle.status).toBe(403);
    expect(anthropicStyle.body).toMatchObject({ type: 'error', error: { type: 'permission_error' } });
    const geminiStyle = await postJson(`${gw.url}/gateway/gemini/v1beta/models/gem:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, { 'x-goog-api-key': key });
    expect(geminiStyle.status).toBe(403);
    expect(geminiStyle.body).toMatchObject({ error: { code: 403, status: 'PERMISSION_DENIED' } });
    expect(upstreamCalls()).toBe(0);
    expect((await chat('chat-a', bearer(key))).status).toBe(200);
  });

  it('lists only the key\'s endpoints on every listing route, and none without a key', async () => {
    const { key } = await createKey({ name: 'lister', endpoints: ['chat-a', 'claude', 'embed'] });
    const get = (route: string, headers: Record<string, string> = {}) => fetch(`${gw.url}${route}`, { headers });
    const ids = async (route: string, headers: Record<string, string>, pick: (body: any) => string[]) => {
      const response = await get(route, headers);
      expect(response.status).toBe(200);
      return pick(await response.json()).sort();
    };
    expect(await ids('/gateway/native/v1/models', bearer(key), (b) => b.data.map((m: any) => m.id))).toEqual(['chat-a', 'claude', 'embed']);
    expect(await ids('/gateway/mlflow/v1/models', bearer(key), (b) => b.data.map((m: any) => m.id))).toEqual(['chat-a', 'claude', 'embed']);
    expect(await ids('/gateway/openai/v1/models', bearer(key), (b) => b.data.map((m: any) => m.id))).toEqual(['chat-a', 'claude', 'embed']);
    expect(await ids('/gateway/anthropic/v1/models', { 'x-api-key': key }, (b) => b.data.map((m: any) => m.id))).toEqual(['chat-a', 'claude']);
    expect(await ids('/api/2.0/endpoints', bearer(key), (b) => b.endpoints.map((e: any) => e.name))).toEqual(['chat-a', 'claude', 'embed']);

    expect((await get('/gateway/native/v1/models/chat-a', bearer(key))).status).toBe(200);
    for (const route of ['/gateway/native/v1/models/chat-b', '/gateway/openai/v1/models/chat-b', '/api/2.0/endpoints/chat-b']) {
      expect((await get(route, bearer(key))).status).toBe(403);
    }
    expect((await get('/gateway/anthropic/v1/models/gem', { 'x-api-key': key })).status).toBe(403);
    for (const route of ['/gateway/native/v1/models', '/gateway/openai/v1/models', '/gateway/anthropic/v1/models', '/api/2.0/endpoints', '/gateway/native/v1/models/chat-a']) {
      const refused = await get(route);
      expect(refused.status).toBe(401);
    }
    const everything = await createKey({ name: 'all endpoints', endpoints: '*' });
    expect(await ids('/gateway/native/v1/models', bearer(everything.key), (b) => b.data.map((m: any) => m.id))).toEqual(['chat-a', 'chat-b', 'claude', 'embed', 'gem']);
  });

  it('does not let a path escape the scope: encoding, "..", case, trailing slashes, aliases', async () => {
    const { key } = await createKey({ name: 'path tricks', endpoints: ['chat-a'] });
    const auth = bearer(key);
    const native = { messages };
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/gateway/chat-b/native/invocations', native],
      ['POST', '/gateway/ch%61t-b/native/invocations', native],
      ['POST', '/gateway/chat-a/../chat-b/native/invocations', native],
      ['POST', '/gateway/chat-a/%2e%2e/chat-b/native/invocations', native],
      ['POST', '/gateway/chat-a%2F..%2Fchat-b/native/invocations', native],
      ['POST', '/gateway/chat-a/native/../../chat-b/native/invocations', native],
      ['POST', '/GATEWAY/chat-b/NATIVE/invocations', native],
      ['POST', '/gateway/CHAT-A/native/invocations', native],
      ['POST', '/gateway/chat-b/native/invocations/', native],
      ['POST', '/gateway//chat-b/native/invocations', native],
      ['POST', '/gateway/chat-b/mlflow/invocations', native],
      ['POST', '/endpoints/chat-b/invocations', native],
      ['POST', '/endpoints/chat-a/../chat-b/invocations', native],
      ['POST', '/gateway/mlflow/v1/chat/completions', { model: 'chat-b', messages }],
      ['POST', '/gateway/native/v1/chat/completions', { model: 'CHAT-A', messages }],
      ['POST', '/gateway/native/v1/chat/completions', { model: 'chat-a ', messages }],
      ['POST', '/gateway/native/v1/chat/completions', { model: 'chat-a/../chat-b', messages }],
      ['POST', '/gateway/native/v1/chat/completions/', { model: 'chat-b', messages }],
      ['POST', '/gateway/openai/v1/chat/completions', { model: 'chat-b', messages }],
      ['POST', '/gateway/vendor-a/v1/chat/completions', { model: 'chat-b', messages }],
      ['POST', '/gateway/anthropic/v1/messages', { model: 'chat-b', max_tokens: 5, messages }],
      ['POST', '/gateway/gemini/v1beta/models/chat-b:generateContent', { contents: [{ parts: [{ text: 'x' }] }] }],
      ['POST', '/gateway/gemini/v1beta/models/chat-b%3AgenerateContent', { contents: [{ parts: [{ text: 'x' }] }] }],
      ['POST', '/gateway/gemini/v1beta/models/chat-a:x/../chat-b:generateContent', { contents: [{ parts: [{ text: 'x' }] }] }],
      ['GET', '/gateway/native/v1/models/chat-b/', undefined],
      ['GET', '/gateway/native/v1/models/ch%61t-b', undefined],
      ['GET', '/api/2.0/endpoints/chat-b', undefined],
    ];
    for (const [method, target, body] of attempts) {
      const response = await rawRequest(method, target, auth, body);
      // 403 when the name reached the scope check; a 404 only when no route takes the path at all (not "no such endpoint": that would mean the scope was passed).
      const text = JSON.stringify(response.body);
      const refused = response.status === 403 || (response.status === 404 && text.includes('No route for'));
      if (!refused) throw new Error(`${method} ${target} answered ${response.status}: ${text}`);
    }
    expect(upstreamCalls()).toBe(0);
    // The same key still reaches its own endpoint, spelt any way that names it.
    for (const target of ['/gateway/chat-a/native/invocations', '/gateway/ch%61t-a/native/invocations', '/GATEWAY/chat-a/native/invocations/']) {
      expect((await rawRequest('POST', target, auth, native)).status).toBe(200);
    }
  });

  it('names the key on usage records, and /api/usage filters and groups by key', async () => {
    const one = await createKey({ name: 'usage one', endpoints: ['chat-a'] });
    const two = await createKey({ name: 'usage two', endpoints: ['chat-a'] });
    await avoidMinuteEdge();
    const first = await chat('chat-a', bearer(one.key));
    for (let i = 0; i < 2; i++) expect((await chat('chat-a', bearer(two.key))).status).toBe(200);
    const record = await eventually(() => {
      const line = gw.logs.map((l) => JSON.parse(l)).find((e) => e.msg === 'usage' && e.usage.requestId === first.headers.get('x-request-id'));
      expect(line).toBeDefined();
      return line.usage;
    });
    expect(record.principal).toBe(one.id);

    const usage = async (query: string) => (await fetch(`${gw.url}/api/usage?endpoint=chat-a&${query}`)).json() as Promise<any>;
    await eventually(async () => {
      const filtered = await usage(`key=${two.id}`);
      expect(filtered.data.map((row: any) => [row.key, row.requests])).toEqual([[two.id, 2]]);
      const grouped = await usage('group_by=key');
      const byKey = Object.fromEntries(grouped.data.map((row: any) => [row.key, row.requests]));
      expect(byKey[one.id]).toBe(1);
      expect(byKey[two.id]).toBe(2);
    });
    const both = await usage(`group_by=caller,key&key=${one.id}`);
    expect(both.data.map((row: any) => [row.caller, row.key, row.requests])).toEqual([['app', one.id, 1]]);
    const bad = await fetch(`${gw.url}/api/usage?key=${encodeURIComponent('a b')}`);
    expect(bad.status).toBe(400);
  });

  it('records when a key was last used', async () => {
    const { id, key } = await createKey({ name: 'last used', endpoints: '*' });
    expect((await admin.get(`/api/keys/${id}`)).body.last_used_at).toBeNull();
    const before = Date.now();
    await chat('chat-a', bearer(key));
    await eventually(async () => {
      const usedAt = (await admin.get(`/api/keys/${id}`)).body.last_used_at;
      expect(Date.parse(usedAt)).toBeGreaterThanOrEqual(before - 1000);
    });
  });
});

/** Counters are per minute: a test that reads them back keeps clear of a minute's edge. */
async function avoidMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 52_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 50));
}
