// Generates the UI's API types from the OpenAPI document (api-types.js), then builds the web UI (web/ -> dist/web) with Vite and precompresses it, unless the sources, the Vite config
// and the lockfile are exactly those of the last build: `npm start` and `npm test`
// run the build every time, and an unchanged UI then costs a hash, not a bundle.
'use strict';
const { createHash } = require('node:crypto');
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join, relative } = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');
const { buildApiTypes, GENERATED_FILE } = require('./api-types');

const HERE = __dirname;
const WEB = join(HERE, 'web');
const OUT = join(HERE, 'dist', 'web');
const STAMP = join(OUT, '.build-stamp');
const LOCKFILE = join(HERE, '..', '..', 'package-lock.json');

function files(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]))
    .filter((file) => !file.endsWith('.test.ts'))
    .sort();
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of [...files(WEB), LOCKFILE]) {
    hash.update(relative(HERE, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Text files the gateway sends compressed: their .gz and .br forms are made here, once, not at every start. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const MIN_COMPRESS_BYTES = 1024;

function precompress(dir) {
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('index.html')) continue;
    const body = readFileSync(file);
    if (body.length < MIN_COMPRESS_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  }
}

async function main() {
  // First: the generated API types are one of the web sources hashed below.
  if (await buildApiTypes()) console.log(`web-ui: regenerated ${relative(process.cwd(), GENERATED_FILE)} from the OpenAPI document`);
  const wanted = inputsHash();
  if (existsSync(join(OUT, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return;
  // Said before Vite starts: on a first `npm start` this step takes a while, and Vite's own lines come only at its end.
  console.log('web-ui: building the web UI (Vite)…');
  const started = Date.now();
  const { build } = await import('vite');
  await build({ configFile: join(WEB, 'vite.config.mts') });
  precompress(OUT);
  writeFileSync(STAMP, wanted);
  console.log(`web-ui: built ${relative(process.cwd(), OUT)} in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
