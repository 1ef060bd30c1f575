import { container } from 'tsyringe';
import { PluginRegistry } from '@model-gateway/core/internal';
import { loadConfigText } from '@model-gateway/core/testing';
import { CATALOG_ROWS } from './catalog-rows';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/** The catalogue's rows as data: unique, well-formed, and together with the native plugins over one hundred types. */

/** Provider types the native packages register; the catalogue must not take any of them. */
const NATIVE_TYPES = ['openai', 'azure-openai', 'databricks', 'anthropic', 'gemini', 'vertex-ai', 'bedrock', 'cohere', 'mock'];

describe('CATALOG_ROWS', () => {
  it('has unique types, none of them a native provider type', () => {
    const types = CATALOG_ROWS.map((r) => r.type);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types) expect([type, NATIVE_TYPES.includes(type)]).toEqual([type, false]);
  });

  it('names types the way YAML keys and URLs like them', () => {
    for (const row of CATALOG_ROWS) expect(row.type).toMatch(/^[a-z0-9][a-z0-9-]*$/);
  });

  it('uses https base URLs, except local servers (plain http on this machine)', () => {
    for (const row of CATALOG_ROWS) {
      const url = new URL(row.baseUrl);
      if (row.kind === 'local') expect([row.type, url.protocol, ['localhost', '127.0.0.1'].includes(url.hostname)]).toEqual([row.type, 'http:', true]);
      else expect([row.type, url.protocol]).toEqual([row.type, 'https:']);
      expect(row.baseUrl.endsWith('/')).toBe(false);
      expect(row.baseUrl).not.toMatch(/\/chat\/completions$/);
    }
  });

  it('links https docs and names an upper-case key variable for every hosted provider', () => {
    for (const row of CATALOG_ROWS) {
      expect([row.type, new URL(row.docsUrl).protocol]).toEqual([row.type, 'https:']);
      if (row.kind !== 'local') expect([row.type, row.keyEnv]).toEqual([row.type, expect.stringMatching(/^[A-Z][A-Z0-9_]*$/)]);
      expect(row.displayName.length).toBeGreaterThan(0);
    }
  });

  it('gives every row a label for menus: short, and no two rows the same', () => {
    for (const row of CATALOG_ROWS) expect([row.type, row.label?.length]).toEqual([row.type, expect.any(Number)]);
    for (const row of CATALOG_ROWS) expect([row.type, row.label!.length <= 30]).toEqual([row.type, true]);
    const labels = CATALOG_ROWS.map((r) => r.label);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });

  it('serves chat or embeddings in every row; streaming, tools, vision, JSON schema and the Responses API only with chat', () => {
    for (const row of CATALOG_ROWS) {
      expect([row.type, row.serves.includes('chat') || row.serves.includes('embeddings')]).toEqual([row.type, true]);
      if (!row.serves.includes('chat')) expect(row.serves.filter((f) => f !== 'embeddings')).toEqual([]);
    }
  });

  it('puts a placeholder in the base URL of account rows (their connections must set base_url)', () => {
    for (const row of CATALOG_ROWS.filter((r) => r.kind === 'account')) expect(row.baseUrl).toMatch(/YOUR-/);
    for (const row of CATALOG_ROWS.filter((r) => r.kind !== 'account')) expect(row.baseUrl).not.toMatch(/YOUR-/);
  });

  it('with the native plugins, the gateway offers at least 100 provider types, each usable as type: in YAML', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    loadConfigText('{}', { builtinPlugins: BUILTIN_PLUGINS, registry, env: {} });
    const types = [...registry.providers.keys()];
    expect(types.length).toBeGreaterThanOrEqual(100);
    for (const row of CATALOG_ROWS) expect(types).toContain(row.type);
    const yaml = ['providers:', ...CATALOG_ROWS.map((row, i) => `  p${i}: { type: ${row.type}${row.kind === 'account' ? `, base_url: "https://example.test/v1"` : ''}, api_key: k }`)].join('\n');
    const config = loadConfigText(yaml, { builtinPlugins: BUILTIN_PLUGINS, registry, env: {} });
    expect(config.connections.map((c) => c.type)).toEqual(CATALOG_ROWS.map((r) => r.type));
  });
});
