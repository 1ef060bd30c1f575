import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OpenAiFake } from '../fakes/openai-fake';
import type { VertexAiFake } from '../fakes/vertex-ai-fake';
import { profile, SERVICE_ACCOUNT, serviceAccountJson } from '../conformance/profiles/vertex-ai';
import { adminClient, type AdminClient } from '../support/admin-client';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A Vertex AI service account through the admin API: a key file path on the gateway's host
 * is refused without saying whether the file exists, and the signed assertion (accepted at
 * Google's token endpoint for an hour) goes only to the token endpoint it is addressed to.
 * The operator's YAML keeps both (a path, a token_url override).
 */
describe('Vertex AI service accounts through the admin API', () => {
  let vertex: VertexAiFake;
  let attacker: OpenAiFake;
  let gw: TestGateway;
  let api: AdminClient;
  let dir: string;
  let keyFile: string;

  beforeAll(async () => {
    vertex = (await profile.startFake()) as VertexAiFake;
    attacker = await OpenAiFake.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-sec-vertex-'));
    keyFile = path.join(dir, 'sa.json');
    fs.writeFileSync(keyFile, serviceAccountJson(vertex));
    gw = await startGateway('admin: { allow_private_base_urls: true }\n');
    api = adminClient(gw.url);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([vertex.close(), attacker.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    // Nothing, not a token request with an assertion signed by the operator's account, reached the other host.
    expect(attacker.requests).toHaveLength(0);
  });

  const connection = (extra: Record<string, unknown> = {}) => ({ type: 'vertex-ai', base_url: vertex.baseUrl, location: SERVICE_ACCOUNT.location, ...extra });

  it('refuses a key file path with one answer whether the file exists, is unreadable or is missing', async () => {
    const answers = [];
    for (const [i, value] of [keyFile, path.join(dir, 'missing.json'), '/etc/shadow', '/etc/hostname', 'sa.json'].entries()) {
      const refused = await api.post('/api/connections', { name: `path-${i}`, ...connection({ service_account_json: value }) });
      expect(refused.status).toBe(400);
      expect(refused.body.error.param).toBe('service_account_json');
      answers.push(refused.body.error.message);
    }
    expect(new Set(answers)).toEqual(new Set(["service_account_json: give the key file's JSON text; a path to a key file is accepted only in the config file"]));
    expect((await api.get('/api/connections')).body.data).toEqual([]);
  });

  it('refuses a token_url other than the key\'s token_uri, on create and on a replace that keeps the key', async () => {
    const created = await api.post('/api/connections', { name: 'vx-evil', ...connection({ service_account_json: serviceAccountJson(vertex), token_url: `${attacker.baseUrl}/token` }) });
    expect(created.status).toBe(400);
    expect(created.body.error).toMatchObject({ param: 'token_url', message: expect.stringContaining(`must be the key's token_uri (${vertex.tokenEndpoint.url})`) });

    expect((await api.post('/api/connections', { name: 'vx', ...connection({ service_account_json: serviceAccountJson(vertex) }) })).status).toBe(201);
    const redirected = await api.put('/api/connections/vx', connection({ token_url: `${attacker.baseUrl}/token` }));
    expect(redirected.status).toBe(400);
    expect(redirected.body.error.param).toBe('token_url');
    // token_url is a destination, so even its one allowed value is set with the key entered again.
    const sameAudience = await api.put('/api/connections/vx', connection({ token_url: vertex.tokenEndpoint.url, service_account_json: serviceAccountJson(vertex) }));
    expect(sameAudience.status).toBe(200);
    expect(sameAudience.text).not.toContain('PRIVATE KEY');

    const checked = await api.post('/api/connections/vx/test', { model: 'gemini-2.5-flash' });
    expect(checked.body).toMatchObject({ ok: true });
    expect(vertex.tokenEndpoint.grants.at(-1)).toEqual({ ok: true });
  });

  it('a location change (it picks the host) needs the key again', async () => {
    const moved = await api.put('/api/connections/vx', connection({ location: 'us-east5', token_url: vertex.tokenEndpoint.url }));
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ param: 'service_account_json', message: expect.stringMatching(/^service_account_json: re-enter it to change location/) });
  });

  it('the operator\'s YAML may still give a key file path and another token endpoint', async () => {
    const yaml = await startGateway(
      JSON.stringify({
        providers: { vx: { type: 'vertex-ai', base_url: vertex.baseUrl, location: SERVICE_ACCOUNT.location, service_account_json: keyFile, token_url: vertex.tokenEndpoint.url } },
        endpoints: [{ name: 'gem', kind: 'chat', provider: 'vx', model: 'gemini-2.5-flash' }],
      }),
    );
    try {
      const answer = await postJson(`${yaml.url}/gateway/native/v1/chat/completions`, { model: 'gem', messages: [{ role: 'user', content: 'scenario:chat' }] });
      expect(answer.status).toBe(200);
    } finally {
      await yaml.close();
    }
  });
});
