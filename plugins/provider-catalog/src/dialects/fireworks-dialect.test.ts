import type { ChatRequest } from '@model-gateway/core';
import { encodeChatRequest } from '@model-gateway/format-openai';
import { rewriteChatBody } from '@model-gateway/provider-openai';
import { FIREWORKS_DIALECT } from './fireworks-dialect';
import { catalogProvider } from '../catalog-provider';
import { DIALECT_ROWS } from '../rows/dialect-rows';

const fireworksProvider = catalogProvider(DIALECT_ROWS.find((row) => row.type === 'fireworks')!);

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
const wire = (over: Partial<ChatRequest> = {}) => rewriteChatBody(encodeChatRequest(request(over), 'accounts/fireworks/models/llama-v3p3-70b-instruct'), request(over), FIREWORKS_DIALECT);

describe('Fireworks dialect', () => {
  it('sends the canonical top-k as top_k and everything else as OpenAI would', () => {
    const over: Partial<ChatRequest> = { topK: 8, temperature: 0.3, n: 2, reasoning: { effort: 'low' } };
    expect(wire(over)).toEqual({ ...encodeChatRequest(request(over), 'accounts/fireworks/models/llama-v3p3-70b-instruct'), top_k: 8 });
  });

  it('serves chat and embeddings under /inference/v1', () => {
    const connection = fireworksProvider.createConnection({ name: 'f', type: 'fireworks', baseUrl: 'https://api.fireworks.ai/inference/v1', headers: {}, options: {} });
    expect(connection.passthrough?.('openai', 'chat/completions', 'm')?.url).toBe('https://api.fireworks.ai/inference/v1/chat/completions');
    expect(connection.passthrough?.('openai', 'embeddings', 'm')?.url).toBe('https://api.fireworks.ai/inference/v1/embeddings');
  });
});
