import type { ChatRequest } from '@model-gateway/core';
import { encodeChatRequest, encodeEmbeddingsRequest } from '@model-gateway/format-openai';
import { normalizeAnswer, rewriteChatBody, rewriteEmbeddingsBody } from '@model-gateway/provider-openai';
import { MISTRAL_DIALECT } from './mistral-dialect';
import { catalogProvider } from '../catalog-provider';
import { DIALECT_ROWS } from '../rows/dialect-rows';

const mistralProvider = catalogProvider(DIALECT_ROWS.find((row) => row.type === 'mistral')!);

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
const wire = (over: Partial<ChatRequest> = {}) => rewriteChatBody(encodeChatRequest(request(over), 'mistral-small-latest'), request(over), MISTRAL_DIALECT);

describe('Mistral dialect', () => {
  it('sends the seed as random_seed', () => {
    expect(wire({ seed: 42 })).toMatchObject({ random_seed: 42 });
    expect(wire({ seed: 42 })).not.toHaveProperty('seed');
  });

  it('sends max_completion_tokens as max_tokens', () => {
    expect(wire({ maxTokens: 64, extra: { max_completion_tokens: 64 } })).toMatchObject({ max_tokens: 64 });
    expect(wire({ maxTokens: 64, extra: { max_completion_tokens: 64 } })).not.toHaveProperty('max_completion_tokens');
  });

  it('spells tool_choice "required" as "any" and keeps auto, none and a named function', () => {
    const tools = [{ name: 'f', parameters: { type: 'object' } }];
    expect(wire({ tools, toolChoice: 'required' }).tool_choice).toBe('any');
    expect(wire({ tools, toolChoice: 'none' }).tool_choice).toBe('none');
    expect(wire({ tools, toolChoice: { name: 'f' } }).tool_choice).toEqual({ type: 'function', function: { name: 'f' } });
  });

  it('maps tool call ids to nine letters or digits, consistently between the call and its result', () => {
    const messages: ChatRequest['messages'] = [
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'call_1', name: 'f', arguments: '{}' }] },
      { role: 'tool', content: 'sunny', toolCallId: 'call_1' },
    ];
    const out = wire({ messages }).messages as any[];
    expect(out[1].tool_calls[0].id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(out[2].tool_call_id).toBe(out[1].tool_calls[0].id);
  });

  it('leaves stream_options out (Mistral reports usage at the end of every stream)', () => {
    const body = wire({ stream: true, streamUsage: true });
    expect(body.stream).toBe(true);
    expect(body).not.toHaveProperty('stream_options');
  });

  it('drops user (it does not change the answer) and top-k (a sampling hint, reported), and refuses logit_bias by name', () => {
    expect(wire({ user: 'u-1' })).not.toHaveProperty('user');
    expect(() => wire({ extra: { logit_bias: { '5': 1 } } })).toThrow(expect.objectContaining({ param: 'logit_bias' }));
    const dropped: string[] = [];
    const body = rewriteChatBody(encodeChatRequest(request({ topK: 5 }), 'mistral-small-latest'), request({ topK: 5 }), MISTRAL_DIALECT, (field) => dropped.push(field));
    expect(body).not.toHaveProperty('top_k');
    expect(dropped).toEqual(['topK']);
  });

  it('reads a reasoning model\'s thinking chunks as reasoning and its text chunks as content', () => {
    const answer = { id: 'x', created: 1, model: 'm', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: [{ type: 'thinking', thinking: [{ type: 'text', text: 'plan' }] }, { type: 'text', text: 'done' }] } }] };
    expect((normalizeAnswer(answer, 'message', MISTRAL_DIALECT) as any).choices[0].message).toEqual({ role: 'assistant', content: 'done', reasoning_content: 'plan' });
  });

  it('sends a developer message as system and leaves out the refusal and annotations an assistant turn echoes', () => {
    const messages: ChatRequest['messages'] = [
      { role: 'developer', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello', refusal: null, extra: { annotations: [] } },
    ];
    expect(wire({ messages }).messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello' },
    ]);
  });

  it('gives relayed bodies the same dialect: random_seed, max_tokens, system, no stream_options', () => {
    const connection = mistralProvider.createConnection({ name: 'm', type: 'mistral', baseUrl: 'https://api.mistral.ai/v1', headers: {}, options: {} });
    const target = connection.passthrough?.('openai', 'chat/completions', 'm');
    const body = { model: 'ep', seed: 3, max_completion_tokens: 9, stream: true, stream_options: { include_usage: true }, messages: [{ role: 'developer', content: 'x' }] };
    expect(target?.rewriteBody?.(body)).toEqual({ model: 'ep', random_seed: 3, max_tokens: 9, stream: true, messages: [{ role: 'system', content: 'x' }] });
    expect(connection.passthrough?.('openai', 'embeddings', 'm')?.rewriteBody?.({ model: 'ep', input: 'a', dimensions: 8 })).toEqual({ model: 'ep', input: 'a', output_dimension: 8 });
  });

  it('sends an embeddings size as output_dimension', () => {
    const body = rewriteEmbeddingsBody(encodeEmbeddingsRequest({ input: ['a'], encodingFormat: 'float', dimensions: 512, extra: {} }, 'mistral-embed'), MISTRAL_DIALECT);
    expect(body).toEqual({ model: 'mistral-embed', input: ['a'], output_dimension: 512 });
  });

  it('serves chat and embeddings at {base_url}/{operation}, nothing else', () => {
    const connection = mistralProvider.createConnection({ name: 'm', type: 'mistral', baseUrl: 'https://api.mistral.ai/v1', headers: {}, options: {} });
    expect(connection.passthrough?.('openai', 'chat/completions', 'm')?.url).toBe('https://api.mistral.ai/v1/chat/completions');
    expect(connection.passthrough?.('openai', 'embeddings', 'm')?.url).toBe('https://api.mistral.ai/v1/embeddings');
    expect(connection.passthrough?.('openai', 'responses', 'm')).toBeUndefined();
  });
});
