import type { ProviderProfile } from '../conformance-types';
import { OpenAiFake } from '../../fakes/openai-fake';

const API_KEY = 'azure-conformance-key-0123456789';

export const profile: ProviderProfile = {
  type: 'azure-openai',
  // In the deployments form an endpoint's model is the deployment, named in the path (and echoed in the body).
  model: 'gpt-4o-prod',
  embeddingsModel: 'embed-prod',
  reportsCacheWrites: false,
  startFake: () =>
    OpenAiFake.start({
      basePath: '',
      paths: { chat: /^\/openai\/deployments\/gpt-4o-prod\/chat\/completions$/, embeddings: /^\/openai\/deployments\/embed-prod\/embeddings$/ },
      rules: (req) => (req.query['api-version'] ? undefined : 'Missing required query parameter: api-version'),
    }),
  connection: (fake) => ({ base_url: fake.baseUrl, api_key: API_KEY }),
  apiKey: API_KEY,
  checkAuth: (seen) => {
    if (seen.headers['api-key'] !== API_KEY) return 'api-key is not the connection key';
    if (seen.headers.authorization !== undefined) return 'an authorization header was sent as well';
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
    // Azure deployments of reasoning models that expose their reasoning (DeepSeek-R1 on Azure AI Foundry) send reasoning_content.
    reasoning: true,
    embeddings: true,
    'error-401': true,
    'error-429': true,
    'error-500': true,
  },
};
