import type { ConnectionSettings, ProviderConnection, ProviderDefinition } from '../contracts/provider-definition';
import { Secret } from '../secrets/secret';
import { ConnectionRegistry } from './connection-registry';

/** Provider connections across config reloads: kept when unchanged, rebuilt when changed, closed when gone. */

class FakeConnection implements ProviderConnection {
  closed = 0;
  constructor(readonly settings: ConnectionSettings) {}
  async close(): Promise<void> {
    this.closed++;
  }
}

/** A provider type whose connections are recorded, so tests can see what was built and closed. */
function fakeDefinition(type: string, built: FakeConnection[]): ProviderDefinition {
  return {
    type,
    displayName: `fake ${type}`,
    defaultBaseUrl: `http://127.0.0.1:1/${type}`,
    requiresApiKey: false,
    auth: { kind: 'bearer' },
    capabilities: { chat: true, embeddings: true, streaming: true, tools: false, vision: false, jsonSchema: false, passthrough: [] },
    secretOptions: ['token'],
    createConnection: (settings) => {
      const connection = new FakeConnection(settings);
      built.push(connection);
      return connection;
    },
  };
}

const settings = (name: string, overrides: Partial<ConnectionSettings> = {}): ConnectionSettings => ({
  name,
  type: 'fake',
  baseUrl: 'http://127.0.0.1:1/v1',
  apiKey: new Secret('sk-one'),
  headers: {},
  options: {},
  ...overrides,
});

describe('ConnectionRegistry', () => {
  let built: FakeConnection[];
  let registry: ConnectionRegistry;

  beforeEach(() => {
    built = [];
    registry = new ConnectionRegistry(new Map([['fake', fakeDefinition('fake', built)], ['other', fakeDefinition('other', built)]]));
  });

  const live = (name: string) => registry.get(name)?.connection as FakeConnection | undefined;

  it('builds one connection per settings entry, with its definition', async () => {
    await registry.apply([settings('a'), settings('b', { type: 'other' })]);
    expect(registry.names().sort()).toEqual(['a', 'b']);
    expect(built).toHaveLength(2);
    expect(registry.get('b')?.definition.type).toBe('other');
    expect(live('a')?.settings.name).toBe('a');
  });

  it('keeps the same instance across an apply whose settings are equal but freshly built (as every reload makes them)', async () => {
    await registry.apply([settings('a', { headers: { 'x-org': '1' }, options: { token: new Secret('t'), n: 1 } })]);
    const before = live('a');
    // New objects, new Secret instances, same values: a reload of an unchanged file.
    await registry.apply([settings('a', { headers: { 'x-org': '1' }, options: { token: new Secret('t'), n: 1 } })]);
    expect(live('a')).toBe(before);
    expect(built).toHaveLength(1);
    expect(before?.closed).toBe(0);
  });

  it.each<[string, Partial<ConnectionSettings>]>([
    ['api key', { apiKey: new Secret('sk-two') }],
    ['api key removed', { apiKey: undefined }],
    ['base URL', { baseUrl: 'http://127.0.0.1:2/v1' }],
    ['headers', { headers: { 'x-org': '2' } }],
    ['a secret option', { options: { token: new Secret('other') } }],
    ['a plain option', { options: { n: 2 } }],
    ['type', { type: 'other' }],
  ])('replaces a connection whose %s changed and closes the old one', async (_what, change) => {
    await registry.apply([settings('a', { options: { token: new Secret('t'), n: 1 } })]);
    const before = live('a') as FakeConnection;
    await registry.apply([settings('a', { options: { token: new Secret('t'), n: 1 }, ...change })]);
    const after = live('a') as FakeConnection;
    expect(after).not.toBe(before);
    expect(after.settings).toMatchObject(change);
    expect(before.closed).toBe(1);
    expect(after.closed).toBe(0);
  });

  it('only rebuilds what changed: the other connections keep their instances', async () => {
    await registry.apply([settings('a'), settings('b')]);
    const [a, b] = [live('a'), live('b')];
    await registry.apply([settings('a'), settings('b', { apiKey: new Secret('rotated') })]);
    expect(live('a')).toBe(a);
    expect(live('b')).not.toBe(b);
    expect(live('b')?.settings.apiKey?.reveal()).toBe('rotated');
  });

  it('closes and forgets connections that are no longer configured', async () => {
    await registry.apply([settings('a'), settings('gone')]);
    const gone = live('gone') as FakeConnection;
    await registry.apply([settings('a')]);
    expect(registry.get('gone')).toBeUndefined();
    expect(registry.names()).toEqual(['a']);
    expect(gone.closed).toBe(1);
    expect(live('a')?.closed).toBe(0);
  });

  it('rejects settings of a type no plugin registered', async () => {
    await expect(registry.apply([settings('a', { type: 'nope' })])).rejects.toThrow('provider type "nope" is not registered');
  });

  it('builds a detached connection (a draft under test) without putting it in or touching a live one of that name', async () => {
    await registry.apply([settings('a')]);
    const kept = live('a');
    const draft = registry.detached(settings('a', { baseUrl: 'http://127.0.0.1:1/elsewhere' }));
    expect((draft.connection as FakeConnection).settings.baseUrl).toBe('http://127.0.0.1:1/elsewhere');
    expect(draft.definition.type).toBe('fake');
    expect(registry.names()).toEqual(['a']);
    expect(live('a')).toBe(kept);
    expect(registry.get('a')?.connection).not.toBe(draft.connection);
    expect(() => registry.detached(settings('x', { type: 'nope' }))).toThrow('provider type "nope" is not registered');
    await registry.closeAll();
    // Its caller closes it: closeAll knows nothing of it.
    expect((draft.connection as FakeConnection).closed).toBe(0);
  });

  it('closes every connection once on closeAll and is empty afterwards', async () => {
    await registry.apply([settings('a'), settings('b')]);
    await registry.closeAll();
    expect(built.map((c) => c.closed)).toEqual([1, 1]);
    expect(registry.names()).toEqual([]);
  });

  describe('API-owned connections', () => {
    it('upserts and removes single connections, and a config apply leaves them alone', async () => {
      await registry.apply([settings('a')]);
      await registry.upsert(settings('api-1'), 'api');
      expect(registry.sourceOf('api-1')).toBe('api');
      expect(registry.sourceOf('a')).toBe('config');
      await registry.apply([settings('a', { apiKey: new Secret('rotated') })]);
      expect(registry.names().sort()).toEqual(['a', 'api-1']);
      expect(await registry.remove('api-1')).toBe(true);
      expect(await registry.remove('api-1')).toBe(false);
      expect(registry.get('api-1')).toBeUndefined();
    });

    it('keeps an API connection over a config entry of the same name', async () => {
      await registry.upsert(settings('shared', { baseUrl: 'http://127.0.0.1:9/api' }), 'api');
      await registry.apply([settings('shared', { baseUrl: 'http://127.0.0.1:9/file' })]);
      expect(registry.get('shared')?.connection.settings.baseUrl).toBe('http://127.0.0.1:9/api');
      expect(registry.sourceOf('shared')).toBe('api');
    });

    it('an unchanged upsert keeps the live instance', async () => {
      const first = await registry.upsert(settings('x', { options: { token: new Secret('t') } }), 'api');
      const again = await registry.upsert(settings('x', { options: { token: new Secret('t') } }), 'api');
      expect(again.connection).toBe(first.connection);
      expect(built).toHaveLength(1);
    });
  });

  describe('run-time sources', () => {
    it('puts a stand-in as given, keeps it while it is the same object, and replaces it with real settings later', async () => {
      const standIn = new FakeConnection(settings('sealed'));
      await registry.putAll('api', [settings('sealed')], new Map([['sealed', standIn]]));
      expect(registry.get('sealed')?.connection).toBe(standIn);
      expect(built).toHaveLength(0);
      await registry.putAll('api', [settings('sealed')], new Map([['sealed', standIn]]));
      expect(standIn.closed).toBe(0);

      // Same settings as the stand-in's, but now usable: a real connection is built.
      await registry.putAll('api', [settings('sealed')]);
      expect(registry.get('sealed')?.connection).toBe(built[0]);
      expect(standIn.closed).toBe(1);
    });

    it('drops only the source\'s own connections that it no longer declares', async () => {
      await registry.apply([settings('file')]);
      await registry.putAll('api', [settings('a'), settings('b')]);
      await registry.dropOthers('api', new Set(['a']));
      expect(registry.names().sort()).toEqual(['a', 'file']);
      expect(live('a')?.closed).toBe(0);
      expect(built.find((c) => c.settings.name === 'b')?.closed).toBe(1);
    });
  });

  describe('with a retire grace', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('closes a replaced or removed connection only after the grace, so calls in flight finish on it', async () => {
      const graceful = new ConnectionRegistry(new Map([['fake', fakeDefinition('fake', built)]]), { retireGraceMs: 1000 });
      await graceful.upsert(settings('x'), 'api');
      const first = graceful.get('x')?.connection as FakeConnection;
      await graceful.upsert(settings('x', { apiKey: new Secret('sk-two') }), 'api');
      const second = graceful.get('x')?.connection as FakeConnection;
      expect(second).not.toBe(first);
      expect(first.closed).toBe(0);
      jest.advanceTimersByTime(999);
      expect(first.closed).toBe(0);
      jest.advanceTimersByTime(1);
      expect(first.closed).toBe(1);
      await graceful.remove('x');
      expect(second.closed).toBe(0);
      // Shutting down does not wait out the grace.
      await graceful.closeAll();
      expect(second.closed).toBe(1);
    });
  });
});
