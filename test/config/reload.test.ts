import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type Endpoint } from '@model-gateway/core';
import { singleTargetRouting } from '@model-gateway/core/testing';
import { createLogger, Gateway } from '@model-gateway/core/internal';
import { OpenAiFake } from '../fakes/openai-fake';
import { postJson } from '../support/start-gateway';
import { eventually } from '../support/eventually';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/**
 * Hot reload of a watched YAML file: edits take effect without a restart, a
 * bad edit keeps the old config serving, and run-time endpoints survive reloads.
 */

interface WatchedGateway {
  gateway: Gateway;
  file: string;
  logs: string[];
  /** Replaces the file the way editors save: write a temp file, rename it over the original. */
  saveAtomically(text: string): void;
  /** Overwrites the file in place (truncate + write), as `echo > file` or some editors do. */
  saveInPlace(text: string): void;
}

const running: Array<{ gateway: Gateway; dir: string }> = [];

async function startWatched(yaml: string): Promise<WatchedGateway> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-reload-'));
  const file = path.join(dir, 'gateway.config.yaml');
  fs.writeFileSync(file, yaml);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const gateway = await Gateway.start({ configFile: file, builtinPlugins: BUILTIN_PLUGINS, port: 0, host: '127.0.0.1', env: {}, logger: createLogger('debug', sink) });
  running.push({ gateway, dir });
  let saves = 0;
  return {
    gateway,
    file,
    logs,
    saveAtomically(text) {
      const temp = path.join(dir, `.gateway.config.yaml.${++saves}.tmp`);
      fs.writeFileSync(temp, text);
      fs.renameSync(temp, file);
    },
    saveInPlace(text) {
      fs.writeFileSync(file, text);
    },
  };
}

afterEach(async () => {
  for (const { gateway, dir } of running.splice(0)) {
    await gateway.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const chatBody = { messages: [{ role: 'user', content: 'hi' }] };
const invoke = (gateway: Gateway, endpoint: string) => postJson(`${gateway.url}/gateway/${endpoint}/native/invocations`, chatBody);

async function modelIds(gateway: Gateway): Promise<string[]> {
  const response = await fetch(`${gateway.url}/gateway/native/v1/models`);
  const body = (await response.json()) as { data: Array<{ id: string }> };
  return body.data.map((m) => m.id).sort();
}

const logEntries = (logs: string[]) => logs.map((line) => JSON.parse(line) as Record<string, any>);

const ONE_ENDPOINT = `
endpoints:
  - { name: demo, kind: chat, provider: mock, model: echo }
`;

const TWO_ENDPOINTS = `
endpoints:
  - { name: demo, kind: chat, provider: mock, model: echo }
  - { name: added, kind: chat, provider: mock, model: echo }
`;

describe('config file hot reload', () => {
  it('picks up an endpoint added by an atomic save (temp file renamed over the config)', async () => {
    const gw = await startWatched(ONE_ENDPOINT);
    expect((await invoke(gw.gateway, 'added')).status).toBe(404);

    gw.saveAtomically(TWO_ENDPOINTS);
    await eventually(async () => expect((await invoke(gw.gateway, 'added')).status).toBe(200));
    expect(await modelIds(gw.gateway)).toEqual(['added', 'demo']);
    expect(logEntries(gw.logs).some((e) => e.msg === 'config reloaded' && e.endpoints === 2)).toBe(true);
  });

  it('picks up an endpoint added by an in-place write', async () => {
    const gw = await startWatched(ONE_ENDPOINT);
    gw.saveInPlace(TWO_ENDPOINTS);
    await eventually(async () => expect(await modelIds(gw.gateway)).toEqual(['added', 'demo']));
    expect((await invoke(gw.gateway, 'added')).status).toBe(200);
  });

  it('sends the new model after an endpoint is changed', async () => {
    const upstream = await OpenAiFake.start();
    try {
      const config = (model: string) => `
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-test }
endpoints:
  - { name: chat, kind: chat, provider: up, model: ${model} }
`;
      const gw = await startWatched(config('model-before'));
      expect((await invoke(gw.gateway, 'chat')).status).toBe(200);
      expect(upstream.last.body.model).toBe('model-before');

      gw.saveAtomically(config('model-after'));
      await eventually(async () => {
        expect((await invoke(gw.gateway, 'chat')).status).toBe(200);
        expect(upstream.last.body.model).toBe('model-after');
      });
    } finally {
      await upstream.close();
    }
  });

  it('answers 404 for an endpoint removed from the file, and keeps serving the rest', async () => {
    const gw = await startWatched(TWO_ENDPOINTS);
    expect((await invoke(gw.gateway, 'added')).status).toBe(200);

    gw.saveAtomically(ONE_ENDPOINT);
    await eventually(async () => expect((await invoke(gw.gateway, 'added')).status).toBe(404));
    expect(await modelIds(gw.gateway)).toEqual(['demo']);
    expect((await invoke(gw.gateway, 'demo')).status).toBe(200);
  });

  it('keeps the old config serving after a bad edit and logs a line naming the problem', async () => {
    const gw = await startWatched(TWO_ENDPOINTS);
    gw.saveAtomically(`
endpoints:
  - { name: demo, kind: chatt, provider: mock, model: echo }
`);
    const rejected = await eventually(() => {
      const entry = logEntries(gw.logs).find((e) => e.msg?.includes('config reload rejected'));
      if (!entry) throw new Error('no rejection logged yet');
      return entry;
    });
    expect(rejected.level).toBeGreaterThanOrEqual(50);
    expect(rejected.problems).toEqual([expect.stringMatching(/^endpoints\[0\]\.kind: expected "chat" \| "embeddings"/)]);

    // Nothing of the bad file was applied: both old endpoints still answer.
    expect(await modelIds(gw.gateway)).toEqual(['added', 'demo']);
    expect((await invoke(gw.gateway, 'added')).status).toBe(200);

    // And a later good edit is still picked up: the watcher survived the bad one.
    gw.saveAtomically(ONE_ENDPOINT);
    await eventually(async () => expect(await modelIds(gw.gateway)).toEqual(['demo']));
  });

  it('keeps serving after a YAML syntax error in the file, logging its line', async () => {
    const gw = await startWatched(ONE_ENDPOINT);
    gw.saveInPlace('endpoints: [\n  { name: demo, kind: chat\n');
    const rejected = await eventually(() => {
      const entry = logEntries(gw.logs).find((e) => e.msg?.includes('config reload rejected'));
      if (!entry) throw new Error('no rejection logged yet');
      return entry;
    });
    expect(rejected.problems[0]).toMatch(/^line \d+, column \d+: /);
    expect((await invoke(gw.gateway, 'demo')).status).toBe(200);
  });
});

describe('run-time endpoints', () => {
  const runtimeEndpoint = (name: string, overrides: Partial<Endpoint> = {}): Endpoint => ({
    name,
    kind: 'chat',
    provider: 'mock',
    model: 'echo',
    ...singleTargetRouting(overrides.provider ?? 'mock', overrides.model ?? 'echo'),
    timeouts: { connectMs: 10_000, firstByteMs: 300_000, idleMs: 120_000, totalMs: 600_000 },
    source: 'api',
    ...overrides,
  });

  it('serves an endpoint upserted at run time, and keeps it across a later file reload', async () => {
    const upstream = await OpenAiFake.start();
    try {
      const gw = await startWatched(ONE_ENDPOINT);
      gw.gateway.endpoints.upsert(runtimeEndpoint('from-api'));
      expect((await invoke(gw.gateway, 'from-api')).status).toBe(200);
      expect(await modelIds(gw.gateway)).toEqual(['demo', 'from-api']);

      // The edit drops the file's only mock endpoint: the run-time one uses the same
      // implicit `mock` connection and must keep working all the same.
      gw.saveAtomically(`
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-test }
endpoints:
  - { name: other, kind: chat, provider: up, model: gpt-4o-mini }
`);
      await eventually(async () => expect(await modelIds(gw.gateway)).toEqual(['from-api', 'other']));
      const res = await invoke(gw.gateway, 'from-api');
      expect(res.status).toBe(200);
      expect(res.body.choices[0].message.content).toBe('hi');
      expect(gw.gateway.endpoints.get('from-api')?.source).toBe('api');
    } finally {
      await upstream.close();
    }
  });

  it('keeps a run-time endpoint over a file endpoint of the same name on reload', async () => {
    const gw = await startWatched(ONE_ENDPOINT);
    gw.gateway.endpoints.upsert(runtimeEndpoint('demo', { model: 'set-by-api' }));
    gw.saveAtomically(TWO_ENDPOINTS);
    await eventually(async () => expect(await modelIds(gw.gateway)).toEqual(['added', 'demo']));
    expect(gw.gateway.endpoints.get('demo')).toMatchObject({ model: 'set-by-api', source: 'api' });
  });

  it('removes an endpoint at run time: 404 at once and gone from the model list', async () => {
    const gw = await startWatched(ONE_ENDPOINT);
    gw.gateway.endpoints.upsert(runtimeEndpoint('temp'));
    expect((await invoke(gw.gateway, 'temp')).status).toBe(200);

    expect(gw.gateway.endpoints.remove('temp')).toBe(true);
    const res = await invoke(gw.gateway, 'temp');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('endpoint_not_found');
    expect(await modelIds(gw.gateway)).toEqual(['demo']);
  });
});
