import { GatewayError, type ChatRequest } from '@model-gateway/core';
import { decodeChatRequest } from './decode-chat-request';
import { encodeChatRequest } from './encode-chat-request';

const user = { role: 'user', content: 'Hi' };

function decode(body: unknown, requireModel = false) {
  return decodeChatRequest(body, { requireModel });
}

function errorOf(body: unknown, requireModel = false): GatewayError {
  try {
    decode(body, requireModel);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected the body to be rejected');
}

describe('decodeChatRequest validation', () => {
  it.each([
    ['an array', []],
    ['null', null],
    ['a string', 'hello'],
  ])('rejects a body that is %s', (_, body) => {
    const error = errorOf(body);
    expect(error.code).toBe('invalid_parameter');
    expect(error.message).toBe('The request body must be a JSON object.');
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['messages missing', {}, 'messages', 'messages: required'],
    ['messages empty', { messages: [] }, 'messages', 'messages: must not be empty'],
    ['messages not an array', { messages: 'hi' }, 'messages', 'messages: expected an array, got "hi"'],
    ['unknown role', { messages: [{ role: 'bot', content: 'x' }] }, 'messages[0].role', 'messages[0].role: must be one of "system", "developer", "user", "assistant", "tool", got "bot"'],
    ['content of wrong type', { messages: [{ role: 'user', content: 5 }] }, 'messages[0].content', 'messages[0].content: expected a string or an array of content parts'],
    ['content missing on a user message', { messages: [{ role: 'user' }] }, 'messages[0].content', 'messages[0].content: required (only an assistant message with tool_calls may omit it)'],
    ['null content on a plain assistant message', { messages: [user, { role: 'assistant', content: null }] }, 'messages[1].content', 'messages[1].content: required (only an assistant message with tool_calls may omit it)'],
    ['unknown part type', { messages: [{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'audio' }] }] }, 'messages[0].content[1].type', 'messages[0].content[1].type: must be one of "text", "image_url", got "audio"'],
    ['part without a type', { messages: [{ role: 'user', content: [{ text: 'a' }] }] }, 'messages[0].content[0].type', 'messages[0].content[0].type: required (one of "text", "image_url")'],
    ['text part without text', { messages: [{ role: 'user', content: [{ type: 'text' }] }] }, 'messages[0].content[0].text', 'messages[0].content[0].text: required'],
    ['image part without url', { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }] }, 'messages[0].content[0].image_url.url', 'messages[0].content[0].image_url.url: required'],
    ['bad image detail', { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png', detail: 'max' } }] }] }, 'messages[0].content[0].image_url.detail', 'messages[0].content[0].image_url.detail: must be one of "auto", "low", "high", got "max"'],
    ['name not a string', { messages: [{ role: 'user', content: 'x', name: 7 }] }, 'messages[0].name', 'messages[0].name: expected a string, got 7'],
    ['tool call of another type', { messages: [user, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'custom', function: { name: 'f', arguments: '{}' } }] }] }, 'messages[1].tool_calls[0].type', 'messages[1].tool_calls[0].type: must be "function", got "custom"'],
    ['tool call without arguments', { messages: [user, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f' } }] }] }, 'messages[1].tool_calls[0].function.arguments', 'messages[1].tool_calls[0].function.arguments: required'],
    ['tool_calls on a user message', { messages: [{ role: 'user', content: 'x', tool_calls: [] }] }, 'messages[0].tool_calls', 'messages[0].tool_calls: only allowed on assistant messages'],
    ['tool message without tool_call_id', { messages: [user, { role: 'tool', content: '42' }] }, 'messages[1].tool_call_id', 'messages[1].tool_call_id: required on a tool message'],
    ['temperature too high', { messages: [user], temperature: 2.5 }, 'temperature', 'temperature: must be <= 2'],
    ['temperature negative', { messages: [user], temperature: -0.1 }, 'temperature', 'temperature: must be >= 0'],
    ['temperature a string', { messages: [user], temperature: '1' }, 'temperature', 'temperature: expected a number, got "1"'],
    ['top_p above 1', { messages: [user], top_p: 1.5 }, 'top_p', 'top_p: must be <= 1'],
    ['n zero', { messages: [user], n: 0 }, 'n', 'n: must be >= 1'],
    ['n fractional', { messages: [user], n: 1.5 }, 'n', 'n: expected an integer, got 1.5'],
    ['max_tokens zero', { messages: [user], max_tokens: 0 }, 'max_tokens', 'max_tokens: must be >= 1'],
    ['max_completion_tokens fractional', { messages: [user], max_completion_tokens: 10.5 }, 'max_completion_tokens', 'max_completion_tokens: expected an integer, got 10.5'],
    ['both token limits', { messages: [user], max_tokens: 10, max_completion_tokens: 10 }, 'max_tokens', 'max_tokens: cannot be combined with max_completion_tokens; send only one'],
    ['presence_penalty below -2', { messages: [user], presence_penalty: -3 }, 'presence_penalty', 'presence_penalty: must be >= -2'],
    ['frequency_penalty above 2', { messages: [user], frequency_penalty: 2.1 }, 'frequency_penalty', 'frequency_penalty: must be <= 2'],
    ['stream a string', { messages: [user], stream: 'yes' }, 'stream', 'stream: expected a boolean, got "yes"'],
    ['stream_options an array', { messages: [user], stream_options: [] }, 'stream_options', 'stream_options: expected an object, got an array'],
    ['include_usage a string', { messages: [user], stream_options: { include_usage: 'true' } }, 'stream_options.include_usage', 'stream_options.include_usage: expected a boolean, got "true"'],
    ['stop a number', { messages: [user], stop: 3 }, 'stop', 'stop: expected a string or an array of strings'],
    ['stop with a non-string', { messages: [user], stop: ['a', 1] }, 'stop[1]', 'stop[1]: expected a string, got 1'],
    ['tool of another type', { messages: [user], tools: [{ type: 'web_search', function: { name: 'f' } }] }, 'tools[0].type', 'tools[0].type: must be "function", got "web_search"'],
    ['tool with empty name', { messages: [user], tools: [{ type: 'function', function: { name: '' } }] }, 'tools[0].function.name', 'tools[0].function.name: must not be empty'],
    ['tool parameters not an object', { messages: [user], tools: [{ type: 'function', function: { name: 'f', parameters: 'x' } }] }, 'tools[0].function.parameters', 'tools[0].function.parameters: expected an object, got "x"'],
    ['tool_choice unknown word', { messages: [user], tool_choice: 'always' }, 'tool_choice', 'tool_choice: must be "none", "auto", "required" or {"type": "function", "function": {"name": ...}}'],
    ['tool_choice without a name', { messages: [user], tool_choice: { type: 'function', function: {} } }, 'tool_choice.function.name', 'tool_choice.function.name: required'],
    ['parallel_tool_calls a number', { messages: [user], parallel_tool_calls: 1 }, 'parallel_tool_calls', 'parallel_tool_calls: expected a boolean, got 1'],
    ['response_format unknown type', { messages: [user], response_format: { type: 'xml' } }, 'response_format.type', 'response_format.type: must be one of "text", "json_object", "json_schema", got "xml"'],
    ['json_schema without a name', { messages: [user], response_format: { type: 'json_schema', json_schema: { schema: {} } } }, 'response_format.json_schema.name', 'response_format.json_schema.name: required'],
    ['seed fractional', { messages: [user], seed: 1.2 }, 'seed', 'seed: expected an integer, got 1.2'],
    ['user not a string', { messages: [user], user: {} }, 'user', 'user: expected a string, got an object'],
  ])('names the parameter when %s', (_, body, param, message) => {
    const error = errorOf(body);
    expect(error.code).toBe('invalid_parameter');
    expect(error.status).toBe(400);
    expect(error.param).toBe(param);
    expect(error.message).toBe(message);
  });

  it('requires a non-empty model only when asked to', () => {
    expect(errorOf({ messages: [user] }, true).param).toBe('model');
    expect(errorOf({ messages: [user] }, true).message).toBe('model: required');
    expect(errorOf({ model: '', messages: [user] }, true).message).toBe('model: must not be empty');
    expect(decode({ model: 'gpt-4o', messages: [user] }, true).model).toBe('gpt-4o');
  });

  it('ignores the model, whatever it is, when the endpoint names it', () => {
    const result = decode({ model: 42, messages: [user] }, false);
    expect(result.model).toBeUndefined();
    expect(result.request.extra).toEqual({});
  });

  it('accepts an assistant message without content when it calls a tool, or a legacy function', () => {
    const call = { id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } };
    const { request } = decode({
      messages: [user, { role: 'assistant', tool_calls: [call] }, { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } }],
    });
    expect(request.messages[1]).toEqual({ role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'f', arguments: '{}' }] });
    expect(request.messages[2].extra).toEqual({ function_call: { name: 'f', arguments: '{}' } });
  });
});

describe('decodeChatRequest to canonical', () => {
  it('maps every modelled field', () => {
    const { model, request } = decode({
      model: 'gpt-4o',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', name: 'ann', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA', detail: 'low' } }] },
      ],
      temperature: 0.2,
      top_p: 0.9,
      n: 2,
      max_tokens: 100,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      stop: 'END',
      tools: [{ type: 'function', function: { name: 'lookup', description: 'Looks up', parameters: { type: 'object' }, strict: true } }],
      tool_choice: { type: 'function', function: { name: 'lookup' } },
      parallel_tool_calls: false,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true, description: 'd' } },
      seed: 7,
      user: 'u-1',
    }, true);
    expect(model).toBe('gpt-4o');
    expect(request).toEqual<ChatRequest>({
      messages: [
        { role: 'developer', content: 'Be brief.' },
        { role: 'user', name: 'ann', content: [{ type: 'text', text: 'What is this?' }, { type: 'image', url: 'data:image/png;base64,AAAA', detail: 'low' }] },
      ],
      temperature: 0.2,
      topP: 0.9,
      n: 2,
      maxTokens: 100,
      presencePenalty: 0.5,
      frequencyPenalty: -0.5,
      stream: false,
      streamUsage: false,
      stop: ['END'],
      tools: [{ name: 'lookup', description: 'Looks up', parameters: { type: 'object' }, strict: true }],
      toolChoice: { name: 'lookup' },
      parallelToolCalls: false,
      responseFormat: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true, description: 'd' },
      seed: 7,
      user: 'u-1',
      extra: {},
    });
  });

  it('treats null on an optional field as not set, as OpenAI does', () => {
    const { request } = decode({ messages: [user], temperature: null, stop: null, tools: null, user: null });
    expect(request).toEqual({ messages: [user], stream: false, streamUsage: false, extra: {} });
    expect(Object.keys(request)).not.toContain('temperature');
  });
});

describe('encodeChatRequest', () => {
  it('round-trips a realistic body losslessly, unknown fields included', () => {
    const body = {
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }, { type: 'image_url', image_url: { url: 'https://example.com/a.png' } }], name: 'ann' },
        {
          role: 'assistant',
          content: null,
          refusal: 'no',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } }],
          audio: { id: 'audio_1' },
        },
        { role: 'tool', tool_call_id: 'call_1', content: '18C', cache_hint: { ttl: 60 } },
      ],
      temperature: 0.3,
      max_tokens: 256,
      stop: ['\n\n'],
      tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }],
      tool_choice: 'auto',
      response_format: { type: 'json_object' },
      logprobs: true,
      top_logprobs: 3,
      metadata: { team: 'search' },
      reasoning_effort: 'low',
      functions: [{ name: 'legacy' }],
    };
    const { model, request } = decode(body, true);
    expect(request.messages[2].extra).toEqual({ audio: { id: 'audio_1' } });
    expect(request.messages[3].extra).toEqual({ cache_hint: { ttl: 60 } });
    expect(request.extra).toEqual({ logprobs: true, top_logprobs: 3, metadata: { team: 'search' }, functions: [{ name: 'legacy' }] });
    expect(request.reasoning).toEqual({ effort: 'low' });
    expect(encodeChatRequest(request, model as string)).toEqual(body);
  });

  it('leaves a tool message\'s name out (OpenAI\'s tool message has none) and keeps a user\'s', () => {
    const messages: ChatRequest['messages'] = [
      { role: 'user', content: 'q', name: 'ann' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'web_fetch', arguments: '{}' }] },
      { role: 'tool', name: 'web_fetch', toolCallId: 'c1', content: 'ok' },
    ];
    const wire = encodeChatRequest({ messages, stream: false, streamUsage: false, extra: {} }, 'm').messages as Array<Record<string, unknown>>;
    expect(wire[0].name).toBe('ann');
    expect(wire[2]).toEqual({ role: 'tool', tool_call_id: 'c1', content: 'ok' });
  });

  it('sends max_completion_tokens back under its own name, with the canonical value', () => {
    const { request } = decode({ messages: [user], max_completion_tokens: 500 });
    expect(request.maxTokens).toBe(500);
    expect(encodeChatRequest(request, 'o3')).toEqual({ model: 'o3', messages: [user], max_completion_tokens: 500 });

    request.maxTokens = 200;
    const clamped = encodeChatRequest(request, 'o3');
    expect(clamped.max_completion_tokens).toBe(200);
    expect(clamped).not.toHaveProperty('max_tokens');
  });

  it('uses max_tokens when the client did', () => {
    const { request } = decode({ messages: [user], max_tokens: 500 });
    expect(encodeChatRequest(request, 'm')).toEqual({ model: 'm', messages: [user], max_tokens: 500 });
  });

  it('always asks the upstream for stream usage while streamUsage keeps the client\'s choice', () => {
    const silent = decode({ messages: [user], stream: true });
    expect(silent.request.streamUsage).toBe(false);
    expect(encodeChatRequest(silent.request, 'm')).toMatchObject({ stream: true, stream_options: { include_usage: true } });

    const explicit = decode({ messages: [user], stream: true, stream_options: { include_usage: false, include_obfuscation: false } });
    expect(explicit.request.streamUsage).toBe(false);
    expect(encodeChatRequest(explicit.request, 'm').stream_options).toEqual({ include_usage: true, include_obfuscation: false });

    const asked = decode({ messages: [user], stream: true, stream_options: { include_usage: true } });
    expect(asked.request.streamUsage).toBe(true);
  });

  it('sends no stream fields for a non-streaming request', () => {
    const body = encodeChatRequest({ messages: [{ role: 'user', content: 'x' }], stream: false, streamUsage: false, extra: {} }, 'm');
    expect(body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
  });

  it('encodes a canonical request from another API style without undefined noise', () => {
    const body = encodeChatRequest({
      messages: [
        { role: 'user', content: [{ type: 'image', url: 'https://x/y.png', detail: 'high' }] },
        { role: 'assistant', content: 'thinking done', reasoning: 'hidden chain' },
      ],
      stream: false,
      streamUsage: false,
      toolChoice: 'required',
      tools: [{ name: 'f' }],
      responseFormat: { type: 'json_schema', name: 'r' },
      extra: {},
    }, 'gpt-4.1');
    expect(body).toEqual({
      model: 'gpt-4.1',
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png', detail: 'high' } }] },
        { role: 'assistant', content: 'thinking done' },
      ],
      tools: [{ type: 'function', function: { name: 'f' } }],
      tool_choice: 'required',
      response_format: { type: 'json_schema', json_schema: { name: 'r' } },
    });
    expect(JSON.stringify(body)).not.toContain('null');
  });

  it('does not let extra resurrect a field the canonical request no longer has', () => {
    const body = encodeChatRequest({ messages: [], stream: false, streamUsage: false, extra: { temperature: 1.5, model: 'evil', store: false } }, 'm');
    expect(body).toEqual({ model: 'm', messages: [], store: false });
  });
});
