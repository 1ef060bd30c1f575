import { adminClient } from '../support/admin-client';
import { startGateway, type TestGateway } from '../support/start-gateway';

const TOKEN = 'admin-token-for-features-7e1a';

/** GET /api/features: the loaded plugins and the operator routes they serve, read by the web UI instead of probing for 404s. */
describe('features API', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway(`admin: { token: "${TOKEN}" }\n`);
  });
  afterAll(() => gw.close());

  it('is an operator route: the admin token is needed when one is set', async () => {
    const refused = await adminClient(gw.url).get('/api/features');
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ code: 'authentication_required' });
  });

  it('lists every loaded plugin in load order, and every operator-plane route mounted (no client route)', async () => {
    const answer = await adminClient(gw.url, TOKEN).get('/api/features');
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe('features');
    expect(answer.body.plugins).toEqual(gw.gateway.plugins.plugins.map(({ name, kind }) => ({ name, kind })));
    expect(answer.body.plugins).toEqual(expect.arrayContaining([{ name: 'admin-api', kind: 'operator' }, { name: 'web-ui', kind: 'operator' }]));
    const routes = (answer.body.routes as Array<{ method: string; path: string }>).map(({ method, path }) => `${method} ${path}`);
    expect(routes).toEqual(
      expect.arrayContaining(['get /api/endpoints', 'post /api/endpoints', 'get /api/connections', 'get /api/keys', 'get /api/usage', 'get /api/providers', 'get /api/features']),
    );
    // MLflow's listings live under /api/2.0 but serve clients: data plane, not listed.
    expect(routes.filter((route) => route.includes('/api/2.0/') || route.includes('/gateway/'))).toEqual([]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await adminClient(gw.url, TOKEN).get('/api/openapi.json')).body;
    expect(doc.paths['/api/features'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Features' });
    expect(Object.keys(doc.components.schemas.Features.properties)).toEqual(['object', 'plugins', 'routes']);
  });
});
