import type { ChatRequest } from '@model-gateway/core';
import { encodeChatRequest } from '@model-gateway/format-openai';
import { normalizeAnswer, rewriteChatBody } from '@model-gateway/provider-openai';
import { OLLAMA_DIALECT } from './ollama-dialect';
import { catalogProvider } from '../catalog-provider';
import { DIALECT_ROWS } from '../rows/dialect-rows';

const ollamaProvider = catalogProvider(DIALECT_ROWS.find((row) => row.type === 'ollama')!);

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
const wire = (over: Partial<ChatRequest> = {}) => rewriteChatBody(encodeChatRequest(request(over), 'llama3.2'), request(over), OLLAMA_DIALECT);

describe('Ollama dialect', () => {
  it('passes the fields Ollama reads through unchanged, stream_options and reasoning_effort included', () => {
    const over: Partial<ChatRequest> = { seed: 1, temperature: 0.1, stop: ['x'], stream: true, streamUsage: true, reasoning: { effort: 'low' } };
    expect(wire(over)).toEqual(encodeChatRequest(request(over), 'llama3.2'));
  });

  it('refuses n > 1 and logit_bias by name, drops user, and drops top-k (a sampling hint, reported)', () => {
    expect(() => wire({ n: 3 })).toThrow(expect.objectContaining({ code: 'invalid_parameter', param: 'n' }));
    expect(() => wire({ extra: { logit_bias: {} } })).toThrow(expect.objectContaining({ param: 'logit_bias' }));
    expect(wire({ user: 'u' })).not.toHaveProperty('user');
    const dropped: string[] = [];
    const body = rewriteChatBody(encodeChatRequest(request({ topK: 4 }), 'llama3.2'), request({ topK: 4 }), OLLAMA_DIALECT, (field) => dropped.push(field));
    expect(body).not.toHaveProperty('top_k');
    expect(dropped).toEqual(['topK']);
  });

  it('reads thinking from `reasoning`', () => {
    const answer = { id: 'x', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'a', reasoning: 'r' } }] };
    expect((normalizeAnswer(answer, 'message', OLLAMA_DIALECT) as any).choices[0].message.reasoning_content).toBe('r');
  });

  it('needs no key and defaults to the local server', () => {
    expect(ollamaProvider.requiresApiKey).toBe(false);
    expect(ollamaProvider.apiKeyEnv).toBeUndefined();
    const connection = ollamaProvider.createConnection({ name: 'o', type: 'ollama', baseUrl: ollamaProvider.defaultBaseUrl, headers: {}, options: {} });
    expect(connection.passthrough?.('openai', 'chat/completions', 'm')?.url).toBe('http://127.0.0.1:11434/v1/chat/completions');
  });
});
