import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';

const API_KEY = 'together-conformance-key-0123456789';

export const profile: ProviderProfile = {
  type: 'together',
  model: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
  embeddingsModel: 'BAAI/bge-base-en-v1.5',
  reportsCacheWrites: false,
  startFake: () => OpenAiFake.start({ basePath: '/v1', reasoning: 'reasoning' }),
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
    'cache-usage': { unsupported: "Together AI's documented chat usage (prompt, completion and total tokens) carries no prompt-cache read count" },
    reasoning: true,
    embeddings: true,
    'error-401': true,
    'error-429': true,
    'error-500': true,
  },
};
