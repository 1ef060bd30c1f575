import { GatewayError, type ChatRequest } from '@model-gateway/core';
import type { OpenAiDialect } from './openai-dialect';
import { rewriteChatBody, rewriteEmbeddingsBody } from './rewrite-request';

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
const body = (over: Record<string, unknown> = {}) => ({ model: 'm', messages: [{ role: 'user', content: 'hi' }], ...over });

function refusal(fn: () => unknown): GatewayError {
  try {
    fn();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('rewriteChatBody', () => {
  const plain: OpenAiDialect = { label: 'Plain' };

  it('hands back a body with nothing to rewrite as it is, without copying it', () => {
    const input = body({ temperature: 0.2 });
    const out = rewriteChatBody(input, request(), plain);
    expect(out).toBe(input);
    expect(input).toEqual(body({ temperature: 0.2 }));
  });

  it('rewrites a copy and never mutates its input', () => {
    const dialect: OpenAiDialect = { label: 'Mistral', renameFields: { seed: 'random_seed' }, dropFields: ['user'], topKField: 'top_k' };
    const input = body({ seed: 7, user: 'u' });
    const out = rewriteChatBody(input, request({ topK: 5 }), dialect);
    expect(out).toEqual(body({ random_seed: 7, top_k: 5 }));
    expect(input).toEqual(body({ seed: 7, user: 'u' }));
  });

  it('renames fields (Mistral: seed -> random_seed, max_completion_tokens -> max_tokens)', () => {
    const dialect: OpenAiDialect = { label: 'Mistral', renameFields: { seed: 'random_seed', max_completion_tokens: 'max_tokens' } };
    expect(rewriteChatBody(body({ seed: 7, max_completion_tokens: 50 }), request(), dialect)).toEqual(body({ random_seed: 7, max_tokens: 50 }));
  });

  it('maps string tool choices and keeps a named one', () => {
    const dialect: OpenAiDialect = { label: 'Mistral', toolChoiceValues: { required: 'any' } };
    expect(rewriteChatBody(body({ tool_choice: 'required' }), request(), dialect).tool_choice).toBe('any');
    expect(rewriteChatBody(body({ tool_choice: 'auto' }), request(), dialect).tool_choice).toBe('auto');
    const named = { type: 'function', function: { name: 'f' } };
    expect(rewriteChatBody(body({ tool_choice: named }), request(), dialect).tool_choice).toEqual(named);
  });

  it('refuses an unsupported field with a 400 naming it, and lets accepted values through', () => {
    const dialect: OpenAiDialect = { label: 'Groq', unsupported: [{ field: 'n', accepts: (v) => v === 1, hint: 'only 1 is supported' }, { field: 'logit_bias' }] };
    expect(rewriteChatBody(body({ n: 1 }), request(), dialect).n).toBe(1);
    const error = refusal(() => rewriteChatBody(body({ n: 2 }), request(), dialect));
    expect(error).toMatchObject({ code: 'invalid_parameter', status: 400, param: 'n', message: 'n: not supported by Groq (only 1 is supported).' });
    expect(refusal(() => rewriteChatBody(body({ logit_bias: { '1': 2 } }), request(), dialect)).param).toBe('logit_bias');
  });

  it('refuses an unsupported message field, naming the message', () => {
    const dialect: OpenAiDialect = { label: 'Groq', unsupportedMessageFields: ['name'] };
    const messages = [{ role: 'system', content: 's' }, { role: 'user', content: 'hi', name: 'ann' }];
    expect(refusal(() => rewriteChatBody(body({ messages }), request(), dialect)).param).toBe('messages[1].name');
  });

  it('puts canonical top-k where the provider takes it, and drops and reports it (a sampling hint) where there is no such knob', () => {
    expect(rewriteChatBody(body(), request({ topK: 40 }), { label: 'Together', topKField: 'top_k' }).top_k).toBe(40);
    const dropped: string[] = [];
    expect(rewriteChatBody(body(), request({ topK: 40 }), plain, (field) => dropped.push(field))).not.toHaveProperty('top_k');
    // A client's own top_k (kept in extra, so already in the body) is dropped the same way.
    expect(rewriteChatBody(body({ top_k: 3 }), request(), plain, (field) => dropped.push(field))).not.toHaveProperty('top_k');
    expect(dropped).toEqual(['topK', 'topK']);
  });

  it('reports the fields a dialect leaves out, by their canonical names', () => {
    const dropped: string[] = [];
    rewriteChatBody(body({ user: 'u-1', seed: 7 }), request(), { label: 'Mistral', dropFields: ['user'] }, (field) => dropped.push(field));
    expect(dropped).toEqual(['user']);
  });

  it('drops stream_options for providers that reject it', () => {
    const out = rewriteChatBody(body({ stream: true, stream_options: { include_usage: true } }), request(), { label: 'Mistral', streamOptions: false });
    expect(out).toEqual(body({ stream: true }));
  });

  it('maps tool call ids that do not fit, the same way on the call and on its result', () => {
    const dialect: OpenAiDialect = { label: 'Mistral', toolCallIds: { pattern: /^[a-zA-Z0-9]{9}$/, length: 9 } };
    const messages = [
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' } }, { id: 'abcDEF123', type: 'function', function: { name: 'g', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: 'r1' },
      { role: 'tool', tool_call_id: 'abcDEF123', content: 'r2' },
    ];
    const out = rewriteChatBody(body({ messages }), request(), dialect).messages as any[];
    const mapped = out[0].tool_calls[0].id;
    expect(mapped).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(mapped).not.toBe('call_1');
    expect(out[1].tool_call_id).toBe(mapped);
    expect(out[0].tool_calls[1].id).toBe('abcDEF123');
    expect(out[2].tool_call_id).toBe('abcDEF123');
  });
});

describe('rewriteEmbeddingsBody', () => {
  it('renames embeddings fields (Mistral: dimensions -> output_dimension)', () => {
    const dialect: OpenAiDialect = { label: 'Mistral', renameEmbeddingsFields: { dimensions: 'output_dimension' } };
    expect(rewriteEmbeddingsBody({ model: 'e', input: ['a'], dimensions: 256 }, dialect)).toEqual({ model: 'e', input: ['a'], output_dimension: 256 });
    expect(rewriteEmbeddingsBody({ model: 'e', input: 'a' }, { label: 'X' })).toEqual({ model: 'e', input: 'a' });
  });
});
