import type { Endpoint } from '../contracts/endpoint';
import { resolveTimeouts } from '../config/resolve-config';
import { singleTargetRouting } from '../config/routing-config';
import { EndpointRegistry, type EndpointChange } from './endpoint-registry';

/** The live endpoint set: config endpoints replaced on reload, run-time ones kept. */

const endpoint = (name: string, overrides: Partial<Endpoint> = {}): Endpoint => ({
  name,
  kind: 'chat',
  provider: 'mock',
  model: 'echo',
  ...singleTargetRouting('mock', 'echo'),
  timeouts: resolveTimeouts(undefined),
  source: 'config',
  ...overrides,
});

/** A registry with every change it emits recorded. */
function watched(): { registry: EndpointRegistry; changes: EndpointChange[] } {
  const registry = new EndpointRegistry();
  const changes: EndpointChange[] = [];
  registry.onChange((change) => changes.push(change));
  return { registry, changes };
}

const names = (registry: EndpointRegistry) => registry.list().map((e) => e.name).sort();

describe('EndpointRegistry', () => {
  it('gets, lists, upserts and removes single endpoints', () => {
    const registry = new EndpointRegistry();
    expect(registry.get('a')).toBeUndefined();
    registry.upsert(endpoint('a'));
    registry.upsert(endpoint('b', { kind: 'embeddings' }));
    expect(names(registry)).toEqual(['a', 'b']);
    expect(registry.get('b')?.kind).toBe('embeddings');

    registry.upsert(endpoint('a', { model: 'other' }));
    expect(registry.get('a')?.model).toBe('other');
    expect(registry.list()).toHaveLength(2);

    expect(registry.remove('a')).toBe(true);
    expect(registry.remove('a')).toBe(false);
    expect(names(registry)).toEqual(['b']);
  });

  it('emits an upsert event per upsert and a remove event only when something was removed', () => {
    const { registry, changes } = watched();
    const a = endpoint('a');
    registry.upsert(a);
    registry.remove('a');
    registry.remove('never-existed');
    expect(changes).toEqual([
      { type: 'upsert', endpoint: a },
      { type: 'remove', name: 'a' },
    ]);
  });

  it('stops notifying a listener after it unsubscribes', () => {
    const registry = new EndpointRegistry();
    const seen: string[] = [];
    const off = registry.onChange((change) => seen.push(change.type));
    registry.upsert(endpoint('a'));
    off();
    registry.upsert(endpoint('b'));
    expect(seen).toEqual(['upsert']);
  });

  describe('replaceFrom', () => {
    it('adds new config endpoints, replaces changed ones and removes the ones that went away', () => {
      const registry = new EndpointRegistry();
      registry.replaceFrom('config', [endpoint('keep'), endpoint('change'), endpoint('drop')]);
      registry.replaceFrom('config', [endpoint('keep'), endpoint('change', { model: 'model-2' }), endpoint('new')]);
      expect(names(registry)).toEqual(['change', 'keep', 'new']);
      expect(registry.get('change')?.model).toBe('model-2');
    });

    it('emits events only for what actually changed, so listeners are not flooded on every reload', () => {
      const { registry, changes } = watched();
      registry.replaceFrom('config', [endpoint('keep'), endpoint('change'), endpoint('drop')]);
      changes.length = 0;

      const changed = endpoint('change', { timeouts: { ...resolveTimeouts(undefined), idleMs: 5 } });
      registry.replaceFrom('config', [endpoint('keep'), changed, endpoint('new')]);
      expect(changes).toEqual(
        expect.arrayContaining([
          { type: 'remove', name: 'drop' },
          { type: 'upsert', endpoint: changed },
          { type: 'upsert', endpoint: endpoint('new') },
        ]),
      );
      expect(changes).toHaveLength(3);

      changes.length = 0;
      registry.replaceFrom('config', [endpoint('keep'), changed, endpoint('new')]);
      expect(changes).toEqual([]);
    });

    it('keeps run-time endpoints across a reload, even when the new config is empty', () => {
      const registry = new EndpointRegistry();
      registry.replaceFrom('config', [endpoint('from-file')]);
      registry.upsert(endpoint('from-api', { source: 'api' }));
      registry.replaceFrom('config', []);
      expect(names(registry)).toEqual(['from-api']);
    });

    it('lets a run-time endpoint win over a config endpoint of the same name', () => {
      const { registry, changes } = watched();
      registry.replaceFrom('config', [endpoint('shared', { model: 'from-file' })]);
      registry.upsert(endpoint('shared', { model: 'from-api', source: 'api' }));
      changes.length = 0;

      registry.replaceFrom('config', [endpoint('shared', { model: 'edited-in-file' })]);
      expect(registry.get('shared')).toMatchObject({ model: 'from-api', source: 'api' });
      expect(changes).toEqual([]);
    });

    it('does not remove a run-time endpoint whose name the config drops', () => {
      const registry = new EndpointRegistry();
      registry.replaceFrom('config', [endpoint('x')]);
      registry.upsert(endpoint('x', { source: 'api' }));
      registry.replaceFrom('config', []);
      expect(registry.get('x')?.source).toBe('api');
    });

    it('lets a run-time source replace only its own endpoints, winning over the file for a shared name', () => {
      const registry = new EndpointRegistry();
      registry.replaceFrom('config', [endpoint('shared', { model: 'from-file' }), endpoint('file-only')]);
      registry.replaceFrom('api', [endpoint('shared', { model: 'from-api', source: 'api' }), endpoint('api-only', { source: 'api' })]);
      expect(registry.get('shared')).toMatchObject({ model: 'from-api', source: 'api' });
      expect(names(registry)).toEqual(['api-only', 'file-only', 'shared']);

      registry.replaceFrom('api', []);
      expect(names(registry)).toEqual(['file-only']);
    });
  });
});
