import { GatewayError, type ChatResponse } from '@model-gateway/core';
import { decodeChatResponse, encodeChatResponse } from './chat-response';

const toolCallResponse = {
  id: 'chatcmpl-abc',
  object: 'chat.completion',
  created: 1_731_000_000,
  model: 'gpt-4o-2024-08-06',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'weather', arguments: '{"city":"Lyon"' } },
        ],
        annotations: [],
      },
      logprobs: null,
      finish_reason: 'tool_calls',
    },
  ],
  usage: {
    prompt_tokens: 120,
    completion_tokens: 40,
    total_tokens: 160,
    prompt_tokens_details: { cached_tokens: 64 },
    completion_tokens_details: { reasoning_tokens: 10 },
  },
  service_tier: 'default',
  system_fingerprint: 'fp_123',
};

describe('decodeChatResponse', () => {
  it('maps a tool-calling completion to canonical, keeping unmodelled fields', () => {
    expect(decodeChatResponse(toolCallResponse)).toEqual<ChatResponse>({
      id: 'chatcmpl-abc',
      created: 1_731_000_000,
      model: 'gpt-4o-2024-08-06',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            refusal: null,
            toolCalls: [
              { id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
              { id: 'call_2', name: 'weather', arguments: '{"city":"Lyon"' },
            ],
            extra: { annotations: [] },
          },
          finishReason: 'tool_calls',
        },
      ],
      usage: { inputTokens: 120, outputTokens: 40, totalTokens: 160, cachedInputTokens: 64, reasoningTokens: 10 },
      extra: { service_tier: 'default', system_fingerprint: 'fp_123' },
    });
  });

  it('keeps logprobs and audio for the same-family encoder', () => {
    const logprobs = { content: [{ token: 'Hi', logprob: -0.1, bytes: [72, 105], top_logprobs: [] }], refusal: null };
    const decoded = decodeChatResponse({
      id: 'x', object: 'chat.completion', created: 1, model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', audio: { id: 'a1', data: 'UklG' } }, logprobs, finish_reason: 'stop' }],
    });
    expect(decoded.choices[0].logprobs).toBe(logprobs);
    expect(decoded.choices[0].message.extra).toEqual({ audio: { id: 'a1', data: 'UklG' } });
  });

  it('reads reasoning_content from OpenAI-compatible servers', () => {
    const decoded = decodeChatResponse({ id: 'x', created: 1, model: 'deepseek-reasoner', choices: [{ index: 0, message: { role: 'assistant', content: '4', reasoning_content: '2+2' }, finish_reason: 'stop' }] });
    expect(decoded.choices[0].message).toEqual({ role: 'assistant', content: '4', reasoning: '2+2' });
  });

  it('tolerates a missing id, timestamp and model', () => {
    const decoded = decodeChatResponse({ choices: [{ message: { content: 'ok' }, finish_reason: 'stop' }] });
    expect(decoded).toEqual({ id: '', created: 0, model: '', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finishReason: 'stop' }] });
  });

  it.each<[string, unknown, string]>([
    ['not an object', 'oops', 'the body is not an object'],
    ['without choices', { id: 'x' }, 'choices is not an array'],
    ['with a choice that is not an object', { choices: [1] }, 'choices[0] is not an object'],
    ['without a message', { choices: [{ index: 0, finish_reason: 'stop' }] }, 'choices[0].message is not an object'],
    ['with non-text content', { choices: [{ message: { content: 5 } }] }, 'choices[0].message.content is not a string'],
    ['with a nameless tool call', { choices: [{ message: { content: null, tool_calls: [{ id: 'c', function: {} }] } }] }, 'choices[0].message.tool_calls[0].function.name is not a string'],
  ])('rejects a body %s as upstream_invalid_response', (_, body, problem) => {
    let caught: unknown;
    try {
      decodeChatResponse(body);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GatewayError);
    expect((caught as GatewayError).code).toBe('upstream_invalid_response');
    expect((caught as GatewayError).message).toContain(problem);
  });
});

describe('encodeChatResponse', () => {
  it('round-trips an OpenAI completion exactly', () => {
    expect(encodeChatResponse(decodeChatResponse(toolCallResponse))).toEqual(toolCallResponse);
  });

  it('round-trips logprobs, refusal and extra message fields', () => {
    const body = {
      id: 'x', object: 'chat.completion', created: 5, model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: 'I cannot help.', annotations: [{ type: 'url_citation' }] }, logprobs: { content: [] }, finish_reason: 'stop' }],
    };
    expect(encodeChatResponse(decodeChatResponse(body))).toEqual(body);
  });

  it('writes the exact OpenAI shape from a canonical response of another provider', () => {
    const encoded = encodeChatResponse({
      id: 'msg_1',
      created: 10,
      model: 'claude-x',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello', reasoning: 'greet' }, finishReason: 'stop' }],
      usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5, cacheWriteTokens: 1 },
    });
    expect(encoded).toEqual({
      id: 'msg_1',
      object: 'chat.completion',
      created: 10,
      model: 'claude-x',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello', reasoning_content: 'greet' }, logprobs: null, finish_reason: 'stop' }],
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5, prompt_tokens_details: { cache_write_tokens: 1 } },
    });
  });

  it('omits usage when there is none', () => {
    const encoded = encodeChatResponse({ id: 'a', created: 1, model: 'm', choices: [] });
    expect(encoded).not.toHaveProperty('usage');
  });
});
