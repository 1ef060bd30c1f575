import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';

const API_KEY = 'dapi-conformance-token-0123456789';

export const profile: ProviderProfile = {
  type: 'databricks',
  model: 'databricks-meta-llama-3-3-70b-instruct',
  embeddingsModel: 'databricks-gte-large-en',
  reportsCacheWrites: false,
  startFake: () =>
    OpenAiFake.start({
      basePath: '',
      paths: { chat: /^\/serving-endpoints\/chat\/completions$/, embeddings: /^\/serving-endpoints\/embeddings$/ },
      reasoning: 'reasoning-blocks',
    }),
  connection: (fake) => ({ base_url: fake.baseUrl, api_key: API_KEY }),
  apiKey: API_KEY,
  checkAuth: bearerAuth(API_KEY, 'token'),
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
