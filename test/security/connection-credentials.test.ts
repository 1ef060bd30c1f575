import { OpenAiFake } from '../fakes/openai-fake';
import type { RecordedRequest } from '../fakes/fake-server';
import { adminClient, type AdminClient } from '../support/admin-client';
import { startGateway, type TestGateway } from '../support/start-gateway';

const KEY = 'sk-victim-stored-key-0123456789abcdef';
const HEADER_SECRET = 'hdr-victim-secret-9f8e7d6c5b4a3921';
const ATTACKER_KEY = 'sk-attacker-own-key-00000000000000';

/** Whether any request the fake got carried `secret`, in a header or the body. */
function sawSecret(requests: readonly RecordedRequest[], secret: string): boolean {
  return requests.some((r) => JSON.stringify(r.headers).includes(secret) || (r.rawBody ?? '').includes(secret));
}

/**
 * The attack: an admin API caller who may edit a connection but was never given its key
 * points the stored key somewhere else (PUT without the key), then makes the gateway use
 * it there (POST .../test). Every request the second host gets is searched for the key.
 */
describe('a stored credential is never sent to another destination', () => {
  let home: OpenAiFake;
  let attacker: OpenAiFake;
  let gw: TestGateway;
  let api: AdminClient;

  beforeAll(async () => {
    [home, attacker] = await Promise.all([OpenAiFake.start(), OpenAiFake.start()]);
    gw = await startGateway('admin: { allow_private_base_urls: true }\n');
    api = adminClient(gw.url);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([home.close(), attacker.close()]);
  });
  beforeEach(() => {
    home.reset();
    attacker.reset();
  });
  afterEach(() => {
    expect(sawSecret(attacker.requests, KEY)).toBe(false);
    expect(sawSecret(attacker.requests, HEADER_SECRET)).toBe(false);
  });

  const testCall = (name: string) => api.post(`/api/connections/${name}/test`, { model: 'gpt-4o-mini' });

  it('refuses a PUT that moves base_url without the key (left out or sent as its mask), and the key stays home', async () => {
    expect((await api.post('/api/connections', { name: 'victim', type: 'openai', base_url: home.baseUrl, api_key: KEY })).status).toBe(201);
    for (const body of [
      { type: 'openai', base_url: attacker.baseUrl },
      { type: 'openai', base_url: attacker.baseUrl, api_key: 'sk-...cdef' },
      { type: 'openai', base_url: `${attacker.baseUrl}/` },
    ]) {
      const moved = await api.put('/api/connections/victim', body);
      expect(moved.status).toBe(400);
      expect(moved.body.error).toMatchObject({ code: 'invalid_parameter', param: 'api_key' });
      expect(moved.body.error.message).toMatch(/^api_key: re-enter the key to change base_url/);
    }
    const checked = await testCall('victim');
    expect(checked.body).toMatchObject({ ok: true });
    expect(home.last.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(attacker.requests).toHaveLength(0);
  });

  it('keeps the key through edits that do not change where it goes', async () => {
    for (const body of [
      { type: 'openai', base_url: `${home.baseUrl}/`, organization: 'org-1' },
      { type: 'openai', base_url: home.baseUrl, api_key: 'sk-...cdef', project: 'proj-2' },
    ]) {
      const edited = await api.put('/api/connections/victim', body);
      expect(edited.status).toBe(200);
      expect(edited.body.api_key).toBe('sk-...cdef');
    }
    expect((await testCall('victim')).body).toMatchObject({ ok: true });
    expect(home.last.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(home.last.headers['openai-project']).toBe('proj-2');
  });

  it('refuses a type change that would keep the key, naming type', async () => {
    const retyped = await api.put('/api/connections/victim', { type: 'mistral', base_url: home.baseUrl });
    expect(retyped.status).toBe(400);
    expect(retyped.body.error).toMatchObject({ param: 'api_key', message: expect.stringMatching(/^api_key: re-enter the key to change type/) });
    expect((await api.get('/api/connections/victim')).body).toMatchObject({ type: 'openai', api_key: 'sk-...cdef' });
  });

  it('moves a connection when the key is entered again, and then only that key reaches the new host', async () => {
    const moved = await api.put('/api/connections/victim', { type: 'openai', base_url: attacker.baseUrl, api_key: ATTACKER_KEY });
    expect(moved.status).toBe(200);
    expect((await testCall('victim')).body).toMatchObject({ ok: true });
    expect(attacker.last.headers.authorization).toBe(`Bearer ${ATTACKER_KEY}`);
    expect(home.requests).toHaveLength(0);
  });

  it('treats a custom header as a credential: moving the connection needs it again, or null to drop it', async () => {
    const created = await api.post('/api/connections', { name: 'hdr', type: 'openai', base_url: home.baseUrl, headers: { 'x-custom-auth': HEADER_SECRET } });
    expect(created.status).toBe(201);
    expect(created.body.headers).toEqual({ 'x-custom-auth': 'hdr...3921' });
    for (const body of [
      { type: 'openai', base_url: attacker.baseUrl },
      { type: 'openai', base_url: attacker.baseUrl, headers: { 'x-custom-auth': 'hdr...3921' } },
    ]) {
      const moved = await api.put('/api/connections/hdr', body);
      expect(moved.status).toBe(400);
      expect(moved.body.error).toMatchObject({ param: 'headers.x-custom-auth', message: expect.stringMatching(/^headers\.x-custom-auth: re-enter it to change base_url/) });
    }
    expect((await testCall('hdr')).body).toMatchObject({ ok: true });
    expect(home.last.headers['x-custom-auth']).toBe(HEADER_SECRET);

    const both = await api.post('/api/connections', { name: 'both', type: 'openai', base_url: home.baseUrl, api_key: KEY, headers: { 'x-custom-auth': HEADER_SECRET } });
    expect(both.status).toBe(201);
    const refused = await api.put('/api/connections/both', { type: 'openai', base_url: attacker.baseUrl, api_key: ATTACKER_KEY });
    expect(refused.body.error).toMatchObject({ param: 'headers.x-custom-auth', message: expect.stringMatching(/^headers\.x-custom-auth: re-enter it to change base_url/) });

    const dropped = await api.put('/api/connections/hdr', { type: 'openai', base_url: attacker.baseUrl, headers: null });
    expect(dropped.status).toBe(200);
    expect(dropped.body.headers).toBeUndefined();
    expect((await testCall('hdr')).body).toMatchObject({ ok: true });
    expect(attacker.last.headers['x-custom-auth']).toBeUndefined();
  });

  it('derives destinations from the provider: a region that picks the host needs the AWS credentials again, an api_version does not need the key', async () => {
    const bedrock = { name: 'aws', type: 'bedrock', region: 'us-east-1', access_key_id: 'AKIAVICTIMKEY0000001', secret_access_key: 'victim-secret-access-key-0000000000000000' };
    expect((await api.post('/api/connections', bedrock)).status).toBe(201);
    const moved = await api.put('/api/connections/aws', { type: 'bedrock', region: 'eu-west-3' });
    expect(moved.status).toBe(400);
    expect(moved.body.error).toMatchObject({ param: 'access_key_id', message: expect.stringMatching(/^access_key_id, secret_access_key: re-enter them to change region/) });

    const azure = { name: 'az', type: 'azure-openai', base_url: home.baseUrl, api_key: KEY };
    expect((await api.post('/api/connections', azure)).status).toBe(201);
    const newer = await api.put('/api/connections/az', { type: 'azure-openai', base_url: home.baseUrl, api_version: '2025-04-01-preview' });
    expect(newer.status).toBe(200);
    expect(newer.body.api_key).toBe('sk-...cdef');
    const elsewhere = await api.put('/api/connections/az', { type: 'azure-openai', base_url: attacker.baseUrl, api_version: '2025-04-01-preview' });
    expect(elsewhere.body.error).toMatchObject({ param: 'api_key', message: expect.stringMatching(/^api_key: re-enter the key to change base_url/) });
  });
});
