import type { ProviderProfile } from '../conformance-types';
import { BedrockFake } from '../../fakes/bedrock-fake';
import { sigV4Problem } from '../../fakes/bedrock-credentials';

/**
 * Temporary credentials (with a session token) in a region other than the default,
 * and a cross-region inference profile ARN as the model: its ':' and '/' must arrive
 * URL-encoded as one path segment, and the signature must cover that encoded path.
 */
const KEYS = {
  accessKeyId: 'ASIACONFORMANCE0001',
  secretAccessKey: 'conformance/Secret+Key/0123456789abcdefEXAMPLE',
  sessionToken: 'conformance-session-token-0123456789',
  region: 'eu-central-1',
};

export const profile: ProviderProfile = {
  type: 'bedrock',
  model: 'arn:aws:bedrock:eu-central-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-4-20250514-v1:0',
  // Cohere embeds both inputs in one InvokeModel call, so the fake sees them in order; Titan's
  // one-call-per-text path (concurrent calls) is covered by test/clients/openai-sdk-to-bedrock.test.ts.
  embeddingsModel: 'cohere.embed-english-v3',
  reportsCacheWrites: true,
  startFake: () => BedrockFake.start({ authCheck: (seen) => sigV4Problem(seen, KEYS) }),
  connection: (fake) => ({
    base_url: fake.baseUrl,
    region: KEYS.region,
    access_key_id: KEYS.accessKeyId,
    secret_access_key: KEYS.secretAccessKey,
    session_token: KEYS.sessionToken,
  }),
  apiKey: KEYS.secretAccessKey,
  checkAuth: (seen) => sigV4Problem(seen, KEYS),
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
