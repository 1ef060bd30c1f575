import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { GatewayError, type RouteDefinition } from '@model-gateway/core';
import { pickEncoding } from './accept-encoding';
import { renderIndex } from './index-page';
import { SECURITY_HEADERS } from './security-headers';
import type { UiAsset, UiBundle } from './ui-assets';

/** Where the UI is served; `/` sends a browser there. */
export const UI_PATH = '/ui/';

export interface UiRouteSources {
  /** The Vite build, or undefined when it is missing. */
  bundle: UiBundle | undefined;
  /** `server.public_url` as currently configured (a reload may change it). */
  publicUrl(): string | undefined;
}

/**
 * GET / and /ui (redirects) and /ui/{path}: a built file by its name, and index.html for every
 * other path under /ui/ (the UI's own routes, such as /ui/endpoints/demo), so a
 * bookmarked page loads. A missing file under assets/ or with an extension is a 404.
 */
export function uiRoutes(sources: UiRouteSources): RouteDefinition[] {
  // Operator-plane, yet static files with no data: origins in server.cors.allowed_origins got them (with CORS headers) before routes declared planes, and still do.
  return [
    { method: 'get', path: '/', crossOrigin: 'allowed', handle: (_req, res) => redirect(res, 302, UI_PATH) },
    { method: 'get', path: '/ui{/*path}', crossOrigin: 'allowed', handle: (req, res) => serve(sources, req, res) },
  ];
}

function serve(sources: UiRouteSources, req: Request, res: Response): void {
  // Express matches /ui and /ui/ alike; relative asset URLs need the slash.
  if (!/^\/ui\//.test(req.originalUrl)) return redirect(res, 301, UI_PATH);
  const { bundle } = sources;
  if (!bundle) {
    const text = 'The web UI has not been built: run `npm run build` (npm start and npm test run it first).\n';
    return send(res, 503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }, Buffer.from(text));
  }
  const segments = req.params.path as unknown as string[] | undefined;
  const name = (segments ?? []).join('/');
  const file = bundle.files.get(name);
  if (file) return sendAsset(req, res, file);
  if (name.startsWith('assets/') || /\.[a-z0-9]+$/i.test(name)) {
    throw new GatewayError('route_not_found', `No UI file ${UI_PATH}${name}.`);
  }
  const { html, etag } = renderIndex(bundle.indexHtml, sources.publicUrl());
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', etag };
  if (req.headers['if-none-match'] === etag) return send(res, 304, headers);
  send(res, 200, headers, Buffer.from(html));
}

function sendAsset(req: IncomingMessage, res: ServerResponse, file: UiAsset): void {
  const headers: Record<string, string> = {
    'content-type': file.contentType,
    // Hashed files never change under their name; anything else is checked on each use.
    'cache-control': file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    etag: file.etag,
  };
  if (file.gzip) headers.vary = 'accept-encoding';
  if (req.headers['if-none-match'] === file.etag) return send(res, 304, headers);
  const encoding = pickEncoding(req.headers['accept-encoding'], file);
  if (encoding) headers['content-encoding'] = encoding;
  send(res, 200, headers, encoding ? file[encoding] : file.body);
}

function redirect(res: ServerResponse, status: number, location: string): void {
  send(res, status, { location, 'cache-control': 'no-cache' });
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: Buffer): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-length': String(body?.length ?? 0) });
  res.end(body);
}
