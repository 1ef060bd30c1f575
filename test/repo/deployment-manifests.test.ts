import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { container } from 'tsyringe';
import YAML from 'yaml';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';
import { checkConfigFile } from '../../core/src/cli/check-config';
import { ConfigError } from '../../core/src/config/config-error';
import type { GatewayConfig } from '../../core/src/config/gateway-config';
import { loadConfigText } from '../../core/src/config/load-config';
import { readiness } from '../../core/src/http/readiness';
import { PluginRegistry } from '../../core/src/plugins/plugin-registry';
import { parseDockerIgnore } from '../support/dockerignore';
import { execForm, lastOf, parseDockerfile, readAssignments, readCopy, splitFlags, type Stage } from '../support/dockerfile';

/**
 * The Dockerfile and the Kubernetes manifests (deploy/kubernetes) cannot be run here (no Docker
 * engine, no cluster), so they are checked statically against what they stand on: the files of the
 * repository, the gateway's defaults read from its real config schema, the routes it serves, and
 * each other. The ConfigMap's config is loaded through the gateway's own loader and check-config.
 */
const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
/** Where tsc writes each package's output (named once: this test reads no build, it only names the folder). */
const OUT_DIR = 'dist';

const load = (text: string, env: NodeJS.ProcessEnv = {}): GatewayConfig =>
  loadConfigText(text, { builtinPlugins: BUILTIN_PLUGINS, registry: new PluginRegistry(container.createChildContainer()), env });
const DEFAULTS = load('{}').server;

const dockerfile = parseDockerfile(read('Dockerfile'));
const runtime = dockerfile.stages.at(-1) as Stage;
const runtimeEnv = new Map(runtime.instructions.filter((i) => i.keyword === 'ENV').flatMap((i) => [...readAssignments(i.text)]));
const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.text);

/** `npm start`'s command: `exec node <flags> <script> serve`. */
const startWords = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start.split(/\s+/).filter((word) => word !== 'exec');

// ---- Kubernetes: every document of every manifest, by kind.
const MANIFEST_DIR = 'deploy/kubernetes';
const manifestFiles = readdirSync(join(root, MANIFEST_DIR)).filter((file) => file.endsWith('.yaml')).sort();
type Doc = { kind: string; metadata: { name: string; labels?: Record<string, string> }; [key: string]: unknown };
const manifests: Array<{ file: string; doc: Doc }> = manifestFiles.flatMap((file) =>
  YAML.parseAllDocuments(read(`${MANIFEST_DIR}/${file}`)).map((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0].message}`);
    return { file, doc: document.toJS() as Doc };
  }),
);
const only = (kind: string): any => {
  const found = manifests.filter((m) => m.doc.kind === kind);
  if (found.length !== 1) throw new Error(`expected one ${kind} in ${MANIFEST_DIR}, found ${found.length}`);
  return found[0].doc;
};
const deployment = only('Deployment');
const service = only('Service');
const configMap = only('ConfigMap');
const secret = only('Secret');
const pod = deployment.spec.template.spec;
const gateway = pod.containers[0];
const env = new Map<string, any>(gateway.env.map((e: any) => [e.name, e]));
const configText: string = Object.values(configMap.data as Record<string, string>)[0];

/** A probe's or a Service's port, named or numbered, as the container's port number. */
function containerPort(port: number | string): number {
  if (typeof port === 'number') return port;
  const named = gateway.ports.find((p: any) => p.name === port);
  if (!named) throw new Error(`no container port named ${port}`);
  return named.containerPort;
}

/** The example Secret's value of each key, to fill `${VAR}` as the pod's environment would. */
function podEnvironment(): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [name, entry] of env) out[name] = entry.value ?? secret.stringData[entry.valueFrom.secretKeyRef.key];
  return out;
}

describe('the readers this test stands on', () => {
  it('read a Dockerfile as Docker does: continuations joined, comment lines inside them skipped, stages named', () => {
    const parsed = parseDockerfile('ARG BASE=node:22\nFROM ${BASE} AS one\nRUN a \\\n  # a comment\n  b\nFROM one\nCOPY --from=one --chown=1:1 ["x y", "/z"]\nCOPY a b /c/\n');
    expect([...parsed.globalArgs]).toEqual([['BASE', 'node:22']]);
    expect(parsed.stages.map((stage) => [stage.name, stage.base])).toEqual([['one', '${BASE}'], ['1', 'one']]);
    expect(parsed.stages[0].instructions).toEqual([{ keyword: 'RUN', text: 'a b', line: 3 }]);
    expect(parsed.stages[1].instructions.map(readCopy)).toEqual([
      { from: 'one', sources: ['x y'], destination: '/z', line: 7 },
      { from: undefined, sources: ['a', 'b'], destination: '/c/', line: 8 },
    ]);
  });

  it('read .dockerignore as Docker does: the last matching pattern decides, a matched folder covers its contents', () => {
    const ignore = parseDockerIgnore('# allow-list\n*\n!core/\n!*.json\n**/dist\ncore/secret?.txt\n');
    const kept = ['core/src/a.ts', 'package.json', 'core/secret10.txt'];
    const dropped = ['README.md', 'test/x.ts', `core/${OUT_DIR}/a.js`, `core/lib/${OUT_DIR}/a.js`, 'core/secret1.txt', 'sub/package.json'];
    expect(kept.filter((path) => !ignore.keeps(path))).toEqual([]);
    expect(dropped.filter((path) => ignore.keeps(path))).toEqual([]);
  });
});

describe('Dockerfile', () => {
  it('builds in one stage and runs from another that installs only the production dependencies from the lockfile', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    const build = dockerfile.stages.find((stage) => runs(stage).some((run) => /\bnpm ci\b(?!.*--omit=dev)/.test(run)) && runs(stage).some((run) => run.includes('npm run build')));
    expect(build).toBeDefined();
    const production = dockerfile.stages.filter((stage) => runs(stage).some((run) => /\bnpm ci\b.*--omit=dev/.test(run)));
    expect(production).toHaveLength(1);
    // The runtime image's files come from the production install (which holds the build's output), never from the full install.
    const copies = runtime.instructions.filter((i) => i.keyword === 'COPY').map(readCopy);
    expect(copies.map((c) => c.from)).toContain(production[0].name);
    expect(runs(runtime).join('\n')).not.toMatch(/\bnpm (ci|install)\b/);
    expect(runtimeEnv.get('NODE_ENV')).toBe('production');
  });

  it('copies only paths that exist in the repository and that .dockerignore keeps in the build context', () => {
    const ignore = parseDockerIgnore(read('.dockerignore'));
    const stageNames = new Set<string>();
    const contextSources: string[] = [];
    for (const stage of dockerfile.stages) {
      for (const copy of stage.instructions.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD').map(readCopy)) {
        if (copy.from !== undefined) expect({ line: copy.line, from: copy.from, known: stageNames.has(copy.from) }).toEqual({ line: copy.line, from: copy.from, known: true });
        else contextSources.push(...copy.sources);
      }
      stageNames.add(stage.name);
    }
    expect(contextSources.length).toBeGreaterThan(0);
    for (const source of contextSources) expect({ source, exists: existsSync(join(root, source)) }).toEqual({ source, exists: true });
    // What the build reads: the root manifests and tsconfigs, and every workspace package's files but tests and outputs.
    const needed = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'gateway.config.yaml', 'plugins/builtin-plugins.json'];
    for (const dir of workspaceDirs()) needed.push(...sourceFiles(dir));
    expect(needed.filter((path) => !ignore.keeps(path))).toEqual([]);
    const leaks = ['.git/HEAD', 'node_modules/yaml/package.json', `core/${OUT_DIR}/index.js`, 'core/tsconfig.tsbuildinfo', '.venv/bin/python', '.gateway-data/secrets.key', 'test/repo/lockfile.test.ts', 'core/src/gateway.test.ts', '.env'];
    expect(leaks.filter((path) => ignore.keeps(path))).toEqual([]);
  });

  it("packs every built-in plugin: each is a workspace package the runtime stage's dist copy reaches", () => {
    const names = new Map(workspaceDirs().map((dir) => [(JSON.parse(read(`${dir}/package.json`)) as { name: string }).name, dir]));
    expect(BUILTIN_PLUGINS.filter((name) => !/^(core|plugins\/[^/]+)$/.test(names.get(name) ?? ''))).toEqual([]);
    const packing = runs(dockerfile.stages.find((stage) => runs(stage).some((run) => run.includes('npm run build'))) as Stage).join('\n');
    expect(packing).toMatch(/for dir in core plugins\/\*\/;/);
    expect(packing).toContain('cp plugins/builtin-plugins.json');
  });

  it("runs node itself (not npm) with npm start's flags and script, exec form, on a script the build emits", () => {
    const entrypoint = execForm(lastOf(runtime, 'ENTRYPOINT')?.text ?? '');
    const cmd = execForm(lastOf(runtime, 'CMD')?.text ?? '');
    expect(entrypoint).toBeDefined();
    expect(cmd).toBeDefined();
    const words = [...(entrypoint as string[]), ...(cmd as string[])];
    expect(words[0]).toBe('node');
    // npm start's words, in order: node, its flags, the script and the serve command.
    expect(words.slice(0, startWords.length)).toEqual(startWords);
    // Inside a container the listener must take connections from outside it.
    expect(words.slice(startWords.length)).toEqual(['--host', '0.0.0.0']);
    const script = startWords.find((word) => word.endsWith('.js')) as string;
    expect(existsSync(join(root, compiledFrom(script)))).toBe(true);
    const distribution = JSON.parse(read('plugins/distribution/package.json')) as { bin: Record<string, string> };
    expect(Object.values(distribution.bin).map((bin) => join('plugins/distribution', bin))).toContain(script);
  });

  it('exposes the default port, health-checks /ready on it with node, and runs as a non-root user', () => {
    expect(lastOf(runtime, 'EXPOSE')?.text.split(/\s+/)).toEqual([String(DEFAULTS.port)]);
    const healthcheck = lastOf(runtime, 'HEALTHCHECK') as { text: string };
    const { flags, rest } = splitFlags(healthcheck.text);
    const words = execForm(rest.replace(/^CMD\s+/, '')) as string[];
    expect(words.slice(0, 2)).toEqual(['node', '-e']);
    expect(words[2]).toMatch(/host:'127\.0\.0\.1'/);
    expect(words[2]).toContain(`port:process.env.PORT||${DEFAULTS.port},`);
    expect(words[2]).toContain("path:'/ready'");
    expect(words[2]).toContain('r.statusCode===200?0:1');
    // The check waits longer than /ready's own bound on the store's ping.
    expect(seconds(flags.get('timeout') as string) * 1000).toBeGreaterThan(readinessPingMs());
    const user = lastOf(runtime, 'USER')?.text as string;
    expect(user).toMatch(/^\d+(:\d+)?$/);
    expect(Number(user.split(':')[0])).not.toBe(0);
    expect(Number(user.split(':')[0])).toBe(pod.securityContext.runAsUser);
    // The data directory is the one path the gateway writes to: it exists in the image and is that user's.
    const dataDir = runtimeEnv.get('GATEWAY_DATA_DIR') as string;
    expect(runs(runtime).join('\n')).toContain(`mkdir -p ${dataDir} && chown ${user} ${dataDir}`);
  });
});

describe('Kubernetes manifests', () => {
  it('are complete: a Deployment of 2+ replicas, its Service, a ConfigMap and an example Secret of placeholders, all in kustomization.yaml but the Secret', () => {
    expect(deployment.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(deployment.spec.selector.matchLabels).toEqual(service.spec.selector);
    for (const [label, value] of Object.entries(service.spec.selector as Record<string, string>)) expect(deployment.spec.template.metadata.labels[label]).toBe(value);
    expect(Object.values(secret.stringData as Record<string, string>).every((value) => value.includes('CHANGE-ME'))).toBe(true);
    const kustomization = only('Kustomization');
    const secretFile = manifests.find((m) => m.doc.kind === 'Secret')?.file;
    expect([...kustomization.resources].sort()).toEqual(manifestFiles.filter((file) => file !== 'kustomization.yaml' && file !== secretFile));
  });

  it("agree on the gateway's default port: containerPort, Service targetPort and every probe", () => {
    expect(gateway.ports.map((p: any) => p.containerPort)).toEqual([DEFAULTS.port]);
    expect(containerPort(service.spec.ports[0].targetPort)).toBe(DEFAULTS.port);
    for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) expect({ probe, port: containerPort(gateway[probe].httpGet.port) }).toEqual({ probe, port: DEFAULTS.port });
    expect(load(configText, podEnvironment()).server.port).toBe(DEFAULTS.port);
  });

  it('probe the routes the gateway serves: /ready (503 once draining, 200 while Redis is away) and /health', async () => {
    expect(gateway.readinessProbe.httpGet.path).toBe('/ready');
    expect(gateway.livenessProbe.httpGet.path).toBe('/health');
    const app = read('core/src/http/create-app.ts');
    for (const path of ['/ready', '/health']) expect(app).toContain(`app.get('${path}'`);
    expect((await readiness({ kind: 'redis', ping: async () => undefined }, true)).status).toBe(503);
    const away = await readiness({ kind: 'redis', ping: () => Promise.reject(new Error('ECONNREFUSED')) }, false, 50);
    expect([away.status, away.body.status]).toEqual([200, 'degraded']);
    expect(gateway.readinessProbe.timeoutSeconds * 1000).toBeGreaterThan(readinessPingMs());
  });

  it('give the pod longer than the preStop pause, the shutdown delay and the drain grace together', () => {
    const config = load(configText, podEnvironment()).server;
    expect(config.shutdownDelayMs).toBeGreaterThan(0);
    expect(config.shutdownGraceMs).toBeGreaterThanOrEqual(DEFAULTS.shutdownGraceMs);
    const preStop = gateway.lifecycle.preStop;
    const pauseMs = 1000 * (preStop.sleep ? preStop.sleep.seconds : Number(preStop.exec.command[0] === 'sleep' ? preStop.exec.command[1] : NaN));
    expect(pauseMs).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(pauseMs + config.shutdownDelayMs + config.shutdownGraceMs);
    // The readiness probe notices the drain within the delay: the pod stops receiving before its listener closes.
    expect(gateway.readinessProbe.periodSeconds * gateway.readinessProbe.failureThreshold * 1000).toBeLessThan(config.shutdownDelayMs);
  });

  it("run read-only and non-root: the only writable path is GATEWAY_DATA_DIR, the config is the ConfigMap's", () => {
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(gateway.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
    const mounts = new Map<string, any>(gateway.volumeMounts.map((m: any) => [m.mountPath, m]));
    const volumes = new Map<string, any>(pod.volumes.map((v: any) => [v.name, v]));
    const dataDir = env.get('GATEWAY_DATA_DIR')?.value ?? runtimeEnv.get('GATEWAY_DATA_DIR');
    expect(mounts.get(dataDir)?.readOnly).not.toBe(true);
    expect(volumes.get(mounts.get(dataDir).name).emptyDir).toBeDefined();
    const configFile = env.get('GATEWAY_CONFIG')?.value ?? runtimeEnv.get('GATEWAY_CONFIG');
    const configMount = mounts.get(dirname(configFile));
    expect(configMount.readOnly).toBe(true);
    expect(volumes.get(configMount.name).configMap.name).toBe(configMap.metadata.name);
    expect(Object.keys(configMap.data)).toEqual([basename(configFile)]);
  });

  it('size the container: memory and CPU requested, memory limited above the request', () => {
    const { requests, limits } = gateway.resources;
    expect(requests.cpu).toBeDefined();
    expect(mebibytes(limits.memory)).toBeGreaterThan(mebibytes(requests.memory));
  });

  it("are what docs/deployment.md says: resources, grace period, preStop pause, the ConfigMap's delay and grace", () => {
    const docs = read('docs/deployment.md');
    const server = load(configText, podEnvironment()).server;
    const { requests, limits } = gateway.resources;
    const stated = [
      `requests \`cpu: ${requests.cpu}\`, \`memory: ${requests.memory}\`; limit \`memory: ${limits.memory}\``,
      `\`terminationGracePeriodSeconds: ${pod.terminationGracePeriodSeconds}\``,
      `(\`sleep ${gateway.lifecycle.preStop.exec.command[1]}\``,
      `${server.shutdownDelayMs / 1000} s \`shutdown_delay_ms\``,
      `its ${server.shutdownGraceMs / 1000} s grace`,
      `${deployment.spec.replicas}, rolling updates`,
    ];
    expect(stated.filter((text) => !docs.includes(text))).toEqual([]);
  });

  it("docs/deployment.md's config examples load through the gateway's loader", () => {
    const blocks = [...read('docs/deployment.md').matchAll(/```yaml\n([\s\S]*?)```/g)].map((match) => match[1]);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const environment = { REDIS_URL: 'redis://:secret@redis.example.internal:6379/0', REDIS_PASSWORD: 'secret', SENTINEL_PASSWORD: 'secret' };
    const refused = blocks.flatMap((block) => {
      try {
        load(block, environment);
        return [];
      } catch (error) {
        return [`${block.split('\n')[0]}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  });

  it("fill every ${VAR} of the ConfigMap's config from the container's environment, Redis' URL from the Secret", () => {
    const variables = [...configText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:-[^}]*)?\}/g)].filter((m) => m[2] === undefined).map((m) => m[1]);
    expect(variables).toContain('REDIS_URL');
    for (const name of variables) expect({ name, set: env.has(name) }).toEqual({ name, set: true });
    for (const entry of env.values()) {
      const ref = entry.valueFrom?.secretKeyRef;
      if (ref) expect({ key: ref.key, inSecret: ref.name === secret.metadata.name && ref.key in secret.stringData }).toEqual({ key: ref.key, inSecret: true });
    }
    const environment = podEnvironment();
    expect(JSON.stringify(load(configText, environment).state)).toContain(JSON.stringify(environment.REDIS_URL));
  });

  it("hold a ConfigMap config that passes check-config, whose loader refuses an unknown key", () => {
    const dir = mkdtempSync(join(tmpdir(), 'deployment-config-'));
    const saved = { ...process.env };
    try {
      // check-config reads the process's environment, as the gateway in the pod does.
      Object.assign(process.env, podEnvironment());
      const file = join(dir, 'gateway.config.yaml');
      writeFileSync(file, configText);
      const scope = container.createChildContainer();
      const config = checkConfigFile(file, new PluginRegistry(scope), scope, BUILTIN_PLUGINS);
      expect(config.warnings).toEqual([]);
      // The same load fails on a key the schema does not know: the checks above would catch a misspelt setting.
      expect(() => load(configText.replace('shutdown_delay_ms:', 'shutdown_delay:'), podEnvironment())).toThrow(ConfigError);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The workspace packages of package.json (`core`, `plugins/*`). */
function workspaceDirs(): string[] {
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`).filter((dir) => existsSync(join(root, dir, 'package.json')))
      : [pattern],
  );
}

/** A package's files as a build reads them: not its installs, outputs or tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (['node_modules', OUT_DIR].includes(name) || name.endsWith('.tsbuildinfo') || name.endsWith('.test.ts')) return [];
    return statSync(join(root, path)).isDirectory() ? sourceFiles(path) : [path];
  });
}

/** `<package>/<outDir>/x.js` is compiled from `<package>/src/x.ts` (every package's tsconfig: rootDir src, outDir OUT_DIR). */
function compiledFrom(script: string): string {
  const [pkg, file] = script.split(`/${OUT_DIR}/`);
  const tsconfig = JSON.parse(read(`${pkg}/tsconfig.json`)) as { compilerOptions: { rootDir: string; outDir: string } };
  expect(tsconfig.compilerOptions).toMatchObject({ rootDir: 'src', outDir: OUT_DIR });
  return relative(root, join(root, pkg, 'src', file.replace(/\.js$/, '.ts')));
}

/** /ready's bound on the shared store's ping (core/src/http/readiness.ts). */
function readinessPingMs(): number {
  const match = /const PING_WITHIN_MS = ([\d_]+);/.exec(read('core/src/http/readiness.ts'));
  if (!match) throw new Error('PING_WITHIN_MS not found in core/src/http/readiness.ts');
  return Number(match[1].replaceAll('_', ''));
}

function seconds(duration: string): number {
  const match = /^(\d+)(ms|s|m)$/.exec(duration);
  if (!match) throw new Error(`not a Docker duration: ${duration}`);
  return Number(match[1]) / (match[2] === 'ms' ? 1000 : match[2] === 'm' ? 1 / 60 : 1);
}

function mebibytes(quantity: string): number {
  const match = /^(\d+)(Mi|Gi)$/.exec(quantity);
  if (!match) throw new Error(`not a Mi/Gi quantity: ${quantity}`);
  return Number(match[1]) * (match[2] === 'Gi' ? 1024 : 1);
}
