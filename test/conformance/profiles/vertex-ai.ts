import { generateKeyPairSync } from 'node:crypto';
import type { ConformanceFake, ProviderProfile, SeenRequest } from '../conformance-types';
import { VertexAiFake, type VertexRequest } from '../../fakes/vertex-ai-fake';

/**
 * Vertex AI with a service account the test makes: the gateway must sign a JWT with its
 * private key, trade it at the fake's token endpoint and send the token it got as a
 * Bearer token. This profile runs the scenarios for a Gemini model; `claudeProfile`
 * (run by plugins/provider-vertex-ai/src/vertex-claude-conformance.test.ts) runs them
 * for Claude on Vertex against the same fake.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const SERVICE_ACCOUNT = {
  clientEmail: 'gateway@conformance-project.iam.gserviceaccount.com',
  privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  project: 'conformance-project',
  location: 'europe-west4',
};

/** The key file's JSON text, as an operator would paste it into a secret. */
export function serviceAccountJson(fake: VertexAiFake): string {
  return JSON.stringify({
    type: 'service_account',
    project_id: SERVICE_ACCOUNT.project,
    private_key_id: 'conformance-key-1',
    private_key: SERVICE_ACCOUNT.privateKeyPem,
    client_email: SERVICE_ACCOUNT.clientEmail,
    token_uri: fake.tokenEndpoint.url,
  });
}

const startFake = () => VertexAiFake.start({ clientEmail: SERVICE_ACCOUNT.clientEmail, publicKey, project: SERVICE_ACCOUNT.project, location: SERVICE_ACCOUNT.location });

/** The project comes from the key; only the location is configured. */
const connection = (fake: ConformanceFake) => ({ base_url: fake.baseUrl, location: SERVICE_ACCOUNT.location, service_account_json: serviceAccountJson(fake as VertexAiFake) });

const checkAuth = (seen: SeenRequest) => (seen as VertexRequest).authProblem;

export const profile: ProviderProfile = {
  type: 'vertex-ai',
  model: 'gemini-2.5-flash',
  embeddingsModel: 'text-embedding-005',
  reportsCacheWrites: false,
  startFake,
  connection,
  // Every access token the fake issues starts so; none may reach a client or a log line.
  apiKey: 'ya29.conformance-',
  checkAuth,
  scenarios: {
    chat: true,
    stream: true,
    tools: true,
    'parallel-tools': true,
    'stream-tools': {
      unsupported: 'Gemini on Vertex sends each functionCall whole unless streamFunctionCallArguments is asked for, which the gateway does not do yet; there are no argument deltas to split',
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

/** The same fake and connection with a Claude model: Anthropic's Messages format at rawPredict. */
export const claudeProfile: ProviderProfile = {
  ...profile,
  model: 'claude-sonnet-4@20250514',
  embeddingsModel: undefined,
  reportsCacheWrites: true,
  scenarios: {
    ...profile.scenarios,
    'stream-tools': true,
    embeddings: { unsupported: 'Anthropic has no embeddings model, on Vertex AI or elsewhere' },
  },
};
