import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { MountedRoute, RoutePlane } from '../contracts/route-definition';
import { originPolicy } from './origin-policy';
import { ownOriginCheck } from './own-origin-routes';

const LISTED = 'https://app.example.com';

function route(plane: RoutePlane, path: string, extra: Partial<MountedRoute> = {}): MountedRoute {
  return { method: 'get', path, plane, handle: (_req, res) => void res.json({ served: path }), ...extra };
}

/** The policy in front of routes that declare their plane; no path prefix is special. */
const ROUTES: MountedRoute[] = [
  route('data', '/gateway/:endpoint/chat'),
  route('operator', '/api/usage'),
  route('operator', '/metrics'),
  route('operator', '/ui{/*path}', { crossOrigin: 'allowed' }),
  route('data', '/deployments/:name', { crossOrigin: 'own' }),
];

describe('originPolicy over declared planes', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    const app = express();
    const prefixes = [{ prefix: '/api', plane: 'operator' as const }, { prefix: '/gateway', plane: 'data' as const }];
    app.use(originPolicy({ allowedOrigins: [LISTED], publicUrl: '', ownOriginOnly: ownOriginCheck(ROUTES, prefixes) }));
    for (const r of ROUTES) app.get(r.path, r.handle);
    app.use((_req, res) => void res.status(404).json({ served: null }));
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (path: string, origin: string) => fetch(`${base}${path}`, { headers: { origin } });
  const preflight = (path: string, origin: string) =>
    fetch(`${base}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });

  it('opens a data-plane route to a listed origin, with CORS headers', async () => {
    const answer = await get('/gateway/demo/chat', LISTED);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(LISTED);
  });

  it.each(['/api/usage', '/metrics', '/METRICS', '/api/usage/', '/Api/Usage', '/deployments/d1'])('keeps %s to the gateway\'s own origin, listed or not, whatever its path', async (path) => {
    const answer = await get(path, LISTED);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await answer.json()) as { error: { message: string } }).error.message).toContain("only the gateway's own origin");
  });

  it('refuses a listed origin\'s preflight to an operator route (OPTIONS, which no route has)', async () => {
    const answer = await preflight('/metrics', LISTED);
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const data = await preflight('/gateway/demo/chat', LISTED);
    expect(data.status).toBe(204);
    expect(data.headers.get('access-control-allow-origin')).toBe(LISTED);
  });

  it('lets a route override its plane: the UI pages stay open to a listed origin', async () => {
    const answer = await get('/ui/index.html', LISTED);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(LISTED);
  });

  it('serves the gateway\'s own origin everywhere, and tells an unlisted origin how to be listed off the operator routes', async () => {
    expect((await get('/metrics', base)).status).toBe(200);
    const unlisted = await get('/gateway/demo/chat', 'https://evil.example');
    expect(unlisted.status).toBe(403);
    expect(((await unlisted.json()) as { error: { message: string } }).error.message).toContain('server.cors.allowed_origins');
  });

  it('keeps paths no route serves under an operator group\'s prefix to the gateway\'s own origin, preflights included', async () => {
    for (const path of ['/api/nothing-here', '/api/keys/k1/x', '/API/x']) {
      const answer = await get(path, LISTED);
      expect(answer.status).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await preflight('/api/keys', LISTED)).status).toBe(403);
  });

  it('leaves other paths no route serves to the data-plane rule (a 404 with CORS headers for a listed origin)', async () => {
    for (const path of ['/gateway/nothing/here', '/elsewhere', '/apis/x']) {
      const answer = await get(path, LISTED);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('access-control-allow-origin')).toBe(LISTED);
    }
  });
});
