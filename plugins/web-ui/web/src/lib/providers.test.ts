import type { ProviderType } from '../api/types';
import { emptyCatalogueMessage, fieldLabel, matchesQuery, modelLabel, providerChoices } from './providers';

const provider = (type: string, display_name: string, label: string | null = null, menu_rank: number | null = null) => ({ type, display_name, label, menu_rank }) as ProviderType;

describe('providerChoices', () => {
  it('puts the ranked providers first by their rank, then the rest by name, with short names', () => {
    const choices = providerChoices([
      provider('zai', 'Z.AI (GLM), international'),
      provider('azure-openai', "Azure OpenAI: one resource, by base_url; an endpoint's model is its deployment", null, 40),
      provider('302ai', '302.AI'),
      provider('openai', 'OpenAI, or any OpenAI-compatible server by base_url', null, 10),
      provider('anthropic', 'Anthropic (Claude), Messages API', null, 20),
    ]);
    expect(choices.map((c) => c.type)).toEqual(['openai', 'anthropic', 'azure-openai', '302ai', 'zai']);
    expect(choices[2]).toMatchObject({ name: 'Azure OpenAI', detail: "one resource, by base_url; an endpoint's model is its deployment", common: true });
    expect(choices[3].common).toBe(false);
  });

  it('orders by the rank the server sends, not by a list of types of its own', () => {
    const choices = providerChoices([provider('openai', 'OpenAI', null, 30), provider('acme', 'Acme', null, 5), provider('zeta', 'Zeta', null, 0), provider('aardvark', 'Aardvark')]);
    expect(choices.map((c) => [c.type, c.common])).toEqual([['zeta', true], ['acme', true], ['openai', true], ['aardvark', false]]);
  });

  it("names a provider by its label, the display name becoming the detail, and falls back to the type", () => {
    const [openai, azure, bare] = providerChoices([
      provider('azure-openai', "Azure OpenAI: one resource, by base_url", 'Azure OpenAI', 40),
      provider('openai', 'OpenAI, or any OpenAI-compatible server by base_url', 'OpenAI', 10),
      provider('acme', ' '),
    ]);
    expect(openai).toMatchObject({ name: 'OpenAI', detail: 'OpenAI, or any OpenAI-compatible server by base_url' });
    expect(azure).toMatchObject({ name: 'Azure OpenAI', detail: 'one resource, by base_url' });
    expect(bare).toMatchObject({ name: 'acme', detail: '' });
  });
});

describe('matchesQuery', () => {
  it('matches every word anywhere in the name, type or description, ignoring case', () => {
    expect(matchesQuery('azure open', 'Azure OpenAI', 'azure-openai')).toBe(true);
    expect(matchesQuery('bedrock', 'Amazon Bedrock', 'bedrock')).toBe(true);
    expect(matchesQuery('gemini claude', 'Google Gemini', 'gemini')).toBe(false);
    expect(matchesQuery('', 'anything')).toBe(true);
  });
});

describe('fieldLabel', () => {
  const fields = (...named: Array<[string, string?]>) => ({ credential_fields: named.map(([name, label]) => ({ name, label })) as ProviderType['credential_fields'] });

  it("names fields the provider's way where its metadata has one, else generically", () => {
    const workspace = fields(['base_url', 'Workspace URL'], ['api_key', 'Personal access token'], ['region']);
    expect(fieldLabel(workspace, 'base_url')).toBe('Workspace URL');
    expect(fieldLabel(workspace, 'api_key')).toBe('Personal access token');
    expect(fieldLabel(workspace, 'region')).toBe('Region');
    expect(fieldLabel(fields(['base_url']), 'base_url')).toBe('Base URL');
    expect(fieldLabel(undefined, 'secret_access_key')).toBe('Secret access key');
  });
});

describe('modelLabel', () => {
  it('adds the provider\'s hint where its model is something else', () => {
    expect(modelLabel({ model_hint: 'The deployment name.' })).toEqual({ label: 'Model', hint: 'The deployment name.' });
    expect(modelLabel({ model_hint: null })).toEqual({ label: 'Model' });
    expect(modelLabel(undefined)).toEqual({ label: 'Model' });
  });

  it('calls the field "Deployment name" where the model names a deployment', () => {
    expect(modelLabel({ model_hint: 'The deployment name in your Azure OpenAI resource.', model_is_deployment: true })).toEqual({ label: 'Deployment name', hint: 'The deployment name in your Azure OpenAI resource.' });
  });
});

describe('emptyCatalogueMessage', () => {
  it('names the provider and what to type, the way its hint says', () => {
    const databricks = { type: 'databricks', label: 'Databricks', model_hint: 'The serving endpoint name in your Databricks workspace.' };
    expect(emptyCatalogueMessage(databricks, 'chat', true)).toBe('The catalogue lists no models for Databricks: type the serving endpoint name.');
    expect(emptyCatalogueMessage(databricks, 'embeddings', false)).toBe('The catalogue lists no embeddings models for Databricks: type the serving endpoint name.');
    expect(emptyCatalogueMessage({ type: 'local-llm', label: null, model_hint: null }, 'chat', true)).toBe('The catalogue lists no models for local-llm: type the model name.');
  });
});
