import { GatewayError, type ChatRequest } from '@model-gateway/core';
import { encodeAnthropicRequest, JSON_OBJECT_INSTRUCTION } from './encode-request';

const PNG = 'iVBORw0KGgo=';
const chat = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'Hi' }], stream: false, streamUsage: false, extra: {}, ...over });

function rejection(request: ChatRequest): GatewayError {
  try {
    encodeAnthropicRequest(request, 'claude');
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('encodeAnthropicRequest', () => {
  it('sends the documented default max_tokens when the client gives none, or the connection default', () => {
    expect(encodeAnthropicRequest(chat(), 'claude-x')).toEqual({ model: 'claude-x', max_tokens: 4096, messages: [{ role: 'user', content: 'Hi' }] });
    expect(encodeAnthropicRequest(chat(), 'c', { defaultMaxTokens: 1000 }).max_tokens).toBe(1000);
    expect(encodeAnthropicRequest(chat({ maxTokens: 12 }), 'c', { defaultMaxTokens: 1000 }).max_tokens).toBe(12);
  });

  it('gathers system and developer messages into system, in order', () => {
    const body = encodeAnthropicRequest(chat({
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'user', content: 'Hi' },
        { role: 'developer', content: [{ type: 'text', text: 'Use French.' }] },
      ],
    }), 'c');
    expect(body.system).toEqual([{ type: 'text', text: 'Be terse.' }, { type: 'text', text: 'Use French.' }]);
    expect(encodeAnthropicRequest(chat({ messages: [{ role: 'system', content: 'Only one.' }, { role: 'user', content: 'x' }] }), 'c').system).toBe('Only one.');
  });

  it('merges consecutive same-role turns and puts tool results in one user turn', () => {
    const body = encodeAnthropicRequest(chat({
      messages: [
        { role: 'user', content: 'a' },
        { role: 'user', content: 'b' },
        { role: 'assistant', content: null, toolCalls: [{ id: 't1', name: 'f', arguments: '{"x":1}' }, { id: 't2', name: 'f', arguments: '' }] },
        { role: 'tool', toolCallId: 't1', content: 'one' },
        { role: 'tool', toolCallId: 't2', content: [{ type: 'text', text: 'two' }] },
        { role: 'user', content: 'thanks' },
      ],
    }), 'c');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: { x: 1 } }, { type: 'tool_use', id: 't2', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: 'one' },
          { type: 'tool_result', tool_use_id: 't2', content: [{ type: 'text', text: 'two' }] },
          { type: 'text', text: 'thanks' },
        ],
      },
    ]);
  });

  it("rewrites tool-call ids Anthropic would refuse, the same way in the call and its result", () => {
    const body = encodeAnthropicRequest(chat({
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: null, toolCalls: [{ id: 'fn:get.weather/0', name: 'f', arguments: '{}' }] },
        { role: 'tool', toolCallId: 'fn:get.weather/0', content: 'r' },
      ],
    }), 'c');
    const [, assistant, results] = body.messages as Array<{ content: Array<Record<string, unknown>> }>;
    expect(assistant.content[0].id).toBe('fn_get_weather_0');
    expect(results.content[0].tool_use_id).toBe('fn_get_weather_0');
  });

  it('sends images as base64 or url sources', () => {
    const body = encodeAnthropicRequest(chat({
      messages: [{ role: 'user', content: [{ type: 'text', text: 'see' }, { type: 'image', url: `data:image/png;base64,${PNG}`, detail: 'high' }, { type: 'image', url: 'https://x.test/cat.jpg' }] }],
    }), 'c');
    expect(body.messages).toEqual([{
      role: 'user',
      content: [
        { type: 'text', text: 'see' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        { type: 'image', source: { type: 'url', url: 'https://x.test/cat.jpg' } },
      ],
    }]);
  });

  it('rejects an image URL that is neither http(s) nor a base64 data URL', () => {
    const error = rejection(chat({ messages: [{ role: 'user', content: [{ type: 'image', url: 'ftp://x/y.png' }] }] }));
    expect(error).toMatchObject({ code: 'invalid_parameter', param: 'messages[0].content[0].image_url.url' });
  });

  it('sends reasoning back as a thinking block only with its signature', () => {
    const signed = encodeAnthropicRequest(chat({ messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a', reasoning: 'hmm', reasoningSignature: 'sig' }] }), 'c');
    expect((signed.messages as unknown[])[1]).toEqual({ role: 'assistant', content: [{ type: 'thinking', thinking: 'hmm', signature: 'sig' }, { type: 'text', text: 'a' }] });
    const unsigned = encodeAnthropicRequest(chat({ messages: [{ role: 'user', content: 'q' }, { role: 'assistant', content: 'a', reasoning: 'hmm' }] }), 'c');
    expect((unsigned.messages as unknown[])[1]).toEqual({ role: 'assistant', content: 'a' });
  });

  it('rejects tool-call arguments that are not a JSON object, naming them', () => {
    const messages: ChatRequest['messages'] = [{ role: 'user', content: 'q' }, { role: 'assistant', content: null, toolCalls: [{ id: 't', name: 'f', arguments: '{nope' }] }];
    expect(rejection(chat({ messages }))).toMatchObject({ code: 'invalid_parameter', param: 'messages[1].tool_calls[0].function.arguments', status: 400 });
    messages[1].toolCalls![0].arguments = '[1]';
    expect(rejection(chat({ messages })).param).toBe('messages[1].tool_calls[0].function.arguments');
  });

  it('maps sampling, stop, stream, user and tools with every tool_choice', () => {
    const tools = [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: true }, { name: 'noop' }];
    const body = encodeAnthropicRequest(chat({ temperature: 0.3, topP: 0.9, topK: 40, stop: ['END'], stream: true, user: 'u-1', tools, toolChoice: 'auto' }), 'c');
    expect(body).toMatchObject({
      temperature: 0.3, top_p: 0.9, top_k: 40, stop_sequences: ['END'], stream: true, metadata: { user_id: 'u-1' },
      tools: [
        { type: 'custom', name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } }, strict: true },
        { type: 'custom', name: 'noop', input_schema: { type: 'object', properties: {} } },
      ],
      tool_choice: { type: 'auto' },
    });
    const choice = (over: Partial<ChatRequest>) => encodeAnthropicRequest(chat({ tools, ...over }), 'c').tool_choice;
    expect(choice({ toolChoice: 'required' })).toEqual({ type: 'any' });
    expect(choice({ toolChoice: 'none' })).toEqual({ type: 'none' });
    expect(choice({ toolChoice: { name: 'noop' } })).toEqual({ type: 'tool', name: 'noop' });
    expect(choice({})).toBeUndefined();
    expect(choice({ parallelToolCalls: false })).toEqual({ type: 'auto', disable_parallel_tool_use: true });
    expect(choice({ toolChoice: 'required', parallelToolCalls: false })).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(choice({ toolChoice: 'none', parallelToolCalls: false })).toEqual({ type: 'none' });
  });

  it('marks every function tool custom, so one named like a server tool (web_fetch, bash) stays a client tool', () => {
    const tools = ['web_fetch', 'bash', 'str_replace_based_edit_tool'].map((name) => ({ name }));
    const body = encodeAnthropicRequest(chat({ tools }), 'c');
    expect((body.tools as Array<{ type: string }>).map((t) => t.type)).toEqual(['custom', 'custom', 'custom']);
  });

  it('maps reasoning effort and budgets to thinking, keeping room for the answer', () => {
    const thinking = (reasoning: ChatRequest['reasoning'], maxTokens?: number) => {
      const body = encodeAnthropicRequest(chat({ reasoning, maxTokens }), 'c');
      return { thinking: body.thinking, max_tokens: body.max_tokens };
    };
    expect(thinking({ effort: 'low' }, 100)).toEqual({ thinking: { type: 'enabled', budget_tokens: 2048 }, max_tokens: 2148 });
    expect(thinking({ effort: 'medium' }, 20_000)).toEqual({ thinking: { type: 'enabled', budget_tokens: 8192 }, max_tokens: 20_000 });
    expect(thinking({ effort: 'high' })).toEqual({ thinking: { type: 'enabled', budget_tokens: 24_576 }, max_tokens: 24_576 + 4096 });
    expect(thinking({ effort: 'minimal', budgetTokens: 5000 }, 10_000)).toEqual({ thinking: { type: 'enabled', budget_tokens: 5000 }, max_tokens: 10_000 });
    expect(thinking({ budgetTokens: 100 }, 10_000).thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(thinking({ budgetTokens: 0 }, 10).thinking).toBeUndefined();
    expect(thinking({ effort: 'none' }, 10).thinking).toBeUndefined();
  });

  it('uses structured outputs for json_schema, closing open objects, and an instruction for json_object', () => {
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    const body = encodeAnthropicRequest(chat({ responseFormat: { type: 'json_schema', name: 'answer', schema, strict: true } }), 'c');
    expect(body.output_config).toEqual({ format: { type: 'json_schema', schema: { ...schema, additionalProperties: false } } });
    expect(body.system).toBeUndefined();

    const object = encodeAnthropicRequest(chat({ messages: [{ role: 'system', content: 'S' }, { role: 'user', content: 'x' }], responseFormat: { type: 'json_object' } }), 'c');
    expect(object.output_config).toBeUndefined();
    expect(object.system).toEqual([{ type: 'text', text: 'S' }, { type: 'text', text: JSON_OBJECT_INSTRUCTION }]);
    expect(encodeAnthropicRequest(chat({ responseFormat: { type: 'text' } }), 'c').system).toBeUndefined();
  });

  it.each<[string, Partial<ChatRequest>, string]>([
    ['n > 1', { n: 2 }, 'n'],
    ['a presence penalty', { presencePenalty: 0.5 }, 'presence_penalty'],
    ['a frequency penalty', { frequencyPenalty: -1 }, 'frequency_penalty'],
    ['a seed', { seed: 7 }, 'seed'],
    ['temperature above 1', { temperature: 1.5 }, 'temperature'],
    ['logprobs', { extra: { logprobs: true } }, 'logprobs'],
    ['top_logprobs', { extra: { top_logprobs: 2 } }, 'top_logprobs'],
    ['logit_bias', { extra: { logit_bias: { 50256: -100 } } }, 'logit_bias'],
    ['audio output', { extra: { modalities: ['text', 'audio'] } }, 'modalities'],
    ['predicted outputs', { extra: { prediction: { type: 'content', content: 'x' } } }, 'prediction'],
  ])('rejects %s with a 400 naming the parameter', (_, over, param) => {
    expect(rejection(chat(over))).toMatchObject({ code: 'invalid_parameter', status: 400, param });
  });

  it('accepts the neutral values of those parameters and drops other formats\' bookkeeping fields', () => {
    const body = encodeAnthropicRequest(chat({ n: 1, presencePenalty: 0, frequencyPenalty: 0, extra: { logprobs: false, logit_bias: {}, store: false, stream_options: { include_usage: true } } }), 'c');
    expect(body).toEqual({ model: 'c', max_tokens: 4096, messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('rejects a conversation with no user or assistant turn', () => {
    expect(rejection(chat({ messages: [{ role: 'system', content: 'only' }] }))).toMatchObject({ param: 'messages' });
  });

  it('rejects an image in the system prompt', () => {
    expect(rejection(chat({ messages: [{ role: 'system', content: [{ type: 'image', url: 'https://x/y.png' }] }, { role: 'user', content: 'x' }] })).param).toBe('messages[0].content[0]');
  });
});
