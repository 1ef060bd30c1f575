import { TOKENS } from '@model-gateway/core';
import { startGateway, type TestGateway } from '../support/start-gateway';

const LISTED = 'https://app.example.com';

/**
 * Every route group declares its plane, and the origin rule follows the declaration: on a
 * gateway with every built-in plugin, each operator route answers only the gateway's own
 * origin, the data plane answers a listed one, and the paths that had a rule of their own
 * before planes existed (the UI, MLflow's /api/2.0 listings, unknown /api paths) keep it.
 */
describe('route planes over HTTP', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway(`server: { cors: { allowed_origins: ["${LISTED}"] } }\nendpoints: [{ name: demo, kind: chat, provider: mock, model: echo }]\n`);
  });
  afterAll(() => gw.close());

  const get = (path: string) => fetch(`${gw.url}${path}`, { headers: { origin: LISTED }, redirect: 'manual' });

  it('mounts every operator-plane route (those of admin-api, api-catalog, gateway-keys, usage-accounting, web-ui) with its plane', () => {
    const routes = gw.gateway.container.resolve(TOKENS.Routes);
    const operator = routes.filter((route) => route.plane === 'operator').map((route) => route.path);
    expect(operator).toEqual(expect.arrayContaining(['/api/connections', '/api/providers', '/api/keys', '/api/usage', '/ui{/*path}']));
    const data = routes.filter((route) => route.plane === 'data').map((route) => route.path);
    expect(data).toEqual(expect.arrayContaining(['/gateway/:endpoint/native/invocations', '/api/2.0/endpoints']));
    expect(data.some((path) => path.startsWith('/ui'))).toBe(false);
  });

  it.each(['/api/connections', '/api/providers', '/api/keys', '/api/usage', '/api/2.0/endpoints', '/api/not-a-route'])('refuses a listed origin on %s, with no CORS headers', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('origin_not_allowed');
  });

  it('serves a listed origin on the data plane and on the UI pages, with CORS headers', async () => {
    for (const path of ['/gateway/native/v1/models', '/ui/', '/']) {
      const answer = await get(path);
      expect(answer.status).not.toBe(403); // the UI answers 503 where its bundle is not built: the CORS headers are what counts
      expect(answer.headers.get('access-control-allow-origin')).toBe(LISTED);
    }
  });
});
