import type { ChatRequest } from '@model-gateway/core';
import { encodeChatRequest } from '@model-gateway/format-openai';
import { normalizeAnswer, rewriteChatBody } from '@model-gateway/provider-openai';
import { TOGETHER_DIALECT } from './together-dialect';
import { catalogProvider } from '../catalog-provider';
import { DIALECT_ROWS } from '../rows/dialect-rows';

const togetherProvider = catalogProvider(DIALECT_ROWS.find((row) => row.type === 'together')!);

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
const wire = (over: Partial<ChatRequest> = {}) => rewriteChatBody(encodeChatRequest(request(over), 'meta-llama/Llama-3.3-70B-Instruct-Turbo'), request(over), TOGETHER_DIALECT);

describe('Together dialect', () => {
  it('sends the canonical top-k as top_k', () => {
    expect(wire({ topK: 40 })).toMatchObject({ top_k: 40 });
  });

  it('relays Together\'s own sampling extras and OpenAI\'s fields unchanged', () => {
    const body = wire({ seed: 1, n: 2, user: 'u', extra: { repetition_penalty: 1.1 } });
    expect(body).toMatchObject({ seed: 1, n: 2, user: 'u', repetition_penalty: 1.1 });
  });

  it('reads reasoning from `reasoning`', () => {
    const answer = { id: 'x', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'a', reasoning: 'r' } }] };
    expect((normalizeAnswer(answer, 'message', TOGETHER_DIALECT) as any).choices[0].message).toEqual({ role: 'assistant', content: 'a', reasoning_content: 'r' });
  });

  it('serves chat, embeddings and responses under its base URL', () => {
    const connection = togetherProvider.createConnection({ name: 't', type: 'together', baseUrl: 'https://api.together.xyz/v1', headers: {}, options: {} });
    expect(connection.passthrough?.('openai', 'embeddings', 'm')?.url).toBe('https://api.together.xyz/v1/embeddings');
    expect(connection.passthrough?.('openai', 'responses', 'm')?.url).toBe('https://api.together.xyz/v1/responses');
  });
});
