import type { ProviderType } from '../api/types';
import { fieldLabel, matchesQuery, providerChoices } from './providers';

const provider = (type: string, display_name: string, label: string | null = null) => ({ type, display_name, label }) as ProviderType;

describe('providerChoices', () => {
  it('puts the common providers first in their order, then the rest by name, with short names', () => {
    const choices = providerChoices([
      provider('zai', 'Z.AI (GLM), international'),
      provider('azure-openai', "Azure OpenAI: one resource, by base_url; an endpoint's model is its deployment"),
      provider('302ai', '302.AI'),
      provider('openai', 'OpenAI, or any OpenAI-compatible server by base_url'),
      provider('anthropic', 'Anthropic (Claude), Messages API'),
    ]);
    expect(choices.map((c) => c.type)).toEqual(['openai', 'anthropic', 'azure-openai', '302ai', 'zai']);
    expect(choices[2]).toMatchObject({ name: 'Azure OpenAI', detail: "one resource, by base_url; an endpoint's model is its deployment", common: true });
    expect(choices[3].common).toBe(false);
  });

  it("names a provider by its label, the display name becoming the detail, and falls back to the type", () => {
    const [openai, azure, bare] = providerChoices([
      provider('azure-openai', "Azure OpenAI: one resource, by base_url", 'Azure OpenAI'),
      provider('openai', 'OpenAI, or any OpenAI-compatible server by base_url', 'OpenAI'),
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
  it("names fields the provider's way where it has one", () => {
    expect(fieldLabel('azure-openai', 'base_url')).toBe('Azure endpoint URL');
    expect(fieldLabel('databricks', 'base_url')).toBe('Workspace URL');
    expect(fieldLabel('databricks', 'api_key')).toBe('Personal access token');
    expect(fieldLabel('openai', 'base_url')).toBe('Base URL');
    expect(fieldLabel('bedrock', 'region')).toBe('Region');
  });
});
