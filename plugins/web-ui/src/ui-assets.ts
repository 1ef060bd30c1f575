import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { contentTypeOf } from './content-types';

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

/**
 * Reads the Vite build once at start, with the `.gz` and `.br` forms the build wrote
 * beside each text file (compressing at start would hold the event loop for seconds);
 * undefined when the UI was never built (tsc alone).
 */
export function loadUiBundle(root: string): UiBundle | undefined {
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) return undefined;
  const files = new Map<string, UiAsset>();
  for (const file of walk(root)) {
    const name = relative(root, file).split(sep).join('/');
    if (name === 'index.html' || name.startsWith('.') || /\.(gz|br)$/.test(name)) continue;
    const compressed = (extension: string) => (existsSync(`${file}.${extension}`) ? readFileSync(`${file}.${extension}`) : undefined);
    files.set(name, asset(name, readFileSync(file), compressed('gz'), compressed('br')));
  }
  return { files, indexHtml: readFileSync(indexFile, 'utf8') };
}

export function asset(name: string, body: Buffer, gzip?: Buffer, br?: Buffer): UiAsset {
  return {
    body,
    contentType: contentTypeOf(name),
    etag: etagOf(body),
    immutable: name.startsWith('assets/'),
    ...(gzip ? { gzip } : {}),
    ...(br ? { br } : {}),
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
