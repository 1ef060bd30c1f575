import type { ProviderProfile, SeenRequest } from '../conformance-types';
import { GeminiFake, sseStreamsOnly } from '../../fakes/gemini-fake';

const API_KEY = 'AIza-conformance-key-0123456789';

/** The key goes in x-goog-api-key and nowhere else (never as `?key=`, which ends up in URLs and logs). */
function checkAuth(seen: SeenRequest): string | undefined {
  if (seen.headers['x-goog-api-key'] !== API_KEY) return 'x-goog-api-key is not the configured key';
  if (seen.path.includes('key=')) return 'the key travelled in the query string';
  if (seen.headers.authorization) return 'an authorization header was sent as well';
  return undefined;
}

export const profile: ProviderProfile = {
  type: 'gemini',
  model: 'gemini-2.5-flash',
  embeddingsModel: 'gemini-embedding-001',
  reportsCacheWrites: false,
  startFake: () => GeminiFake.start({ authCheck: checkAuth, rules: sseStreamsOnly }),
  connection: (fake) => ({ base_url: fake.baseUrl, api_key: API_KEY }),
  apiKey: API_KEY,
  checkAuth,
  scenarios: {
    chat: true,
    stream: true,
    tools: true,
    'parallel-tools': true,
    'stream-tools': {
      unsupported: 'the Gemini API streams each functionCall whole, its args one JSON object in a single item (partialArgs is Vertex-only), so there are no argument deltas to split',
    },
    'tool-result': true,
    vision: true,
    'json-schema': true,
    'cache-usage': true,
    reasoning: true,
    embeddings: true,
    'error-401': true,
    'error-429': true,
    'error-500': true,
  },
};
