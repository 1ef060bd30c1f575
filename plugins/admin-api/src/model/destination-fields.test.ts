import { z } from 'zod';
import type { ProviderDefinition } from '@model-gateway/core';
import { changedDestinations, destinationFields } from './destination-fields';

/** A provider definition with only what the destination rules read. */
function definition(defaultBaseUrl: string, options?: z.ZodRawShape, secretOptions?: string[]): ProviderDefinition {
  return { type: 't', displayName: 'T', defaultBaseUrl, requiresApiKey: false, auth: { kind: 'bearer' }, capabilities: {} as never, optionsSchema: options && z.object(options), secretOptions, createConnection: () => ({}) as never };
}

describe('destinationFields', () => {
  it('is base_url alone for a type whose options do not decide the host', () => {
    expect(destinationFields(definition('https://api.example.com/v1', { organization: z.string().optional(), timeout_ms: z.number().default(5) }))).toEqual(['base_url']);
    expect(destinationFields(definition('https://api.example.com/v1'))).toEqual(['base_url']);
  });

  it('adds options named or typed as URLs, and options the default base URL names as a placeholder', () => {
    const vertexLike = definition(
      'https://{location}-aiplatform.googleapis.com',
      { location: z.string().default('us-central1'), project: z.string().optional(), token_url: z.url().optional(), service_account_json: z.string().optional() },
      ['service_account_json'],
    );
    expect(destinationFields(vertexLike).sort()).toEqual(['base_url', 'location', 'token_url']);
    const typed = definition('https://x.example', { upstream: z.url().describe('where'), resource_endpoint: z.string().optional() });
    expect(destinationFields(typed).sort()).toEqual(['base_url', 'resource_endpoint', 'upstream']);
  });

  it('never counts a secret option as a destination', () => {
    expect(destinationFields(definition('https://x.example', { secret_url: z.string().optional() }, ['secret_url']))).toEqual(['base_url']);
  });
});

describe('changedDestinations', () => {
  const bedrockLike = definition('https://bedrock-runtime.{region}.amazonaws.com', { region: z.string().default('us-east-1'), access_key_id: z.string().optional() }, ['access_key_id']);

  it('compares effective values: defaults applied, a trailing slash and surrounding spaces ignored', () => {
    expect(changedDestinations(bedrockLike, {}, { region: 'us-east-1' })).toEqual([]);
    expect(changedDestinations(bedrockLike, { base_url: 'https://a.example/v1' }, { base_url: 'https://a.example/v1/ ' })).toEqual([]);
    expect(changedDestinations(bedrockLike, {}, { base_url: 'https://bedrock-runtime.{region}.amazonaws.com' })).toEqual([]);
  });

  it('names each destination that moved, and nothing else', () => {
    expect(changedDestinations(bedrockLike, { region: 'us-east-1' }, { region: 'eu-west-3' })).toEqual(['region']);
    expect(changedDestinations(bedrockLike, {}, { base_url: 'https://elsewhere.example', region: 'eu-west-3', access_key_id: 'AKIA' })).toEqual(['base_url', 'region']);
  });
});
