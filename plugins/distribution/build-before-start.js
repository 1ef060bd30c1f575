// `npm start`'s prestart: the same build as `npm run build` (tsc -b, then the web UI), saying
// what it does. A first build takes about a minute, which without a word looks like a hang;
// an up-to-date build (tsc -b is incremental, build-web.js skips an unchanged UI) prints nothing.
'use strict';
const { spawn } = require('node:child_process');
const { join, relative } = require('node:path');

const ROOT = join(__dirname, '..', '..');
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const PREFIX = 'model-gateway:';

/** Progress on one rewritten line on a terminal; in a log, only the lines that say something. */
const tty = Boolean(process.stdout.isTTY);
let pending = false;
function status(text, final = false) {
  if (tty) {
    process.stdout.write(`\r\x1b[2K${PREFIX} ${text}${final ? '\n' : ''}`);
    pending = !final;
  } else if (final) {
    process.stdout.write(`${PREFIX} ${text}\n`);
  }
}
function say(text) {
  if (pending) process.stdout.write('\n');
  pending = false;
  process.stdout.write(`${PREFIX} ${text}\n`);
}

/** `tsc -b --verbose`, read line by line: its "Building project" lines are the progress; every other line it prints that is not bookkeeping is passed on. */
function compile() {
  return new Promise((resolve, reject) => {
    const child = spawn(TSC, ['-b', '--verbose'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let projects = 0;
    let listing = false;
    let built = 0;
    let upToDate = 0;
    let neverBuilt = false;
    const started = Date.now();
    let rest = '';
    const diagnostics = [];
    const line = (text) => {
      const message = text.replace(/^\d\d?:\d\d:\d\d(?: [AP]M)? - /, '');
      if (message.startsWith('Projects in this build')) return void (listing = true);
      // The root tsconfig.json is a list of references with no sources of its own: not a package.
      if (listing && /^\s+\* /.test(message)) return void (message.trim() === '* tsconfig.json' ? undefined : projects++);
      listing = false;
      const building = /^Building project '(.+)'/.exec(message);
      if (building) {
        if (built === 0) say(neverBuilt ? 'building (the first run takes about a minute)…' : 'building what changed…');
        built++;
        const project = relative(ROOT, building[1].startsWith('/') ? building[1] : join(ROOT, building[1])).replace(/\/tsconfig\.json$/, '');
        status(`compiling TypeScript: ${built + upToDate}/${projects} packages (${project})`);
        return;
      }
      if (/^Project '.+' is up to date/.test(message)) return void upToDate++;
      // A package without its build info was never built: a fresh clone, the slow case.
      if (/^Project '.+' is out of date because output file '.+' does not exist/.test(message)) neverBuilt = true;
      if (/^Project '.+' (is out of date|can't be built|is being forcibly rebuilt|has changed)/.test(message) || /^Updating (unchanged )?output timestamps/.test(message) || !message.trim()) return;
      diagnostics.push(text);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      lines.forEach(line);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (rest) line(rest);
      if (built > 0) status(`compiled ${built} of ${projects} packages in ${Math.round((Date.now() - started) / 1000)} s`, true);
      if (diagnostics.length) {
        if (pending) process.stdout.write('\n');
        process.stdout.write(`${diagnostics.join('\n')}\n`);
      }
      resolve(signal ? 1 : code);
    });
  });
}

/** build-web.js says itself when it builds the UI, and nothing when the UI is unchanged. */
function buildWeb() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'plugins', 'web-ui', 'build-web.js')], { cwd: ROOT, stdio: 'inherit' });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(signal ? 1 : code));
  });
}

async function main() {
  const compiled = await compile();
  if (compiled !== 0) {
    say(`the TypeScript build failed (tsc -b exit code ${compiled}); see the errors above.`);
    return compiled;
  }
  return buildWeb();
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
