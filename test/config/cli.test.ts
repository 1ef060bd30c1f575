import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { GATEWAY_PROCESS_START_MS } from '../support/gateway-process';

/**
 * The built CLI as an operator runs it: exit codes, one line per config
 * problem and no stack traces, flag and environment precedence, serving and
 * shutting down on SIGTERM.
 */

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'plugins/distribution/dist/main.js');
const STACK_LINE = /^\s+at /m;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment the CLI would see on a clean machine: none of the developer's overrides leak in. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of ['PORT', 'GATEWAY_CONFIG', 'LOG_LEVEL', 'OPENAI_API_KEY', 'REDIS_URL']) delete env[name];
  return { ...env, ...extra };
}

function runCli(args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: options.cwd ?? tmp, env: cleanEnv(options.env), timeout: 15_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Served {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

const children = new Set<ChildProcess>();

/** Starts `serve` and resolves once it logged the URL it listens on (or rejects with its output if it exits first). */
function serve(args: string[], options: { env?: Record<string, string> } = {}): Promise<Served> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { cwd: tmp, env: cleanEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  const output = () => `stdout:\n${stdout}\nstderr:\n${stderr}`;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start within ${GATEWAY_PROCESS_START_MS / 1000} s\n${output()}`)), GATEWAY_PROCESS_START_MS);
    child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    child.stdout?.on('data', (chunk) => {
      stdout += String(chunk);
      for (const line of stdout.split('\n')) {
        if (!line.includes('"listening"')) continue;
        clearTimeout(timer);
        resolve({ child, url: JSON.parse(line).url, exited, output });
      }
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening\n${output()}`));
    });
  });
}

/** Runs `serve` expecting it to fail at start; resolves with what it printed. */
function serveFailing(args: string[], options: { env?: Record<string, string> } = {}): Promise<Run> {
  return runCli(['serve', ...args], options);
}

let tmp: string;
const write = (name: string, text: string) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
};

// Port 0 in the file: a test that finds the gateway on a specific port proves an override chose it.
const GOOD = `
server: { host: 127.0.0.1, port: 0 }
endpoints:
  - { name: demo, kind: chat, provider: mock, model: echo }
  - { name: demo-embed, kind: embeddings, provider: mock, model: hash-embedding }
`;

const BAD = `
providers:
  local: { type: openai, base_url: "http://127.0.0.1:1/v1", prot: 8000 }
endpoints:
  - { name: ok, kind: chat, provider: mock, model: echo }
  - { name: "bad name", kind: chat, provider: mock, model: echo }
  - { name: c, kind: chatt, provider: mock, model: echo }
`;

beforeAll(() => {
  if (!fs.existsSync(CLI)) {
    throw new Error(`${path.relative(ROOT, CLI)} is missing: run \`npm run build\` first (\`npm test\` builds before testing)`);
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-cli-'));
});

afterEach(async () => {
  // A failed assertion must not leave a gateway running.
  for (const child of children) {
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
});

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('check-config', () => {
  it('exits 0 with an ok line for a good file', async () => {
    const file = write('good.yaml', GOOD);
    const run = await runCli(['check-config', file]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain(`${file}: ok (2 endpoints, 1 provider connections)`);
  });

  it('exits 1 for a bad file with one line per problem, each naming its YAML path, and no stack trace', async () => {
    const file = write('bad.yaml', BAD);
    const run = await runCli(['check-config', file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).not.toMatch(STACK_LINE);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`error: ${file}: invalid configuration`);
    expect(lines.slice(1).map((l) => l.trim()).sort()).toEqual(
      [
        'providers.local: unknown key "prot"',
        'endpoints[1].name: must match [A-Za-z0-9._-]+, got "bad name"',
        'endpoints[2].kind: expected "chat" | "embeddings", got "chatt"',
      ].sort(),
    );
  });

  it('reports a YAML syntax error with line and column, without a stack trace', async () => {
    const file = write('syntax.yaml', 'endpoints:\n  - { name: a, kind: chat\n');
    const run = await runCli(['check-config', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^ {2}line \d+, column \d+: /m);
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it('exits 1 with a clear line for a missing file', async () => {
    const run = await runCli(['check-config', 'no-such-file.yaml']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('cannot read no-such-file.yaml: ENOENT');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it("accepts the repository's gateway.config.yaml (the default config must always be valid)", async () => {
    const run = await runCli(['check-config', 'gateway.config.yaml'], { cwd: ROOT });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/gateway\.config\.yaml: ok \(\d+ endpoints/);
  });

  it('reads GATEWAY_CONFIG when no file is given', async () => {
    const file = write('from-env.yaml', 'endpoints: [{ name: only, kind: chat, provider: mock, model: m }]');
    const run = await runCli(['check-config'], { env: { GATEWAY_CONFIG: file } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${file}: ok (1 endpoints`);
  });

  it('prints warnings (an unset key variable) but still exits 0', async () => {
    const file = write('warn.yaml', 'providers: { o: { type: openai, api_key: "${MG_TEST_UNSET_KEY}" } }\nendpoints: [{ name: e, kind: chat, provider: o, model: m }]');
    const run = await runCli(['check-config', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('warning: providers.o.api_key: environment variable MG_TEST_UNSET_KEY is not set');
  });

  it("refuses a plugin that reads a built-in's output before it is written, with the line serve gives", async () => {
    // usage-accounting writes the cost as an attempt ends; reading it as the call arrives is too early.
    fs.writeFileSync(
      path.join(tmp, 'early-reader.js'),
      `module.exports = { specVersion: 1, name: 'early-reader', kind: 'pipeline',
        dependencies: { reads: [{ plugin: 'usage-accounting', output: 'costUsd', writtenIn: 'onAttemptEnd', readIn: 'onRequest' }] },
        register(api) { api.registerPipeline({ name: 'early-reader', priority: 10, onRequest() {} }); } };\n`,
    );
    const file = write('early-read.yaml', `plugins: [./early-reader.js]\n${GOOD}`);
    const line = 'error: plugin "early-reader" reads costUsd in onRequest, which "usage-accounting" writes in onAttemptEnd: onAttemptEnd does not run before onRequest\n';
    expect(await runCli(['check-config', file])).toEqual({ code: 1, stdout: '', stderr: line });
    expect(await serveFailing(['--config', file])).toMatchObject({ code: 1, stderr: line });
  });
});

describe('command line', () => {
  it.each([[['frobnicate']], [['serve', '--frob']], [['check-config', 'a.yaml', '--port']], [['--port', 'http']]])('exits 2 with usage for %j', async (args) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error: /);
    expect(run.stderr).toContain('model-gateway check-config [FILE]');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it('prints usage and exits 0 for --help', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('model-gateway schema [--write | --check]');
  });

  it('schema --check exits 0: the committed config/gateway.schema.json and config/reference.md are current', async () => {
    const run = await runCli(['schema', '--check'], { cwd: ROOT });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it("runs a plugin's command, named in the config's plugins:, with its arguments and exit code", async () => {
    fs.writeFileSync(
      path.join(tmp, 'hello-plugin.js'),
      `module.exports = { specVersion: 1, name: 'hello', kind: 'pipeline', register(api) {
        api.registerCommand({ name: 'hello', summary: 'Says hello.', usage: 'model-gateway hello NAME...\\n',
          async run(argv, ctx) { if (argv.length === 0) { ctx.stderr.write('error: a name is needed\\n'); return 2; } ctx.stdout.write('hello ' + argv.join(' ') + '\\n'); return 0; } });
      } };\n`,
    );
    fs.writeFileSync(path.join(tmp, 'with-command.yaml'), 'plugins: [./hello-plugin.js]\n');
    const env = { GATEWAY_CONFIG: path.join(tmp, 'with-command.yaml') };
    expect(await runCli(['hello', 'a', 'b'], { env })).toMatchObject({ code: 0, stdout: 'hello a b\n' });
    expect(await runCli(['hello'], { env })).toMatchObject({ code: 2, stderr: 'error: a name is needed\n' });
    expect(await runCli(['hello', '--help'], { env })).toMatchObject({ code: 0, stdout: 'model-gateway hello NAME...\n' });
    expect((await runCli(['help'], { env })).stdout).toContain('model-gateway hello ...\n      Says hello.');
    // Without the config that loads it, the command does not exist.
    expect((await runCli(['hello', 'a'])).code).toBe(2);
  });

  it('schema prints the JSON Schema with the provider types', async () => {
    const run = await runCli(['schema']);
    expect(run.code).toBe(0);
    const schema = JSON.parse(run.stdout);
    expect(JSON.stringify(schema.properties.providers)).toContain('"openai"');
    expect(JSON.stringify(schema.properties.providers)).toContain('"mock"');
  });
});

describe('serve', () => {
  it('serves health and a mock endpoint, then exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const gw = await serve(['--config', write('serve.yaml', GOOD), '--port', String(port)]);
    expect(gw.url).toBe(`http://127.0.0.1:${port}`);

    const health = await fetch(`${gw.url}/health`);
    expect(health.status).toBe(200);
    const chat = await fetch(`${gw.url}/gateway/demo/native/invocations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hello gateway' }] }),
    });
    expect(chat.status).toBe(200);
    const body = (await chat.json()) as any;
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0].message.content).toContain('hello gateway');

    gw.child.kill('SIGTERM');
    expect(await gw.exited).toEqual({ code: 0, signal: null });
  });

  it('listens on PORT when --port is absent (over server.port)', async () => {
    const port = await freePort();
    const gw = await serve(['--config', write('port-env.yaml', GOOD)], { env: { PORT: String(port) } });
    expect(gw.url).toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${gw.url}/health`)).status).toBe(200);
    gw.child.kill('SIGTERM');
    expect((await gw.exited).code).toBe(0);
  });

  it('lets --port win over PORT', async () => {
    const [flagPort, envPort] = [await freePort(), await freePort()];
    const gw = await serve(['--config', write('port-flag.yaml', GOOD), '--port', String(flagPort)], { env: { PORT: String(envPort) } });
    expect(gw.url).toBe(`http://127.0.0.1:${flagPort}`);
    gw.child.kill('SIGTERM');
    expect((await gw.exited).code).toBe(0);
  });

  it('serves the file GATEWAY_CONFIG names when --config is absent', async () => {
    const file = write('env-selected.yaml', 'server: { port: 0 }\nendpoints: [{ name: chosen-by-env, kind: chat, provider: mock, model: m }]');
    const gw = await serve([], { env: { GATEWAY_CONFIG: file } });
    const models = (await (await fetch(`${gw.url}/gateway/native/v1/models`)).json()) as any;
    expect(models.data.map((m: { id: string }) => m.id)).toEqual(['chosen-by-env']);
    gw.child.kill('SIGTERM');
    expect((await gw.exited).code).toBe(0);
  });

  it('exits 1 with the problems and no stack trace when the config is bad', async () => {
    const file = write('serve-bad.yaml', BAD);
    const run = await serveFailing(['--config', file, '--port', String(await freePort())]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`error: ${file}: invalid configuration`);
    expect(run.stderr).toContain('endpoints[2].kind: expected "chat" | "embeddings"');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });

  it('exits 1 with one clear line when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = blocker.address() as net.AddressInfo;
      const run = await serveFailing(['--config', write('taken.yaml', GOOD), '--port', String(port)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('error: the port is already in use\n');
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('exits 1 without a stack trace for a PORT that is not a port', async () => {
    const run = await serveFailing(['--config', write('bad-port.yaml', GOOD)], { env: { PORT: 'eighty' } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('port must be an integer from 0 to 65535, got "eighty"');
    expect(run.stderr).not.toMatch(STACK_LINE);
  });
});
