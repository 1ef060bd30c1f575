import { GatewayError } from '@model-gateway/core';
import { decodeAnthropicRequest } from './decode-request';
import { encodeAnthropicRequest } from './encode-request';

const base = { model: 'my-claude', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }] };

function rejection(body: unknown): GatewayError {
  try {
    decodeAnthropicRequest(body);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('decodeAnthropicRequest', () => {
  it('reads the minimal body; Anthropic streams always carry usage', () => {
    expect(decodeAnthropicRequest(base)).toEqual({
      model: 'my-claude',
      request: { messages: [{ role: 'user', content: 'Hi' }], maxTokens: 100, stream: false, streamUsage: true, extra: {} },
      dropped: [],
      reasoningFrom: [],
    });
  });

  it('turns system into a leading system message (string or text blocks)', () => {
    expect(decodeAnthropicRequest({ ...base, system: 'Be terse.' }).request.messages[0]).toEqual({ role: 'system', content: 'Be terse.' });
    expect(decodeAnthropicRequest({ ...base, system: [{ type: 'text', text: 'A', cache_control: { type: 'ephemeral' } }] }).request.messages[0]).toEqual({
      role: 'system', content: [{ type: 'text', text: 'A', cacheControl: {} }],
    });
  });

  it('splits tool results out of a user turn, before its other content', () => {
    const { request } = decodeAnthropicRequest({
      ...base,
      messages: [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: [{ type: 'text', text: 'Checking.' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '18C' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'boom' }], is_error: true },
            { type: 'text', text: 'and tomorrow?' },
          ],
        },
      ],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: 'Checking.', toolCalls: [{ id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', toolCallId: 'toolu_1', content: '18C' },
      { role: 'tool', toolCallId: 'toolu_2', content: 'Error: boom' },
      { role: 'user', content: [{ type: 'text', text: 'and tomorrow?' }] },
    ]);
  });

  it('reads images as data: or https URLs, also inside tool results', () => {
    const { request } = decodeAnthropicRequest({
      ...base,
      messages: [{
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
          { type: 'image', source: { type: 'url', url: 'https://x.test/a.jpg' } },
        ],
      }],
    });
    expect(request.messages[0].content).toEqual([{ type: 'image', url: 'data:image/png;base64,AAAA' }, { type: 'image', url: 'https://x.test/a.jpg' }]);
  });

  it('keeps thinking as reasoning with the last signature and leaves redacted thinking out', () => {
    const { request } = decodeAnthropicRequest({
      ...base,
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'a', signature: 's1' }, { type: 'redacted_thinking', data: 'xx' }, { type: 'thinking', thinking: 'b', signature: 's2' }, { type: 'text', text: 'A' }] },
      ],
    });
    expect(request.messages[1]).toEqual({ role: 'assistant', content: 'A', reasoning: 'a\nb', reasoningSignature: 's2' });
  });

  it('maps sampling, stop sequences, tools, tool_choice, metadata and parallel use', () => {
    const { request } = decodeAnthropicRequest({
      ...base,
      temperature: 0.2, top_p: 0.8, top_k: 10, stop_sequences: ['END'], stream: true, metadata: { user_id: 'u-9' }, service_tier: 'auto', speed: 'fast',
      cache_control: { type: 'ephemeral' }, diagnostics: { previous_message_id: 'msg_0' },
      tools: [{ name: 'f', description: 'F', input_schema: { type: 'object', properties: {} }, cache_control: { type: 'ephemeral' } }, { type: 'custom', name: 'g', input_schema: { type: 'object' }, strict: true }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
    });
    expect(request).toMatchObject({
      temperature: 0.2, topP: 0.8, topK: 10, stop: ['END'], stream: true, user: 'u-9', parallelToolCalls: false, toolChoice: 'required',
      tools: [{ name: 'f', description: 'F', parameters: { type: 'object', properties: {} } }, { name: 'g', parameters: { type: 'object' }, strict: true }],
    });
    const choice = (tool_choice: unknown) => decodeAnthropicRequest({ ...base, tool_choice }).request.toolChoice;
    expect(choice({ type: 'auto' })).toBe('auto');
    expect(choice({ type: 'none' })).toBe('none');
    expect(choice({ type: 'tool', name: 'f' })).toEqual({ name: 'f' });
  });

  it('maps thinking budgets to a budget plus the nearest effort, and output_config', () => {
    const decode = (extra: object) => decodeAnthropicRequest({ ...base, ...extra }).request;
    expect(decode({ thinking: { type: 'enabled', budget_tokens: 10_000 } }).reasoning).toEqual({ budgetTokens: 10_000, effort: 'medium' });
    expect(decode({ thinking: { type: 'disabled' } }).reasoning).toBeUndefined();
    expect(decode({ thinking: { type: 'adaptive' }, output_config: { effort: 'max' } }).reasoning).toEqual({ effort: 'high' });
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, additionalProperties: false };
    expect(decode({ output_config: { format: { type: 'json_schema', schema } } }).responseFormat).toEqual({ type: 'json_schema', name: 'response', schema });
  });

  it('keeps a mid-conversation system message in place, as text', () => {
    const { request } = decodeAnthropicRequest({
      ...base,
      messages: [{ role: 'user', content: 'Hi' }, { role: 'system', content: 'Agents: explore, plan.' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'go' }, { role: 'system', content: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }] }],
    });
    expect(request.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'system', content: 'Agents: explore, plan.' },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'go' },
      { role: 'system', content: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }] },
    ]);
  });

  it('accepts context_management and reports it dropped; names the fields reasoning came from', () => {
    const decoded = decodeAnthropicRequest({
      ...base, context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] }, thinking: { type: 'adaptive' }, output_config: { effort: 'high' },
    });
    expect(decoded.dropped).toEqual(['context_management']);
    expect(decoded.reasoningFrom).toEqual(['thinking', 'output_config.effort']);
    expect(decoded.request.reasoning).toEqual({ effort: 'high' });
    // Adaptive thinking alone leaves the model to decide: nothing to send, nothing to drop.
    expect(decodeAnthropicRequest({ ...base, thinking: { type: 'adaptive' } })).toMatchObject({ reasoningFrom: [], dropped: [] });
  });

  it.each<[string, object, string]>([
    ['a missing max_tokens', { model: 'm', messages: base.messages }, 'max_tokens'],
    ['a missing model', { max_tokens: 5, messages: base.messages }, 'model'],
    ['empty messages', { ...base, messages: [] }, 'messages'],
    ['a system message that does not follow a user turn', { ...base, messages: [{ role: 'system', content: 'x' }, ...base.messages] }, 'messages[0].role'],
    ['an image in a system message', { ...base, messages: [...base.messages, { role: 'system', content: [{ type: 'image', source: { type: 'url', url: 'https://x/y.png' } }] }] }, 'messages[1].content[0].type'],
    ['temperature above 1', { ...base, temperature: 1.2 }, 'temperature'],
    ['a document block', { ...base, messages: [{ role: 'user', content: [{ type: 'document', source: {} }] }] }, 'messages[0].content[0].type'],
    ['a file image source', { ...base, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'file', file_id: 'f' } }] }] }, 'messages[0].content[0].source.type'],
    ['tool_use in a user turn', { ...base, messages: [{ role: 'user', content: [{ type: 'tool_use', id: 'a', name: 'b', input: {} }] }] }, 'messages[0].content[0].type'],
    ['a server tool', { ...base, tools: [{ type: 'web_search_20250305', name: 'web_search' }] }, 'tools[0].type'],
    ['a tool without input_schema', { ...base, tools: [{ name: 'f' }] }, 'tools[0].input_schema'],
    ['a thinking budget under 1024', { ...base, thinking: { type: 'enabled', budget_tokens: 10 } }, 'thinking.budget_tokens'],
    ['an Anthropic-only top-level field', { ...base, container: 'c1' }, 'container'],
    ['a data-residency requirement', { ...base, inference_geo: 'us' }, 'inference_geo'],
  ])('rejects %s with a 400 naming the parameter', (_, body, param) => {
    expect(rejection(body)).toMatchObject({ code: 'invalid_parameter', status: 400, param });
  });

  it('says what is wrong in the message', () => {
    expect(rejection({ ...base, tools: [{ type: 'web_search_20250305', name: 'web_search' }] }).message).toContain('only exists on Anthropic');
    expect(rejection({ model: 'm', messages: base.messages }).message).toBe('max_tokens: required');
    expect(rejection([1]).message).toBe('body: must be a JSON object');
  });

  it('survives a round trip through the encoder for what both sides model', () => {
    const wire = {
      model: 'claude',
      max_tokens: 4000,
      system: 'S',
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'thinking', thinking: 't', signature: 'sig' }, { type: 'text', text: 'a' }, { type: 'tool_use', id: 'tu', name: 'f', input: { k: 1 } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu', content: 'r' }, { type: 'text', text: 'more' }] },
      ],
      temperature: 0.5,
      stop_sequences: ['x'],
      tools: [{ type: 'custom', name: 'f', input_schema: { type: 'object' } }],
      tool_choice: { type: 'tool', name: 'f' },
      thinking: { type: 'enabled', budget_tokens: 2048 },
    };
    const { model, request } = decodeAnthropicRequest(wire);
    expect(encodeAnthropicRequest(request, model)).toEqual(wire);
  });
});
