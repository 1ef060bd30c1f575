import pino from 'pino';
import { z } from 'zod';
import type { ConfigSource, ConfigSourceHost, UnusableReason } from '../contracts/config-source';
import type { EndpointSettingsDefinition } from '../contracts/endpoint-settings';
import type { ConnectionSettings, ProviderConnection, ProviderDefinition } from '../contracts/provider-definition';
import { ConnectionRegistry } from '../registry/connection-registry';
import { EndpointRegistry } from '../registry/endpoint-registry';
import { Secret } from '../secrets/secret';
import { ConfigSources } from './config-sources';
import type { GatewayConfig } from './gateway-config';
import { resolveTimeouts } from './resolve-config';
import { singleTargetRouting } from './routing-config';

/** The file and a run-time source merged into the registries: who wins, what is refused, what a reload keeps. */

const chatOnly: ProviderDefinition = {
  type: 'fake',
  displayName: 'Fake',
  defaultBaseUrl: 'http://127.0.0.1:1/v1/',
  requiresApiKey: true,
  auth: { kind: 'bearer' },
  capabilities: { chat: true, embeddings: false, streaming: false, tools: false, vision: false, jsonSchema: false, passthrough: [] },
  optionsSchema: z.object({ region: z.string().optional().describe('A region.') }),
  checkApiEntry: (entry) => (entry.region === 'forbidden' ? { field: 'region', message: 'not from the API' } : undefined),
  createConnection: (settings) => ({ settings }) as ProviderConnection,
};

/** An endpoint section whose resolutions are counted, to see when a body is validated and resolved. */
let resolutions = 0;
const tagSettings: EndpointSettingsDefinition<{ tag: string }> = {
  field: 'tagged',
  schema: z.strictObject({ tag: z.string().describe('A tag.') }),
  resolve: (raw) => {
    resolutions++;
    return raw?.tag ?? 'none';
  },
};

/** A source that records its host and builds stand-ins that say why. */
class TestSource implements ConfigSource {
  readonly name = 'api';
  host!: ConfigSourceHost;
  readonly reasons: UnusableReason[] = [];
  attach(host: ConfigSourceHost): void {
    this.host = host;
  }
  standIn(settings: ConnectionSettings, reason: UnusableReason): ProviderConnection {
    this.reasons.push(reason);
    return { settings, standIn: true } as unknown as ProviderConnection;
  }
}

const fileEndpoint = (name: string, provider = 'fake', model = 'm') => ({
  name,
  kind: 'chat' as const,
  provider,
  model,
  ...singleTargetRouting(provider, model),
  timeouts: resolveTimeouts(undefined),
  settings: {},
  source: 'config',
});

const fileConfig = (connections: ConnectionSettings[], endpoints: ReturnType<typeof fileEndpoint>[]) => ({ connections, endpoints }) as unknown as GatewayConfig;
const fileConnection = (name: string, baseUrl = 'http://127.0.0.1:1/file'): ConnectionSettings => ({ name, type: 'fake', baseUrl, apiKey: new Secret('sk-file'), headers: {}, options: {} });

function setup() {
  const providers = new Map([['fake', chatOnly]]);
  const connections = new ConnectionRegistry(providers);
  const endpoints = new EndpointRegistry();
  const sources = new ConfigSources({ providers, endpointSettings: new Map([['tagged', tagSettings]]) }, connections, endpoints, pino({ level: 'silent' }));
  const source = new TestSource();
  sources.attach(source);
  return { connections, endpoints, sources, source };
}

beforeEach(() => {
  resolutions = 0;
});

describe('ConfigSources', () => {
  it('applies a run-time source over the file for a shared name, and leaves the rest of the file alone', async () => {
    const { connections, endpoints, sources, source } = setup();
    await sources.applyFile(fileConfig([fileConnection('shared'), fileConnection('file-only')], [fileEndpoint('demo', 'file-only')]));
    const outcome = await source.host.publish({
      connections: [{ name: 'shared', body: { type: 'fake', base_url: 'http://127.0.0.1:1/api', api_key: 'sk-api' }, allowPrivate: true }],
      endpoints: [{ name: 'demo', body: { name: 'demo', kind: 'chat', provider: 'shared', model: 'from-api' } }],
    });
    expect(outcome).toEqual({ connections: new Map(), endpoints: new Map() });
    expect(connections.sourceOf('shared')).toBe('api');
    expect(connections.get('shared')?.connection.settings).toMatchObject({ baseUrl: 'http://127.0.0.1:1/api', egress: { allowPrivate: true } });
    expect(endpoints.get('demo')).toMatchObject({ model: 'from-api', source: 'api' });

    // A file reload neither replaces nor removes what the source declared.
    await sources.applyFile(fileConfig([fileConnection('shared', 'http://127.0.0.1:1/edited')], [fileEndpoint('demo', 'shared', 'edited')]));
    expect(connections.get('shared')?.connection.settings.baseUrl).toBe('http://127.0.0.1:1/api');
    expect(endpoints.get('demo')).toMatchObject({ model: 'from-api', source: 'api' });
    expect(connections.names().sort()).toEqual(['shared']);

    // Publishing nothing removes only the source's own.
    await source.host.publish({ connections: [], endpoints: [] });
    expect(connections.names()).toEqual([]);
    expect(endpoints.list()).toEqual([]);
  });

  it('reports what it refused with the schema\'s message, and stands in for a connection that cannot be used', async () => {
    const { connections, endpoints, source } = setup();
    const outcome = await source.host.publish({
      connections: [
        { name: 'bad', body: { type: 'fake', region: 'forbidden' }, allowPrivate: false },
        { name: 'sealed', body: { type: 'fake', base_url: 'http://127.0.0.1:1/sealed/' }, allowPrivate: false, unavailable: 'no key to open it' },
        { name: 'unknown-type', body: { type: 'gone' }, allowPrivate: false },
      ],
      endpoints: [{ name: 'broken', body: { name: 'broken', kind: 'chat', provider: 'bad', model: 'm', retry: { attempts: 'many' } } }],
    });
    expect(outcome.connections).toEqual(new Map([['bad', 'region: not from the API'], ['unknown-type', 'provider type "gone" is not loaded']]));
    expect(outcome.endpoints.get('broken')).toMatch(/^retry\.attempts: /);
    expect(source.reasons).toEqual([{ kind: 'invalid', message: 'region: not from the API' }, { kind: 'declared', problem: 'no key to open it' }]);
    expect(connections.get('sealed')?.connection.settings).toMatchObject({ baseUrl: 'http://127.0.0.1:1/sealed', type: 'fake' });
    expect(connections.get('unknown-type')).toBeUndefined();
    expect(endpoints.get('broken')).toBeUndefined();
  });

  it('checks an entered endpoint against the live connections, and does not resolve it again when it is published', async () => {
    const { sources, source } = setup();
    await sources.applyFile(fileConfig([fileConnection('live')], []));
    expect(source.host.checkEndpoint({ name: 'e', kind: 'embeddings', provider: 'live', model: 'm' })).toEqual({
      ok: false,
      param: 'kind',
      message: 'kind: provider type "fake" does not serve embeddings',
    });
    expect(source.host.checkEndpoint({ name: 'e', kind: 'chat', provider: 'live', model: 'm', extra: 1 })).toEqual({ ok: false, param: undefined, message: '(root): unknown key "extra"' });

    const body = { name: 'e', kind: 'chat', provider: 'live', model: 'm', tagged: { tag: 't' } };
    const checked = source.host.checkEndpoint(body);
    expect(checked).toMatchObject({ ok: true, endpoint: { name: 'e', source: 'api', settings: { tagged: 't' } } });
    expect(resolutions).toBe(1);
    await source.host.publish({ connections: [], endpoints: [{ name: 'e', body: JSON.parse(JSON.stringify(body)) }] });
    expect(resolutions).toBe(1);
    // A body never checked here (another replica wrote it) is validated and resolved on publish.
    await source.host.publish({ connections: [], endpoints: [{ name: 'e', body: { ...body, tagged: { tag: 'other' } } }] });
    expect(resolutions).toBe(2);
  });

  it('keeps a file connection that a run-time endpoint uses when the file stops declaring it', async () => {
    const { connections, sources, source } = setup();
    await sources.applyFile(fileConfig([fileConnection('implicit'), fileConnection('unused')], [fileEndpoint('demo', 'implicit')]));
    await source.host.publish({ connections: [], endpoints: [{ name: 'mine', body: { name: 'mine', kind: 'chat', provider: 'implicit', model: 'm' } }] });
    const before = connections.get('implicit')?.connection;

    await sources.applyFile(fileConfig([], []));
    expect(connections.names()).toEqual(['implicit']);
    expect(connections.get('implicit')?.connection).toBe(before);
    expect(connections.sourceOf('implicit')).toBe('config');
  });

  it('refuses a second source of the same name, and the file\'s name', () => {
    const { sources } = setup();
    expect(() => sources.attach(new TestSource())).toThrow('config source "api" is already registered');
    expect(() => sources.attach(Object.assign(new TestSource(), { name: 'config' }))).toThrow('config source "config" is already registered');
  });
});
