import type { ConnectionView, EndpointListing, ProviderType } from '../api/types';
import { connectionBody, defaultFields, draftFromRecord, emptyDraft, endpointBody, moved, percentsFromWeights, splitTotal, suggestConnectionName, validateDraft, type EndpointDraft } from './endpoint-draft';

const azure = {
  type: 'azure-openai',
  credential_fields: [
    { name: 'api_key', type: 'string', description: null, required: true, secret: true, default: null },
    { name: 'base_url', type: 'string', format: 'uri', description: null, required: true, secret: false, default: null },
    { name: 'api_version', type: 'string', description: null, required: false, secret: false, default: '2024-10-21' },
    { name: 'deployment', type: 'string', description: null, required: false, secret: false, default: null },
  ],
} as unknown as ProviderType;

const context = { creating: true, endpointNames: new Set(['taken']), connectionNames: new Set(['azure-openai']), provider: azure };

function draft(extra: Partial<EndpointDraft> = {}): EndpointDraft {
  return {
    ...emptyDraft(),
    name: 'azure-chat',
    providerType: 'azure-openai',
    connectionName: 'azure-2',
    fields: { ...defaultFields(azure), api_key: 'k-123', base_url: 'https://r.openai.azure.com' },
    model: 'gpt-4o',
    ...extra,
  };
}

describe('endpoint draft', () => {
  it('prefills defaults and suggests a free connection name', () => {
    expect(defaultFields(azure)).toEqual({ api_key: '', base_url: '', api_version: '2024-10-21', deployment: '' });
    expect(suggestConnectionName('openai', new Set())).toBe('openai');
    expect(suggestConnectionName('openai', new Set(['openai', 'openai-2']))).toBe('openai-3');
  });

  it('accepts a complete draft and builds the connection and endpoint bodies in the YAML field names', () => {
    const d = draft();
    expect(validateDraft(d, context)).toEqual({});
    expect(connectionBody(d, azure, 'azure-2')).toEqual({ name: 'azure-2', type: 'azure-openai', api_key: 'k-123', base_url: 'https://r.openai.azure.com', api_version: '2024-10-21' });
    expect(endpointBody(d, 'azure-2')).toEqual({ name: 'azure-chat', kind: 'chat', provider: 'azure-2', model: 'gpt-4o' });
  });

  it('names each problem by the field path the API would use', () => {
    const d = draft({ name: 'bad name', connectionName: 'azure-openai', fields: { ...defaultFields(azure), base_url: 'not a url' }, model: ' ', retryAttempts: '11' });
    expect(validateDraft(d, context)).toEqual({
      name: expect.stringContaining('[A-Za-z0-9._-]+'),
      'connection.name': expect.stringContaining('already exists'),
      'connection.api_key': 'Required.',
      'connection.base_url': expect.stringContaining('URL'),
      model: expect.any(String),
      'retry.attempts': expect.any(String),
    });
    expect(validateDraft(draft({ name: 'taken' }), context).name).toContain('already exists');
  });

  it('keeps a stored secret when its field is left blank while editing', () => {
    const d = draft({ fields: { ...defaultFields(azure), base_url: 'https://r.openai.azure.com' } });
    expect(validateDraft(d, { ...context, storedSecrets: new Set(['api_key']) })).toEqual({});
    expect(connectionBody(d, azure, 'azure-2')).not.toHaveProperty('api_key');
  });

  it('builds a split whose percentages must add up to 100, with ordered fallbacks and retries', () => {
    const split = draft({
      split: true,
      primaryWeight: '70',
      targets: [{ key: 'a', connection: 'other', model: 'gpt-4o-mini', weight: '20' }],
      fallbacks: [{ key: 'b', connection: 'backup', model: 'm1' }],
      retryAttempts: '2',
    });
    expect(splitTotal(split)).toBe(90);
    expect(validateDraft(split, context).targets).toBe('The weights add up to 90%; they must make 100%.');
    const fixed = { ...split, targets: [{ ...split.targets[0], weight: '30' }] };
    expect(validateDraft(fixed, context)).toEqual({});
    expect(endpointBody(fixed, 'azure-2')).toEqual({
      name: 'azure-chat',
      kind: 'chat',
      targets: [
        { provider: 'azure-2', model: 'gpt-4o', weight: 70 },
        { provider: 'other', model: 'gpt-4o-mini', weight: 30 },
      ],
      fallbacks: [{ provider: 'backup', model: 'm1' }],
      retry: { attempts: 2 },
    });
  });

  it('reads a stored endpoint back into the form, weights as percentages, and keeps the fields it does not show', () => {
    const record: EndpointListing = {
      name: 'smart',
      kind: 'chat',
      source: 'api',
      status: 'ok',
      created_at: '2026-11-25T12:00:00Z',
      provider: 'azure-2',
      model: 'gpt-4o',
      targets: [
        { provider: 'azure-2', model: 'gpt-4o', catalog_model: 'gpt-4o', weight: 3 },
        { provider: 'other', model: 'mini', catalog_model: 'mini', weight: 1 },
      ],
      retry: { attempts: 1, backoff_ms: 50, max_backoff_ms: 2000 },
      timeouts: { connect_ms: 100, first_byte_ms: 500, idle_ms: 500, total_ms: 1000 },
    };
    const d = draftFromRecord(record, [{ name: 'azure-2', type: 'azure-openai', source: 'api', status: 'ok', used_by: ['smart'], api_key: 'k-...1234', base_url: 'https://r' }], [azure]);
    expect(d).toMatchObject({ providerType: 'azure-openai', connectionMode: 'existing', existingConnection: 'azure-2', split: true, primaryWeight: '75', model: 'gpt-4o', retryAttempts: '1' });
    expect(d.fields).toMatchObject({ api_key: '', base_url: 'https://r' });
    expect(d.targets.map((t) => [t.connection, t.model, t.weight])).toEqual([['other', 'mini', '25']]);
    expect(endpointBody(d, 'azure-2', record)).toEqual({
      name: 'smart',
      kind: 'chat',
      targets: [
        { provider: 'azure-2', model: 'gpt-4o', weight: 75 },
        { provider: 'other', model: 'mini', weight: 25 },
      ],
      retry: { attempts: 1, backoff_ms: 50, max_backoff_ms: 2000 },
      timeouts: { connect_ms: 100, first_byte_ms: 500, idle_ms: 500, total_ms: 1000 },
    });
  });

  it("sends an Azure deployment's catalogue model, shows it when editing, and keeps another target's", () => {
    const deployments = { ...azure, model_is_deployment: true } as ProviderType;
    expect(endpointBody(draft({ model: 'prod-chat', catalogModel: ' gpt-4o-mini ' }), 'azure-2')).toEqual({ name: 'azure-chat', kind: 'chat', provider: 'azure-2', model: 'prod-chat', catalog_model: 'gpt-4o-mini' });
    expect(endpointBody(draft({ model: 'prod-chat', catalogModel: '' }), 'azure-2')).not.toHaveProperty('catalog_model');
    expect(validateDraft(draft({ model: '' }), { ...context, provider: deployments }).model).toBe('Type the deployment name.');
    const record: EndpointListing = {
      name: 'smart',
      kind: 'chat',
      source: 'api',
      provider: 'azure-2',
      model: 'prod-chat',
      catalog_model: 'gpt-4o-mini',
      targets: [{ provider: 'azure-2', model: 'prod-chat', catalog_model: 'gpt-4o-mini', weight: 1 }],
      fallbacks: [
        { provider: 'other', model: 'mini', catalog_model: 'mini' },
        { provider: 'custom', model: 'serving-1', catalog_model: 'llama-3.1-8b' },
      ],
    };
    const connection: ConnectionView = { name: 'azure-2', type: 'azure-openai', source: 'api', status: 'ok', used_by: ['smart'], api_key: 'k-...1234', base_url: 'https://r' };
    const d = draftFromRecord(record, [connection], [deployments]);
    expect(d.catalogModel).toBe('gpt-4o-mini');
    expect(draftFromRecord(record, [connection], [azure]).catalogModel).toBe('gpt-4o-mini');
    expect(endpointBody(d, 'azure-2', record)).toEqual({
      name: 'smart',
      kind: 'chat',
      provider: 'azure-2',
      model: 'prod-chat',
      catalog_model: 'gpt-4o-mini',
      fallbacks: [
        { provider: 'other', model: 'mini' },
        { provider: 'custom', model: 'serving-1', catalog_model: 'llama-3.1-8b' },
      ],
    });
    // The API shows a target's own model as its catalogue model: not a choice to send back.
    expect(draftFromRecord({ ...record, catalog_model: 'prod-chat', targets: [{ provider: 'azure-2', model: 'prod-chat', catalog_model: 'prod-chat', weight: 1 }] }, [connection], [azure]).catalogModel).toBe('');
  });

  it('turns weights into whole percentages that add up to 100, and moves list items', () => {
    expect(percentsFromWeights([1, 1, 1])).toEqual([34, 33, 33]);
    expect(percentsFromWeights([3, 1])).toEqual([75, 25]);
    expect(percentsFromWeights([0, 0])).toEqual([0, 0]);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});
