import { databricksOptionsSchema } from './databricks-facts';
import { databricksLayout, databricksUrl } from './databricks-urls';

const BASE = 'https://my-workspace.cloud.databricks.com';

describe('databricksUrl', () => {
  it('puts the OpenAI operations under /serving-endpoints; the serving endpoint is the body\'s model, not a path segment', () => {
    expect(databricksUrl(BASE, 'chat/completions')).toBe(`${BASE}/serving-endpoints/chat/completions`);
    expect(databricksUrl(BASE, 'embeddings')).toBe(`${BASE}/serving-endpoints/embeddings`);
    expect(databricksUrl(BASE, 'responses')).toBe(`${BASE}/serving-endpoints/responses`);
  });

  it('has no URL for an operation the workspace does not serve', () => {
    expect(databricksUrl(BASE, 'images/generations')).toBeUndefined();
  });
});

describe('databricksLayout', () => {
  it('ignores the model in URLs, leaves it to the body and adds no headers (the token is the auth scheme\'s)', () => {
    const layout = databricksLayout(BASE);
    expect(layout.url('chat/completions', 'databricks-claude-sonnet-4-5')).toBe(`${BASE}/serving-endpoints/chat/completions`);
    expect(layout.bodyModel).toBeUndefined();
    expect(layout.headers).toEqual({});
  });
});

describe('databricksOptionsSchema', () => {
  it('requires base_url and refuses one that already ends in /serving-endpoints', () => {
    expect(databricksOptionsSchema.safeParse({}).success).toBe(false);
    expect(databricksOptionsSchema.parse({ base_url: BASE })).toEqual({ base_url: BASE });
    const result = databricksOptionsSchema.safeParse({ base_url: `${BASE}/serving-endpoints` });
    expect(result.error?.issues[0].message).toContain('without /serving-endpoints');
    expect(databricksOptionsSchema.shape.base_url.description).toContain('workspace URL');
  });
});
