import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';
import { MISTRAL_FAKE } from '../../fakes/rules/mistral-chat';

const API_KEY = 'mistral-conformance-key-0123456789';

export const profile: ProviderProfile = {
  type: 'mistral',
  model: 'mistral-small-latest',
  embeddingsModel: 'mistral-embed',
  reportsCacheWrites: false,
  startFake: () => OpenAiFake.start(MISTRAL_FAKE),
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
    'cache-usage': true,
    reasoning: true,
    embeddings: true,
    'error-401': true,
    'error-429': true,
    'error-500': true,
  },
};
