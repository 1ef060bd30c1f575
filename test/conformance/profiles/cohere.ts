import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { CohereFake } from '../../fakes/cohere-fake';

const API_KEY = 'co-conformance-key-0123456789';

export const profile: ProviderProfile = {
  type: 'cohere',
  model: 'command-a-03-2025',
  embeddingsModel: 'embed-v4.0',
  reportsCacheWrites: false,
  startFake: () => CohereFake.start(),
  connection: (fake) => ({ base_url: fake.baseUrl, api_key: API_KEY }),
  apiKey: API_KEY,
  checkAuth: bearerAuth(API_KEY),
  scenarios: {
    chat: true,
    stream: true,
    tools: true,
    'parallel-tools': true,
    'stream-tools': true,
    'tool-result': true,
    vision: true,
    'json-schema': true,
    'cache-usage': {
      unsupported: "Cohere's documented v2 usage (billed_units and tokens) has no prompt-cache read count; the decoder reads cached_tokens only if Cohere sends it",
    },
    reasoning: true,
    embeddings: true,
    'error-401': true,
    'error-429': true,
    'error-500': true,
  },
};
