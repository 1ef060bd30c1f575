import { adminClient } from '../support/admin-client';
import { startGateway, type TestGateway } from '../support/start-gateway';

const TOKEN = 'admin-token-for-tests-4d2c';
const CONNECTION = { name: 'm1', type: 'mock' };

/** Who may use the admin API, over real HTTP: the token, loopback-only without one, Origin, no CORS, audit lines. */
describe('admin API access', () => {
  describe('with an admin token', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startGateway(`admin: { token: "${TOKEN}" }\n`);
    });
    afterAll(() => gw.close());

    it('needs the bearer token for changes and configuration reads; the provider catalogue and the OpenAPI document stay open', async () => {
      const anonymous = adminClient(gw.url);
      for (const attempt of [anonymous.get('/api/connections'), anonymous.get('/api/endpoints'), anonymous.post('/api/connections', CONNECTION)]) {
        const refused = await attempt;
        expect(refused.status).toBe(401);
        expect(refused.body.error).toMatchObject({ code: 'authentication_required', type: 'authentication_error' });
      }
      expect((await adminClient(gw.url, `${TOKEN}x`).post('/api/connections', CONNECTION)).status).toBe(401);
      expect((await anonymous.get('/api/providers')).status).toBe(200);
      expect((await anonymous.get('/api/openapi.json')).status).toBe(200);

      const admin = adminClient(gw.url, TOKEN);
      expect((await admin.post('/api/connections', CONNECTION)).status).toBe(201);
      expect((await admin.get('/api/connections/m1')).status).toBe(200);
    });

    it('logs one audit line per change, naming the actor, never the token', () => {
      const audits = gw.logs.map((line) => JSON.parse(line)).filter((entry) => entry.audit).map((entry) => entry.audit);
      expect(audits).toEqual([
        expect.objectContaining({ actor: 'anonymous', action: 'create', resource: 'connection', status: 401, client: '127.0.0.1' }),
        expect.objectContaining({ actor: 'anonymous', action: 'create', resource: 'connection', status: 401 }),
        expect.objectContaining({ actor: 'token', action: 'create', resource: 'connection', name: 'm1', status: 201 }),
      ]);
      expect(gw.logs.join('\n')).not.toContain(TOKEN);
    });

    it('refuses a change from another origin, and sends no CORS headers', async () => {
      const admin = adminClient(gw.url, TOKEN);
      const crossSite = await admin.post('/api/connections', { ...CONNECTION, name: 'm2' }, { origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.error.message).toMatch(/only the gateway's own origin/);
      const sameSite = await admin.post('/api/connections', { ...CONNECTION, name: 'm2' }, { origin: gw.url });
      expect(sameSite.status).toBe(201);
      const preflight = await fetch(`${gw.url}/api/connections`, {
        method: 'OPTIONS',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      const read = await fetch(`${gw.url}/api/connections`, { headers: { origin: 'https://evil.example', authorization: `Bearer ${TOKEN}` } });
      for (const response of [preflight, read]) {
        expect([...response.headers.keys()].filter((h) => h.startsWith('access-control-'))).toEqual([]);
      }
    });
  });

  it('takes GATEWAY_ADMIN_TOKEN over admin.token', async () => {
    const gw = await startGateway('admin: { token: from-yaml-token }\n', { env: { ...process.env, GATEWAY_ADMIN_TOKEN: 'from-env-token' } });
    try {
      expect((await adminClient(gw.url, 'from-yaml-token').get('/api/connections')).status).toBe(401);
      expect((await adminClient(gw.url, 'from-env-token').get('/api/connections')).status).toBe(200);
    } finally {
      await gw.close();
    }
  });

  it('without a token, listening beyond loopback: refuses every change (403 saying why) and says so once at start', async () => {
    const gw = await startGateway('endpoints: []\n', { host: '0.0.0.0' });
    try {
      const url = gw.url.replace('0.0.0.0', '127.0.0.1');
      const api = adminClient(url);
      const refused = await api.post('/api/connections', CONNECTION);
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/listens on 0\.0\.0\.0 and has no admin token, so changes through \/api are refused: set GATEWAY_ADMIN_TOKEN/);
      expect((await api.delete('/api/endpoints/x')).status).toBe(403);
      expect((await api.get('/api/connections')).status).toBe(200);
      const warnings = gw.logs.filter((line) => line.includes('non-loopback address with no admin token'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0])).toMatchObject({ level: 40, host: '0.0.0.0' });
    } finally {
      await gw.close();
    }
  });

  it('without a token, on loopback: accepts changes from loopback clients', async () => {
    const gw = await startGateway('endpoints: []\n');
    try {
      expect((await adminClient(gw.url).post('/api/connections', CONNECTION)).status).toBe(201);
      expect(gw.logs.some((line) => line.includes('no admin token'))).toBe(false);
    } finally {
      await gw.close();
    }
  });
});
