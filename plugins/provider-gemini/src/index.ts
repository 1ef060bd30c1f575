import { z } from 'zod';
import type { ConnectionSettings, GatewayPlugin, PassthroughFormat, PassthroughTarget, ProviderConnection, ProviderDefinition } from '@model-gateway/core';

const optionsSchema = z.object({
  api_version: z.string().default('v1beta').describe('The Gemini API version for calls the gateway makes itself; passthrough calls keep the version the client used.'),
});

type GeminiOptions = z.output<typeof optionsSchema>;

/**
 * One Google AI Studio account. Calls in Gemini's own format are relayed to
 * `{base_url}/{api_version}/models/{model}:{method}`; only `alt` is kept from the
 * client's query (its `?key=` never travels).
 */
class GeminiConnection implements ProviderConnection {
  private readonly headers: Record<string, string>;

  constructor(readonly settings: ConnectionSettings<GeminiOptions>) {
    this.headers = { 'content-type': 'application/json', ...settings.headers };
  }

  passthrough(format: PassthroughFormat, operation: string, model: string, query?: Record<string, string>, apiVersion?: string): PassthroughTarget | undefined {
    if (format !== 'gemini') return undefined;
    const search = query?.alt ? `?alt=${encodeURIComponent(query.alt)}` : '';
    const version = apiVersion ?? this.settings.options.api_version;
    return {
      url: `${this.settings.baseUrl}/${version}/models/${encodeURIComponent(model)}:${operation}${search}`,
      headers: { ...this.headers },
    };
  }
}

export const geminiProvider: ProviderDefinition<GeminiOptions> = {
  type: 'gemini',
  displayName: 'Google Gemini (AI Studio), generateContent API',
  docsUrl: 'https://ai.google.dev/api',
  defaultBaseUrl: 'https://generativelanguage.googleapis.com',
  apiKeyEnv: 'GEMINI_API_KEY',
  requiresApiKey: true,
  auth: { kind: 'header', header: 'x-goog-api-key' },
  capabilities: { chat: true, embeddings: true, streaming: true, tools: true, vision: true, jsonSchema: true, passthrough: ['gemini'] },
  optionsSchema,
  createConnection: (settings) => new GeminiConnection(settings),
};

const plugin: GatewayPlugin = {
  specVersion: 1,
  name: 'provider-gemini',
  kind: 'provider',
  register: (api) => api.registerProvider(geminiProvider),
};

export default plugin;
