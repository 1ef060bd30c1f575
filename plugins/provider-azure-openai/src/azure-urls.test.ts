import { azureOptionsSchema, type AzureOptions } from './azure-facts';
import { azureBodyModel, azureLayout, azureUrl } from './azure-urls';

const BASE = 'https://my-resource.openai.azure.com';
const options = (over: Partial<AzureOptions> = {}): AzureOptions => ({ api_version: '2024-10-21', api_style: 'deployments', ...over });

describe('azureUrl', () => {
  it('deployments form: the endpoint model is the deployment, with the api-version', () => {
    expect(azureUrl(BASE, options(), 'chat/completions', 'gpt-4o-prod')).toBe(`${BASE}/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21`);
    expect(azureUrl(BASE, options({ api_version: '2025-04-01-preview' }), 'embeddings', 'embed-small')).toBe(
      `${BASE}/openai/deployments/embed-small/embeddings?api-version=2025-04-01-preview`,
    );
  });

  it('deployments form: the endpoint model wins over a connection-level deployment, which is only a default; path-encoded', () => {
    // One connection, two endpoints: the embeddings endpoint must not be sent to the chat deployment.
    expect(azureUrl(BASE, options({ deployment: 'gpt4o-prod' }), 'embeddings', 'text-embedding-3-small')).toBe(
      `${BASE}/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-10-21`,
    );
    expect(azureUrl(BASE, options({ deployment: 'gpt4o-prod' }), 'chat/completions', 'gpt-4o')).toBe(`${BASE}/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21`);
    expect(azureUrl(BASE, options({ deployment: 'gpt4o-prod' }), 'chat/completions', '')).toBe(`${BASE}/openai/deployments/gpt4o-prod/chat/completions?api-version=2024-10-21`);
    expect(azureUrl(BASE, options(), 'chat/completions', 'a b/c')).toBe(`${BASE}/openai/deployments/a%20b%2Fc/chat/completions?api-version=2024-10-21`);
  });

  it('responses always takes the v1 path, without api-version', () => {
    expect(azureUrl(BASE, options(), 'responses', 'gpt-4o-prod')).toBe(`${BASE}/openai/v1/responses`);
    expect(azureUrl(BASE, options({ api_style: 'v1' }), 'responses', 'gpt-4o-prod')).toBe(`${BASE}/openai/v1/responses`);
  });

  it('v1 form: {base}/openai/v1/{operation}, no deployment segment, no api-version', () => {
    expect(azureUrl(BASE, options({ api_style: 'v1' }), 'chat/completions', 'gpt-4o-prod')).toBe(`${BASE}/openai/v1/chat/completions`);
    expect(azureUrl(BASE, options({ api_style: 'v1' }), 'embeddings', 'embed-small')).toBe(`${BASE}/openai/v1/embeddings`);
  });

  it('has no URL for an operation Azure does not serve here', () => {
    expect(azureUrl(BASE, options(), 'images/generations', 'x')).toBeUndefined();
    expect(azureUrl(BASE, options({ api_style: 'v1' }), 'models', 'x')).toBeUndefined();
  });
});

describe('azureBodyModel', () => {
  it('sends the deployment in the deployments form (Azure ignores it) and the endpoint model in v1 (Azure routes by it)', () => {
    expect(azureBodyModel(options(), 'gpt-4o-prod')).toBe('gpt-4o-prod');
    expect(azureBodyModel(options({ deployment: 'fixed' }), 'gpt-4o')).toBe('gpt-4o');
    expect(azureBodyModel(options({ deployment: 'fixed' }), '')).toBe('fixed');
    expect(azureBodyModel(options({ api_style: 'v1' }), 'gpt-4o-prod')).toBe('gpt-4o-prod');
  });
});

describe('azureLayout', () => {
  it('wires the URL and body model functions and adds no headers (the key is the auth scheme\'s)', () => {
    const layout = azureLayout(BASE, options({ deployment: 'fixed' }));
    expect(layout.url('chat/completions', 'my-deploy')).toBe(`${BASE}/openai/deployments/my-deploy/chat/completions?api-version=2024-10-21`);
    expect(layout.bodyModel?.('my-deploy')).toBe('my-deploy');
    expect(layout.headers).toEqual({});
  });
});

describe('azureOptionsSchema', () => {
  it('requires base_url, defaults the rest', () => {
    expect(azureOptionsSchema.safeParse({}).success).toBe(false);
    expect(azureOptionsSchema.parse({ base_url: BASE })).toEqual({ base_url: BASE, api_version: '2024-10-21', api_style: 'deployments' });
  });

  it('rejects a base_url that already carries the /openai path', () => {
    const result = azureOptionsSchema.safeParse({ base_url: `${BASE}/openai/v1/` });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain('without /openai');
  });

  it('describes every field', () => {
    for (const [name, field] of Object.entries(azureOptionsSchema.shape)) expect([name, field.description]).toEqual([name, expect.any(String)]);
  });
});
