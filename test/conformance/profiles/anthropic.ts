import type { ProviderProfile } from '../conformance-types';
import { AnthropicFake } from '../../fakes/anthropic-fake';

const API_KEY = 'sk-ant-conformance-0123456789';

export const profile: ProviderProfile = {
  type: 'anthropic',
  model: 'claude-haiku-4-5',
  reportsCacheWrites: true,
  startFake: () => AnthropicFake.start(),
  connection: (fake) => ({ base_url: fake.baseUrl, api_key: API_KEY }),
  apiKey: API_KEY,
  checkAuth: (seen) => {
    if (seen.headers['x-api-key'] !== API_KEY) return 'x-api-key is not the connection key';
    if (seen.headers.authorization !== undefined) return 'an authorization header was sent as well';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(String(seen.headers['anthropic-version'] ?? ''))) return 'anthropic-version is missing';
    return undefined;
  },
  scenarios: {
    chat: true,
    stream: true,
    tools: true,
    'parallel-tools': true,
    'stream-tools': true,
    'tool-result': true,
    vision: true,
    'json-schema': true,
    'cache-usage': true,
    reasoning: true,
    embeddings: { unsupported: 'Anthropic has no embeddings API (it points to Voyage AI, a separate provider)' },
    'error-401': true,
    'error-429': true,
    'error-500': true,
  },
};
