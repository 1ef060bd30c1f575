import { z } from 'zod';
import type { ConnectionSettings, GatewayPlugin, PassthroughFormat, PassthroughTarget, ProviderConnection, ProviderDefinition } from '@model-gateway/core';

const optionsSchema = z.object({
  anthropic_version: z.string().default('2023-06-01').describe('Sent as anthropic-version when the client sends none (SDKs send their own).'),
});

type AnthropicOptions = z.output<typeof optionsSchema>;

/**
 * One Anthropic account. Calls in Anthropic's own format are relayed to
 * `{base_url}/v1/{operation}`; the unified APIs reach it once translation lands.
 */
class AnthropicConnection implements ProviderConnection {
  private readonly headers: Record<string, string>;

  constructor(readonly settings: ConnectionSettings<AnthropicOptions>) {
    this.headers = { 'content-type': 'application/json', ...settings.headers };
  }

  passthrough(format: PassthroughFormat, operation: string): PassthroughTarget | undefined {
    if (format !== 'anthropic') return undefined;
    return {
      url: `${this.settings.baseUrl}/v1/${operation}`,
      headers: { ...this.headers },
      defaultHeaders: { 'anthropic-version': this.settings.options.anthropic_version },
    };
  }
}

export const anthropicProvider: ProviderDefinition<AnthropicOptions> = {
  type: 'anthropic',
  displayName: 'Anthropic (Claude), Messages API',
  docsUrl: 'https://docs.anthropic.com/en/api/messages',
  defaultBaseUrl: 'https://api.anthropic.com',
  apiKeyEnv: 'ANTHROPIC_API_KEY',
  requiresApiKey: true,
  auth: { kind: 'header', header: 'x-api-key' },
  capabilities: { chat: true, embeddings: false, streaming: true, tools: true, vision: true, jsonSchema: false, passthrough: ['anthropic'] },
  optionsSchema,
  createConnection: (settings) => new AnthropicConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-anthropic',
  kind: 'provider',
  register: (api) => api.registerProvider(anthropicProvider),
};

export default plugin;
