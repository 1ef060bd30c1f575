import fs from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import type { AdminClient } from '../support/admin-client';
import { startAdminGateway, stopAdminGateway } from '../support/admin-gateway';
import type { TestGateway } from '../support/start-gateway';
import { waitFor } from '../support/eventually';

const KEY = 'sk-admin-created-0123456789abcdef';
const NEW_KEY = 'sk-admin-rotated-fedcba9876543210';
const CONFIG_KEY = 'sk-from-the-yaml-file-000111222';

/**
 * The admin API over real HTTP, embedded store: connections and endpoints created,
 * changed and deleted at run time and served at once; config objects read-only; the
 * official OpenAI SDK calling an endpoint created a moment earlier.
 */
describe('admin API', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let api: AdminClient;
  let dataDir: string;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    ({ gw, api, dataDir } = await startAdminGateway(
      'mg-admin-',
      `
providers:
  from-file: { type: openai, base_url: "${upstream.baseUrl}", api_key: "${CONFIG_KEY}" }
endpoints:
  - { name: file-chat, kind: chat, provider: from-file, model: gpt-4o-mini }
admin: { allow_private_base_urls: true }
`,
    ));
  });
  afterAll(async () => {
    await stopAdminGateway({ gw, dataDir });
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const sdk = () => new OpenAI({ baseURL: `${gw.url}/gateway/native/v1`, apiKey: 'placeholder', maxRetries: 0 });

  it('creates a connection and an endpoint that the official OpenAI SDK calls at once, with the stored key', async () => {
    const created = await api.post('/api/connections', { name: 'team-openai', type: 'openai', base_url: upstream.baseUrl, api_key: KEY });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'team-openai', type: 'openai', source: 'api', status: 'ok', api_key: 'sk-...cdef', base_url: upstream.baseUrl, used_by: [] });
    expect(created.text).not.toContain(KEY);

    const endpoint = await api.post('/api/endpoints', { name: 'team-chat', kind: 'chat', provider: 'team-openai', model: 'gpt-4o-mini' });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body).toMatchObject({ name: 'team-chat', source: 'api', status: 'ok', targets: [{ provider: 'team-openai', model: 'gpt-4o-mini', weight: 1 }] });

    const reply = await sdk().chat.completions.create({ model: 'team-chat', messages: [{ role: 'user', content: 'hello' }] });
    expect(reply.choices[0].message.content).toBe('reply to: hello');
    expect(upstream.last.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upstream.last.body.model).toBe('gpt-4o-mini');
    const models = await sdk().models.list();
    expect(models.data.map((m) => m.id)).toEqual(expect.arrayContaining(['file-chat', 'team-chat']));
    expect((await api.get('/api/connections/team-openai')).body.used_by).toEqual(['team-chat']);
  });

  it('lists both sources, and config objects are read-only here', async () => {
    const connections = await api.get('/api/connections');
    expect(connections.status).toBe(200);
    const byName = Object.fromEntries(connections.body.data.map((c: { name: string }) => [c.name, c]));
    expect(byName['from-file']).toMatchObject({ source: 'config', api_key: 'sk-...1222', used_by: ['file-chat'] });
    expect(connections.text).not.toContain(CONFIG_KEY);
    const endpoints = await api.get('/api/endpoints');
    expect(endpoints.body.data.map((e: { name: string; source: string }) => `${e.name}:${e.source}`)).toEqual(expect.arrayContaining(['file-chat:config', 'team-chat:api']));

    for (const attempt of [
      api.put('/api/connections/from-file', { type: 'openai', api_key: 'x-123456789012' }),
      api.delete('/api/connections/from-file'),
      api.put('/api/endpoints/file-chat', { kind: 'chat', provider: 'from-file', model: 'other' }),
      api.delete('/api/endpoints/file-chat'),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(409);
      expect(refused.body.error.message).toMatch(/defined in the config file .* edit gateway\.config\.yaml/);
    }
    const duplicate = await api.post('/api/endpoints', { name: 'file-chat', kind: 'chat', provider: 'team-openai', model: 'x' });
    expect(duplicate.status).toBe(409);
    expect((await api.post('/api/connections', { name: 'team-openai', type: 'openai', api_key: KEY })).status).toBe(409);
  });

  it('PUT keeps a credential the body leaves out (or sends back masked), and replaces one it sends', async () => {
    const kept = await api.put('/api/connections/team-openai', { type: 'openai', base_url: upstream.baseUrl, headers: { 'x-team': 'blue' } });
    expect(kept.status).toBe(200);
    // Header values can be tokens, so they are shown masked like keys (docs/admin-api.md).
    expect(kept.body).toMatchObject({ api_key: 'sk-...cdef', headers: { 'x-team': '***' } });
    await sdk().chat.completions.create({ model: 'team-chat', messages: [{ role: 'user', content: 'again' }] });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upstream.last.headers['x-team']).toBe('blue');

    expect((await api.put('/api/connections/team-openai', { type: 'openai', base_url: upstream.baseUrl, api_key: 'sk-...cdef' })).body.api_key).toBe('sk-...cdef');
    await sdk().chat.completions.create({ model: 'team-chat', messages: [{ role: 'user', content: 'masked' }] });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${KEY}`);

    const replaced = await api.put('/api/connections/team-openai', { type: 'openai', base_url: upstream.baseUrl, api_key: NEW_KEY });
    expect(replaced.body.api_key).toBe('sk-...3210');
    await sdk().chat.completions.create({ model: 'team-chat', messages: [{ role: 'user', content: 'new key' }] });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${NEW_KEY}`);
  });

  it('PUT on an endpoint changes new requests at once', async () => {
    const changed = await api.put('/api/endpoints/team-chat', { kind: 'chat', targets: [{ provider: 'team-openai', model: 'gpt-4.1-mini', weight: 2 }], retry: { attempts: 1 } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ model: 'gpt-4.1-mini', retry: { attempts: 1 }, targets: [{ weight: 2 }] });
    await sdk().chat.completions.create({ model: 'team-chat', messages: [{ role: 'user', content: 'x' }] });
    expect(upstream.last.body.model).toBe('gpt-4.1-mini');
  });

  it('a request in flight finishes on the connection and endpoint it started with, through a replace and a delete', async () => {
    expect((await api.post('/api/endpoints', { name: 'streaming', kind: 'chat', provider: 'team-openai', model: 'slow-model' })).status).toBe(201);
    upstream.enqueue(respondOpenAi.stream(['one ', 'two ', 'three ', 'four'], { intervalMs: 150 }));
    const stream = await sdk().chat.completions.create({ model: 'streaming', stream: true, messages: [{ role: 'user', content: 'long' }] });
    const reading = (async () => {
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      return text;
    })();
    // The change lands while the stream is in flight: once the upstream has the call (not after a fixed sleep).
    await waitFor(() => upstream.requests.some((r) => r.body?.model === 'slow-model'));
    expect((await api.put('/api/connections/team-openai', { type: 'openai', base_url: upstream.baseUrl, api_key: KEY })).status).toBe(200);
    expect((await api.delete('/api/endpoints/streaming')).status).toBe(204);
    expect(await reading).toBe('one two three four');
    expect(upstream.requests.find((r) => r.body?.model === 'slow-model')?.headers.authorization).toBe(`Bearer ${NEW_KEY}`);
    await sdk().chat.completions.create({ model: 'team-chat', messages: [{ role: 'user', content: 'after' }] });
    expect(upstream.last.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('tests a connection with one minimal real call, and scrubs the key from a provider error', async () => {
    const ok = await api.post('/api/connections/team-openai/test', {});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, kind: 'chat', model: 'gpt-4.1-mini', latency_ms: expect.any(Number) });
    expect(upstream.last.body).toMatchObject({ model: 'gpt-4.1-mini', max_tokens: 1 });

    upstream.enqueue((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${String(req.headers.authorization).slice(7)}.`, type: 'invalid_request_error', code: 'invalid_api_key' } }));
    });
    const failed = await api.post('/api/connections/team-openai/test', { model: 'gpt-4o' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ ok: false, model: 'gpt-4o', error: { code: 'provider_auth_error', status: 502 } });
    expect(failed.body.error.message).toContain('Incorrect API key provided: [redacted]');
    expect(failed.text).not.toContain(KEY);
    expect((await api.post('/api/connections/nope/test', {})).status).toBe(404);
  });

  it('chooses the minimal call per provider: a 1-token Messages call for Anthropic, one input to embed for an embeddings-only type', async () => {
    const anthropic = await AnthropicFake.start();
    try {
      expect((await api.post('/api/connections', { name: 'claude', type: 'anthropic', base_url: anthropic.baseUrl, api_key: KEY })).status).toBe(201);
      const claude = await api.post('/api/connections/claude/test', { model: 'claude-haiku-4-5' });
      expect(claude.body).toMatchObject({ ok: true, kind: 'chat', model: 'claude-haiku-4-5' });
      expect(anthropic.last.pathname).toBe('/v1/messages');
      expect(anthropic.last.body).toMatchObject({ model: 'claude-haiku-4-5', max_tokens: 1 });
      expect(anthropic.last.headers['x-api-key']).toBe(KEY);
    } finally {
      await anthropic.close();
    }
    expect((await api.post('/api/connections', { name: 'tei', type: 'text-embeddings-inference', base_url: upstream.baseUrl })).status).toBe(201);
    const tei = await api.post('/api/connections/tei/test', { model: 'bge-small' });
    expect(tei.body).toMatchObject({ ok: true, kind: 'embeddings', model: 'bge-small' });
    expect(upstream.last.pathname).toBe('/v1/embeddings');
    expect(upstream.last.body).toMatchObject({ model: 'bge-small', input: 'ping' });
    expect((await api.delete('/api/connections/claude')).status).toBe(204);
    expect((await api.delete('/api/connections/tei')).status).toBe(204);
  });

  it('refuses to delete a connection that endpoints use (409 naming them), then deletes in order', async () => {
    const refused = await api.delete('/api/connections/team-openai');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain('"team-chat"');

    expect((await api.delete('/api/endpoints/team-chat')).status).toBe(204);
    const gone = await sdk().chat.completions.create({ model: 'team-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: { status: number }) => e);
    expect((gone as { status: number }).status).toBe(404);
    expect((await api.get('/api/endpoints/team-chat')).status).toBe(404);

    expect((await api.delete('/api/connections/team-openai')).status).toBe(204);
    expect((await api.get('/api/connections/team-openai')).status).toBe(404);
    expect((await api.delete('/api/connections/team-openai')).status).toBe(404);
  });

  it('keeps the credential out of the store file and of every log line', async () => {
    await api.post('/api/connections', { name: 'audited', type: 'openai', base_url: upstream.baseUrl, api_key: KEY });
    const file = fs.readFileSync(path.join(dataDir, 'store.json'), 'utf8');
    expect(JSON.parse(file).connections.audited.secrets.api_key).toEqual({ kek: 1, key: expect.any(String), data: expect.any(String) });
    for (const secret of [KEY, NEW_KEY, CONFIG_KEY]) {
      expect(file).not.toContain(secret);
      expect(file).not.toContain(Buffer.from(secret).toString('base64'));
      expect(gw.logs.join('\n')).not.toContain(secret);
    }
    expect(fs.statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    const keyNotices = gw.logs.filter((line) => line.includes('generated a random secrets key'));
    expect(keyNotices).toHaveLength(1);
    expect(JSON.parse(keyNotices[0]).file).toBe(path.join(dataDir, 'secrets.key'));

    const audits = gw.logs.map((line) => JSON.parse(line)).filter((entry) => entry.audit);
    expect(audits).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ audit: expect.objectContaining({ actor: 'loopback', action: 'create', resource: 'connection', name: 'team-openai', status: 201 }) }),
        expect.objectContaining({ audit: expect.objectContaining({ actor: 'loopback', action: 'replace', resource: 'connection', name: 'team-openai', status: 200 }) }),
        expect.objectContaining({ audit: expect.objectContaining({ action: 'delete', resource: 'connection', name: 'team-openai', status: 409 }) }),
        expect.objectContaining({ audit: expect.objectContaining({ action: 'test', resource: 'connection', name: 'team-openai', status: 200 }) }),
        expect.objectContaining({ audit: expect.objectContaining({ action: 'delete', resource: 'endpoint', name: 'team-chat', status: 204 }) }),
      ]),
    );
  });
});
