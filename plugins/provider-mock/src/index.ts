import type { GatewayPlugin, ProviderDefinition } from '@model-gateway/core';
import { MockConnection } from './mock-connection';
import { mockOptionsSchema, type MockOptions } from './mock-options';

export { MockConnection };

export const mockProvider: ProviderDefinition<MockOptions> = {
  type: 'mock',
  displayName: 'Built-in mock (deterministic, no network)',
  label: 'Mock',
  defaultBaseUrl: 'mock://local',
  requiresApiKey: false,
  auth: { kind: 'none' },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: false, jsonSchema: false, passthrough: [] },
  optionsSchema: mockOptionsSchema,
  createConnection: (settings) => new MockConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-mock',
  kind: 'provider',
  register: (api) => api.registerProvider(mockProvider),
};

export default plugin;
