import type { ConnectionSettings } from '@model-gateway/core';
import type { OpenAiOptions } from './openai-facts';
import { openAiLayout } from './openai-layout';

const settings = (options: OpenAiOptions = {}): ConnectionSettings<OpenAiOptions> => ({
  name: 'acct', type: 'openai', baseUrl: 'https://api.example-openai.test/v1', headers: {}, options,
});

describe('openAiLayout', () => {
  it('appends the operation to base_url and leaves the model to the body', () => {
    const layout = openAiLayout(settings());
    expect(layout.url('chat/completions', 'gpt-4o-mini')).toBe('https://api.example-openai.test/v1/chat/completions');
    expect(layout.url('embeddings', 'text-embedding-3-small')).toBe('https://api.example-openai.test/v1/embeddings');
    expect(layout.url('responses', 'gpt-4o-mini')).toBe('https://api.example-openai.test/v1/responses');
    expect(layout.bodyModel).toBeUndefined();
  });

  it('sends organization and project as headers only when set', () => {
    expect(openAiLayout(settings()).headers).toEqual({});
    expect(openAiLayout(settings({ organization: 'org-1', project: 'proj-2' })).headers).toEqual({ 'openai-organization': 'org-1', 'openai-project': 'proj-2' });
  });
});
