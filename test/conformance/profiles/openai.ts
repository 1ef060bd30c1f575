import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';

const API_KEY = 'sk-openai-conformance-0123456789';

export const profile: ProviderProfile = {
  type: 'openai',
  model: 'gpt-4o-mini',
  embeddingsModel: 'text-embedding-3-small',
  reportsCacheWrites: false,
  // Reasoning as `reasoning_content`: what OpenAI-compatible servers (vLLM, DeepSeek) send on this type.
  startFake: () => OpenAiFake.start({ basePath: '/v1' }),
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
