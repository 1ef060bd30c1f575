import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake, type OpenAiRequest } from '../../fakes/openai-fake';

const API_KEY = 'mistral-conformance-key-0123456789';
const TOOL_CALL_ID = /^[a-zA-Z0-9]{9}$/;

/** Rules Mistral's API enforces that a missing dialect rewrite would break (its schema forbids extra fields). */
function mistralRules(req: OpenAiRequest): string | undefined {
  const body = req.body ?? {};
  if (req.kind === 'embeddings') return body.dimensions !== undefined ? 'dimensions: Extra inputs are not permitted' : undefined;
  for (const field of ['seed', 'stream_options', 'max_completion_tokens', 'user']) {
    if (body[field] !== undefined) return `${field}: Extra inputs are not permitted`;
  }
  if (typeof body.tool_choice === 'string' && !['auto', 'none', 'any', 'required'].includes(body.tool_choice)) return `tool_choice: invalid value ${body.tool_choice}`;
  for (const message of body.messages ?? []) {
    const ids = [...(message.tool_calls ?? []).map((c: any) => c.id), ...(message.tool_call_id !== undefined ? [message.tool_call_id] : [])];
    const bad = ids.find((id: unknown) => !TOOL_CALL_ID.test(String(id)));
    if (bad !== undefined) return `Tool call id was ${bad} but must be a-z, A-Z, 0-9, with a length of 9.`;
  }
  return undefined;
}

export const profile: ProviderProfile = {
  type: 'mistral',
  model: 'mistral-small-latest',
  embeddingsModel: 'mistral-embed',
  reportsCacheWrites: false,
  startFake: () => OpenAiFake.start({ basePath: '/v1', reasoning: 'thinking-chunks', streamUsage: 'always', errorShape: 'flat', rules: mistralRules }),
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
