import { bearerAuth, type ProviderProfile } from '../conformance-types';
import { OpenAiFake, type OpenAiRequest } from '../../fakes/openai-fake';

const API_KEY = 'gsk_conformance_key_0123456789';

/** The fields Groq answers with a 400 (its OpenAI compatibility page). */
function groqRules(req: OpenAiRequest): string | undefined {
  const body = req.body ?? {};
  if (body.n !== undefined && body.n !== 1) return "'n' : number must be at most 1";
  for (const field of ['logprobs', 'logit_bias', 'top_logprobs']) if (body[field] !== undefined && body[field] !== false) return `'${field}' : property '${field}' is unsupported`;
  const named = (body.messages ?? []).findIndex((m: any) => m.name !== undefined);
  return named >= 0 ? `'messages.${named}' : property 'name' is unsupported` : undefined;
}

export const profile: ProviderProfile = {
  type: 'groq',
  model: 'llama-3.3-70b-versatile',
  reportsCacheWrites: false,
  startFake: () => OpenAiFake.start({ basePath: '/openai/v1', reasoning: 'reasoning', rules: groqRules }),
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
