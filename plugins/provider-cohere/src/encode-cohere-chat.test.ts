import type { ChatRequest } from '@model-gateway/core';
import { encodeCohereChat } from './encode-cohere-chat';

const request = (over: Partial<ChatRequest> = {}): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });
const encode = (over: Partial<ChatRequest> = {}) => encodeCohereChat(request(over), 'command-a-03-2025');
const weather = { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } };

describe('encodeCohereChat', () => {
  it('sends model, messages and the stream flag', () => {
    expect(encode()).toEqual({ model: 'command-a-03-2025', messages: [{ role: 'user', content: 'hi' }], stream: false });
  });

  it('maps system, developer, user, assistant and tool turns', () => {
    const body = encode({
      messages: [
        { role: 'system', content: 'Be terse.' },
        { role: 'developer', content: [{ type: 'text', text: 'Use metric.' }] },
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, reasoning: 'I will look it up.', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        { role: 'tool', content: '18C', toolCallId: 'c1' },
        { role: 'assistant', content: 'It is 18C.', reasoning: 'not sent back' },
      ],
    });
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be terse.' },
      { role: 'system', content: 'Use metric.' },
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }], tool_plan: 'I will look it up.' },
      { role: 'tool', tool_call_id: 'c1', content: '18C' },
      { role: 'assistant', content: 'It is 18C.' },
    ]);
  });

  it('sends a tool plan kept from an earlier Cohere answer', () => {
    const body = encode({ messages: [{ role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }], extra: { tool_plan: 'plan' } }] });
    expect((body.messages as any[])[0].tool_plan).toBe('plan');
  });

  it('sends images in user turns as image_url parts', () => {
    const body = encode({ messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', url: 'data:image/png;base64,AAAA', detail: 'low' }] }] });
    expect((body.messages as any[])[0].content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } },
    ]);
  });

  it('refuses images outside user turns and message names', () => {
    expect(() => encode({ messages: [{ role: 'system', content: [{ type: 'image', url: 'https://x/y.png' }] }] })).toThrow(expect.objectContaining({ param: 'messages[0].content' }));
    expect(() => encode({ messages: [{ role: 'user', content: 'hi', name: 'ann' }] })).toThrow(expect.objectContaining({ param: 'messages[0].name' }));
  });

  it("sends a tool message as {role, tool_call_id, content}, leaving out the name a Gemini client's functionResponse gives it", () => {
    const body = encode({ messages: [{ role: 'tool', name: 'get_weather', toolCallId: 'c1', content: '{"output":"18C"}' }] });
    expect((body.messages as any[])[0]).toEqual({ role: 'tool', tool_call_id: 'c1', content: '{"output":"18C"}' });
  });

  it('sends tools as functions, with strict_tools when a tool asks for strictness', () => {
    expect(encode({ tools: [weather, { name: 'noop' }] })).toMatchObject({
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: weather.parameters } },
        { type: 'function', function: { name: 'noop', parameters: { type: 'object', properties: {} } } },
      ],
    });
    expect(encode({ tools: [weather] })).not.toHaveProperty('strict_tools');
    expect(encode({ tools: [{ ...weather, strict: true }] }).strict_tools).toBe(true);
  });

  it('maps tool_choice: auto is left out, none and required are NONE and REQUIRED', () => {
    expect(encode({ tools: [weather], toolChoice: 'auto' })).not.toHaveProperty('tool_choice');
    expect(encode({ tools: [weather], toolChoice: 'none' }).tool_choice).toBe('NONE');
    expect(encode({ tools: [weather], toolChoice: 'required' }).tool_choice).toBe('REQUIRED');
  });

  it('sends a named tool choice as REQUIRED when it is the only tool offered, and refuses it otherwise', () => {
    expect(encode({ tools: [weather], toolChoice: { name: 'get_weather' } }).tool_choice).toBe('REQUIRED');
    expect(() => encode({ tools: [weather, { name: 'other' }], toolChoice: { name: 'get_weather' } })).toThrow(
      expect.objectContaining({ code: 'invalid_parameter', status: 400, param: 'tool_choice' }),
    );
  });

  it('sends JSON modes as response_format json_object, with the schema when there is one', () => {
    expect(encode({ responseFormat: { type: 'json_object' } }).response_format).toEqual({ type: 'json_object' });
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } } };
    expect(encode({ responseFormat: { type: 'json_schema', name: 'answer', schema, strict: true } }).response_format).toEqual({ type: 'json_object', json_schema: schema });
    expect(encode({ responseFormat: { type: 'text' } })).not.toHaveProperty('response_format');
  });

  it('maps sampling parameters to their v2 names', () => {
    expect(encode({ maxTokens: 100, temperature: 0.2, topP: 0.9, topK: 40, stop: ['END'], seed: 7, frequencyPenalty: 0.1, presencePenalty: 0.3 })).toMatchObject({
      max_tokens: 100, temperature: 0.2, p: 0.9, k: 40, stop_sequences: ['END'], seed: 7, frequency_penalty: 0.1, presence_penalty: 0.3,
    });
  });

  it('maps reasoning to thinking: a budget, any effort but none (enabled), none (disabled)', () => {
    expect(encode({ reasoning: { budgetTokens: 2048 } }).thinking).toEqual({ type: 'enabled', token_budget: 2048 });
    expect(encode({ reasoning: { effort: 'low' } }).thinking).toEqual({ type: 'enabled' });
    expect(encode({ reasoning: { effort: 'none' } }).thinking).toEqual({ type: 'disabled' });
    expect(encode()).not.toHaveProperty('thinking');
  });

  it('refuses what v2 cannot honour, naming the parameter', () => {
    expect(() => encode({ n: 2 })).toThrow(expect.objectContaining({ param: 'n' }));
    expect(() => encode({ parallelToolCalls: false })).toThrow(expect.objectContaining({ param: 'parallel_tool_calls' }));
    expect(() => encode({ frequencyPenalty: -0.5 })).toThrow(expect.objectContaining({ param: 'frequency_penalty' }));
    expect(() => encode({ presencePenalty: 1.5 })).toThrow(expect.objectContaining({ param: 'presence_penalty' }));
    expect(encode({ user: 'u' })).not.toHaveProperty('user');
    expect(() => encode({ extra: { logit_bias: { '1': 1 } } })).toThrow(expect.objectContaining({ param: 'logit_bias' }));
    expect(encode({ n: 1, parallelToolCalls: true })).not.toHaveProperty('n');
  });

  it('relays Cohere\'s own fields a client added, and ignores the gateway\'s OpenAI markers', () => {
    const body = encode({ extra: { safety_mode: 'STRICT', documents: ['doc'], stream_options: { include_usage: true }, max_completion_tokens: 5 }, maxTokens: 5 });
    expect(body).toMatchObject({ safety_mode: 'STRICT', documents: ['doc'], max_tokens: 5 });
    expect(body).not.toHaveProperty('stream_options');
    expect(body).not.toHaveProperty('max_completion_tokens');
  });
});
