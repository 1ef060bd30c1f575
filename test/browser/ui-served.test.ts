import { readdirSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { startGateway, type TestGateway } from '../support/start-gateway';

/** How the gateway serves the built UI: addresses, types, caching, compression and the security headers. */

const REPO = resolve(__dirname, '..', '..');
const ASSETS = join(REPO, 'plugins', 'web-ui', 'dist', 'web', 'assets');
const entryScript = () => readdirSync(ASSETS).find((f) => /^index-.*\.js$/.test(f))!;

/** A raw GET (fetch would ask for gzip itself and decompress): status, headers and the bytes as sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: Buffer }> {
  return new Promise((resolvePromise, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const fields = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') fields.set(name, value);
          resolvePromise({ status: res.statusCode ?? 0, headers: fields, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

describe('the web UI as the gateway serves it', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway('server: { public_url: "https://llm.example.com/" }\nendpoints: [{ name: demo, kind: chat, provider: mock, model: echo }]');
  });
  afterAll(async () => {
    await gw.close();
  });

  it('sends a browser from / and /ui to /ui/', async () => {
    expect((await get(`${gw.url}/`)).headers.get('location')).toBe('/ui/');
    const bare = await get(`${gw.url}/ui`);
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/ui/');
  });

  it('answers index.html for the UI and its own routes, never cached without a check, with server.public_url for the examples', async () => {
    for (const path of ['/ui/', '/ui/endpoints/demo', '/ui/usage']) {
      const page = await get(`${gw.url}${path}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const html = page.body.toString();
      expect(html).toContain('<meta name="gateway-public-url" content="https://llm.example.com" />');
      expect(html).toMatch(/<script type="module" crossorigin src="\/ui\/assets\/index-[\w-]+\.js"><\/script>/);
      // No inline script or style anywhere: the policy would refuse them.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|style=/);
    }
  });

  it('answers a conditional request for an unchanged page with 304', async () => {
    const first = await get(`${gw.url}/ui/`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(`${gw.url}/ui/`, { 'if-none-match': etag })).status).toBe(304);
  });

  it('serves hashed assets as immutable with their content type, compressed as the client accepts', async () => {
    const url = `${gw.url}/ui/assets/${entryScript()}`;
    const plain = await get(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gzip = await get(url, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const css = readdirSync(ASSETS).find((f) => f.endsWith('.css'))!;
    expect((await get(`${gw.url}/ui/assets/${css}`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get(`${gw.url}/ui/favicon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
  });

  it('puts a strict Content-Security-Policy and the other security headers on every UI response', async () => {
    for (const path of ['/', '/ui/', `/ui/assets/${entryScript()}`]) {
      const { headers } = await get(`${gw.url}${path}`);
      const policy = headers.get('content-security-policy') ?? '';
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('unsafe');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('answers 404 for a file that does not exist, rather than the page', async () => {
    for (const path of ['/ui/assets/index-missing.js', '/ui/nothing.png']) {
      const missing = await get(`${gw.url}${path}`);
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body.toString()).error.code).toBe('route_not_found');
    }
  });
});

describe('npm start on the embedded default config', () => {
  let gw: GatewayProcess;

  beforeAll(async () => {
    gw = await startGatewayProcess(join(REPO, 'gateway.config.yaml'), { OPENAI_API_KEY: '', REDIS_URL: '' });
  });
  afterAll(async () => {
    await gw.stop();
  });

  it('serves the UI with no Redis and no keys', async () => {
    const page = await get(`${gw.url}/ui/`);
    expect(page.status).toBe(200);
    const script = /src="(\/ui\/assets\/index-[\w-]+\.js)"/.exec(page.body.toString())![1];
    const bundle = await get(`${gw.url}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.body.toString()).toContain('Create endpoint');
  });
});
