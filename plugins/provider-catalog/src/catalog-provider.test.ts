import type { ConnectionSettings } from '@model-gateway/core';
import { catalogProvider, rowOperations } from './catalog-provider';
import type { CatalogRow } from './catalog-row';

const cloud: CatalogRow = { type: 'acme', displayName: 'Acme', baseUrl: 'https://api.acme.test/v1', docsUrl: 'https://docs.acme.test', keyEnv: 'ACME_API_KEY', serves: ['chat', 'streaming', 'tools'] };
const settings = (over: Partial<ConnectionSettings> = {}): ConnectionSettings<Record<string, never>> => ({ name: 'c', type: 'acme', baseUrl: 'https://api.acme.test/v1', headers: {}, ...over, options: {} });

describe('catalogProvider', () => {
  it('turns a row into a provider type with its facts, a bearer key and OpenAI passthrough', () => {
    const definition = catalogProvider(cloud);
    expect(definition).toMatchObject({
      type: 'acme',
      displayName: 'Acme',
      docsUrl: 'https://docs.acme.test',
      defaultBaseUrl: 'https://api.acme.test/v1',
      apiKeyEnv: 'ACME_API_KEY',
      requiresApiKey: true,
      auth: { kind: 'bearer' },
      capabilities: { chat: true, embeddings: false, streaming: true, tools: true, vision: false, jsonSchema: false, passthrough: ['openai'] },
    });
    expect(definition.optionsSchema).toBeUndefined();
  });

  it('sends the key in the row\'s own header when it names one', () => {
    expect(catalogProvider({ ...cloud, keyHeader: 'x-api-key' }).auth).toEqual({ kind: 'header', header: 'x-api-key' });
  });

  it('needs no key for a local server', () => {
    expect(catalogProvider({ ...cloud, kind: 'local', baseUrl: 'http://localhost:8000/v1' }).requiresApiKey).toBe(false);
  });

  it('requires base_url for an account row, and refuses a missing one', () => {
    const definition = catalogProvider({ ...cloud, kind: 'account', baseUrl: 'https://api.acme.test/accounts/YOUR-ACCOUNT-ID/v1' });
    const schema = definition.optionsSchema!;
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.parse({ base_url: 'https://api.acme.test/accounts/42/v1' })).toEqual({ base_url: 'https://api.acme.test/accounts/42/v1' });
    expect((schema.shape.base_url as { description?: string }).description).toContain('https://api.acme.test/accounts/YOUR-ACCOUNT-ID/v1');
  });

  it('reaches only the operations the row serves, at {base_url}/{operation}', () => {
    const connection = catalogProvider(cloud).createConnection(settings({ baseUrl: 'https://proxy.test/v1' }));
    expect(connection.passthrough?.('openai', 'chat/completions', 'm')?.url).toBe('https://proxy.test/v1/chat/completions');
    expect(connection.passthrough?.('openai', 'embeddings', 'm')).toBeUndefined();
    expect(connection.passthrough?.('openai', 'responses', 'm')).toBeUndefined();
    expect(connection.passthrough?.('anthropic', 'messages', 'm')).toBeUndefined();
  });

  it("carries the row's label, and none when the row has none", () => {
    expect(catalogProvider({ ...cloud, label: 'Acme AI' }).label).toBe('Acme AI');
    expect(catalogProvider(cloud).label).toBeUndefined();
  });

  it("rewrites bodies by the row's dialect, relayed ones included, and relays them as sent without one", () => {
    const dialect = { label: 'Acme', renameFields: { seed: 'acme_seed' } };
    const relay = (row: CatalogRow) => catalogProvider(row).createConnection(settings()).passthrough?.('openai', 'chat/completions', 'm');
    const body = { model: 'm', seed: 7, messages: [{ role: 'user', content: 'hi' }] };
    expect(relay({ ...cloud, dialect })?.rewriteBody?.(body)).toEqual({ model: 'm', acme_seed: 7, messages: [{ role: 'user', content: 'hi' }] });
    expect(relay(cloud)?.rewriteBody).toBeUndefined();
  });
});

describe('rowOperations', () => {
  it('maps chat, embeddings and responses to their OpenAI operations', () => {
    expect(rowOperations({ ...cloud, serves: ['chat', 'embeddings', 'streaming'] })).toEqual(['chat/completions', 'embeddings']);
    expect(rowOperations({ ...cloud, serves: ['embeddings'] })).toEqual(['embeddings']);
    expect(rowOperations({ ...cloud, serves: ['responses', 'chat'] })).toEqual(['chat/completions', 'responses']);
  });
});
