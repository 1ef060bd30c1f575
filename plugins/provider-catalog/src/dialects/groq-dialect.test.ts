import type { ChatRequest } from '@model-gateway/core';
import { encodeChatRequest } from '@model-gateway/format-openai';
import { normalizeAnswer, rewriteChatBody } from '@model-gateway/provider-openai';
import { GROQ_DIALECT } from './groq-dialect';
import { catalogProvider } from '../catalog-provider';
import { DIALECT_ROWS } from '../rows/dialect-rows';

const groqProvider = catalogProvider(DIALECT_ROWS.find((row) => row.type === 'groq')!);

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
const wire = (over: Partial<ChatRequest> = {}) => rewriteChatBody(encodeChatRequest(request(over), 'llama-3.3-70b-versatile'), request(over), GROQ_DIALECT);

describe('Groq dialect', () => {
  it('passes an ordinary request through unchanged, stream_options included', () => {
    const over: Partial<ChatRequest> = { temperature: 0.5, seed: 3, stream: true, streamUsage: true };
    expect(wire(over)).toEqual(encodeChatRequest(request(over), 'llama-3.3-70b-versatile'));
  });

  it('accepts n = 1 and refuses n > 1 with a 400 naming n', () => {
    expect(wire({ n: 1 }).n).toBe(1);
    expect(() => wire({ n: 2 })).toThrow(expect.objectContaining({ code: 'invalid_parameter', status: 400, param: 'n', message: 'n: not supported by Groq (Groq only generates one choice).' }));
  });

  it('refuses logprobs (unless false), top_logprobs and logit_bias', () => {
    expect(wire({ extra: { logprobs: false } }).logprobs).toBe(false);
    expect(() => wire({ extra: { logprobs: true } })).toThrow(expect.objectContaining({ param: 'logprobs' }));
    expect(() => wire({ extra: { top_logprobs: 2 } })).toThrow(expect.objectContaining({ param: 'top_logprobs' }));
    expect(() => wire({ extra: { logit_bias: { '1': 1 } } })).toThrow(expect.objectContaining({ param: 'logit_bias' }));
  });

  it('refuses a message name, naming the message', () => {
    expect(() => wire({ messages: [{ role: 'user', content: 'hi', name: 'ann' }] })).toThrow(expect.objectContaining({ param: 'messages[0].name' }));
  });

  it("leaves out a tool message's name (a Gemini functionResponse's) instead of refusing it", () => {
    const messages: ChatRequest['messages'] = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{}' }] },
      { role: 'tool', name: 'get_weather', toolCallId: 'c1', content: '18C' },
    ];
    expect((wire({ messages }).messages as any[])[2]).toEqual({ role: 'tool', content: '18C', tool_call_id: 'c1' });
    const connection = groqProvider.createConnection({ name: 'g', type: 'groq', baseUrl: 'https://api.groq.com/openai/v1', headers: {}, options: {} });
    const relayed = connection.passthrough?.('openai', 'chat/completions', 'm')?.rewriteBody?.({ model: 'ep', messages: [{ role: 'tool', name: 'f', tool_call_id: 'c1', content: 'ok' }] });
    expect(relayed).toEqual({ model: 'ep', messages: [{ role: 'tool', tool_call_id: 'c1', content: 'ok' }] });
  });

  it('drops top-k (Groq has none) and reports it, rather than refusing a sampling hint', () => {
    const dropped: string[] = [];
    const body = rewriteChatBody(encodeChatRequest(request({ topK: 10 }), 'llama-3.3-70b-versatile'), request({ topK: 10 }), GROQ_DIALECT, (field) => dropped.push(field));
    expect(body).not.toHaveProperty('top_k');
    expect(dropped).toEqual(['topK']);
  });

  it('reads parsed reasoning from `reasoning`', () => {
    const chunk = { id: 'x', created: 1, model: 'm', choices: [{ index: 0, delta: { reasoning: 'thinking' }, finish_reason: null }] };
    expect((normalizeAnswer(chunk, 'delta', GROQ_DIALECT) as any).choices[0].delta).toEqual({ reasoning_content: 'thinking' });
  });

  it('has no embeddings route, and says so in its capabilities', () => {
    const connection = groqProvider.createConnection({ name: 'g', type: 'groq', baseUrl: 'https://api.groq.com/openai/v1', headers: {}, options: {} });
    expect(groqProvider.capabilities.embeddings).toBe(false);
    expect(connection.passthrough?.('openai', 'embeddings', 'm')).toBeUndefined();
    expect(connection.passthrough?.('openai', 'chat/completions', 'm')?.url).toBe('https://api.groq.com/openai/v1/chat/completions');
  });
});
