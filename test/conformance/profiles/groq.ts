import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';
import { GROQ_FAKE } from '../../fakes/rules/groq-chat';

const API_KEY = 'gsk_conformance_key_0123456789';

export const profile: ProviderProfile = {
  type: 'groq',
  model: 'llama-3.3-70b-versatile',
  reportsCacheWrites: false,
  startFake: () => OpenAiFake.start(GROQ_FAKE),
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
    embeddings: { unsupported: 'Groq has no embeddings API (chat, audio and the Responses API only)' },
    'error-401': true,
    'error-429': true,
    'error-500': true,
  },
};
