import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { contentTypeOf, isCompressible } from './content-types';

/** One built file, held in memory with its compressed forms (the whole UI is a few hundred KB). */
export interface UiAsset {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  contentType: string;
  etag: string;
  /** Vite puts only content-hashed files under assets/: they never change under their name. */
  immutable: boolean;
}

export interface UiBundle {
  /** By path relative to the UI's root, e.g. `assets/index-3f2a1b.js`. */
  files: ReadonlyMap<string, UiAsset>;
  /** index.html as built, with the public-URL placeholder still in it. */
  indexHtml: string;
}

/** Below this, compressing costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;

/** Reads the Vite build once at start; undefined when it was never built (tsc alone). */
export function loadUiBundle(root: string): UiBundle | undefined {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const files = new Map<string, UiAsset>();
  for (const file of walk(root)) {
    const name = relative(root, file).split(sep).join('/');
    if (name === 'index.html' || name.startsWith('.')) continue;
    files.set(name, asset(name, readFileSync(file)));
  }
  return { files, indexHtml: readFileSync(indexFile, 'utf8') };
}

export function asset(name: string, body: Buffer): UiAsset {
  const contentType = contentTypeOf(name);
  const compress = isCompressible(contentType) && body.length >= MIN_COMPRESS_BYTES;
  return {
    body,
    contentType,
    etag: etagOf(body),
    immutable: name.startsWith('assets/'),
    ...(compress
      ? {
          gzip: gzipSync(body, { level: 9 }),
          br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        }
      : {}),
  };
}

export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}
