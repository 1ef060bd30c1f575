import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';

const API_KEY = 'fw_conformance_key_0123456789';

export const profile: ProviderProfile = {
  type: 'fireworks',
  model: 'accounts/fireworks/models/llama-v3p3-70b-instruct',
  embeddingsModel: 'nomic-ai/nomic-embed-text-v1.5',
  reportsCacheWrites: false,
  startFake: () => OpenAiFake.start({ basePath: '/inference/v1', reasoning: 'reasoning_content' }),
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
