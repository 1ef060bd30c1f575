import type { ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';

/** Never configured: a local Ollama takes no key. The runner still checks this text never reaches logs or clients. */
const NO_KEY = 'ollama-has-no-key-configured';

export const profile: ProviderProfile = {
  type: 'ollama',
  model: 'llama3.2',
  embeddingsModel: 'nomic-embed-text',
  reportsCacheWrites: false,
  startFake: () => OpenAiFake.start({ basePath: '/v1', reasoning: 'reasoning' }),
  connection: (fake) => ({ base_url: fake.baseUrl }),
  apiKey: NO_KEY,
  checkAuth: (seen) => (seen.headers.authorization === undefined ? undefined : 'an authorization header was sent to a server that takes no key'),
  scenarios: {
    chat: true,
    stream: true,
    tools: true,
    'parallel-tools': true,
    'stream-tools': true,
    'tool-result': true,
    vision: true,
    'json-schema': true,
    'cache-usage': { unsupported: "Ollama's OpenAI-compatible usage reports no prompt-cache reads (it keeps its KV cache without counting it)" },
    reasoning: true,
    embeddings: true,
    // A local server without keys never rejects one; the gateway's mapping of a 401 is still checked for the keyed providers.
    'error-401': { unsupported: 'Ollama takes no key, so there is no key for it to reject' },
    'error-429': true,
    'error-500': true,
  },
};
