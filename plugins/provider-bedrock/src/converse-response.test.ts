import { GatewayError, sealReasoning } from '@model-gateway/core';
import { BEDROCK_REASONING_FAMILY } from './converse-reasoning';
import { decodeConverseResponse } from './converse-response';
import { decodeConverseUsage, finishReasonOf } from './converse-usage';

const META = { id: 'bedrock-req-1', created: 1_700_000_000, model: 'anthropic.claude-3-7-sonnet-20250219-v1:0' };

describe('decodeConverseResponse', () => {
  it('joins text blocks, keeps reasoning with its signature and maps usage and stop reason', () => {
    const response = decodeConverseResponse(
      {
        output: {
          message: {
            role: 'assistant',
            content: [
              { reasoningContent: { reasoningText: { text: 'Think.', signature: 'sig-1' } } },
              { text: 'Hello' },
              { text: ' there' },
            ],
          },
        },
        stopReason: 'end_turn',
        usage: { inputTokens: 10, outputTokens: 4, totalTokens: 14 },
        metrics: { latencyMs: 300 },
      },
      META,
    );
    expect(response).toEqual({
      ...META,
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there', reasoning: 'Think.', reasoningSignature: sealReasoning(BEDROCK_REASONING_FAMILY, [{ reasoningContent: { reasoningText: { text: 'Think.', signature: 'sig-1' } } }]) }, finishReason: 'stop' }],
      usage: { inputTokens: 10, outputTokens: 4, totalTokens: 14 },
    });
  });

  it('turns toolUse blocks into tool calls with JSON-text arguments and content null', () => {
    const response = decodeConverseResponse(
      {
        output: {
          message: {
            role: 'assistant',
            content: [
              { toolUse: { toolUseId: 'tooluse_a', name: 'get_weather', input: { city: 'Paris' } } },
              { toolUse: { toolUseId: 'tooluse_b', name: 'get_weather', input: { city: 'London' } } },
            ],
          },
        },
        stopReason: 'tool_use',
        usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      },
      META,
    );
    expect(response.choices[0]).toEqual({
      index: 0,
      finishReason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        toolCalls: [
          { id: 'tooluse_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'tooluse_b', name: 'get_weather', arguments: '{"city":"London"}' },
        ],
      },
    });
  });

  it('keeps additionalModelResponseFields for callers that asked for model fields', () => {
    const response = decodeConverseResponse({ output: { message: { content: [{ text: 'x' }] } }, stopReason: 'end_turn', additionalModelResponseFields: { stop_sequence: null } }, META);
    expect(response.extra).toEqual({ additionalModelResponseFields: { stop_sequence: null } });
  });

  it('rejects a body without output.message.content as an invalid upstream response', () => {
    expect(() => decodeConverseResponse({ message: 'hmm' }, META)).toThrow(GatewayError);
    expect(() => decodeConverseResponse('text', META)).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
  });
});

describe('finishReasonOf', () => {
  it.each([
    ['end_turn', 'stop'],
    ['stop_sequence', 'stop'],
    ['max_tokens', 'length'],
    ['tool_use', 'tool_calls'],
    ['guardrail_intervened', 'content_filter'],
    ['content_filtered', 'content_filter'],
    ['model_context_window_exceeded', 'length'],
    ['something_new', 'something_new'],
  ])('%s -> %s', (wire, canonical) => expect(finishReasonOf(wire)).toBe(canonical));

  it('gives null when there is no stop reason', () => expect(finishReasonOf(undefined)).toBeNull());
});

describe('decodeConverseUsage', () => {
  it('adds cache reads and writes to inputTokens, which Bedrock reports without them', () => {
    expect(decodeConverseUsage({ inputTokens: 12, outputTokens: 7, totalTokens: 27, cacheReadInputTokens: 5, cacheWriteInputTokens: 3 })).toEqual({
      inputTokens: 20,
      outputTokens: 7,
      totalTokens: 27,
      cachedInputTokens: 5,
      cacheWriteTokens: 3,
    });
  });

  it('reports zero cache counts when Bedrock gives them, and nothing when there is no usage', () => {
    expect(decodeConverseUsage({ inputTokens: 3, outputTokens: 2, totalTokens: 5, cacheReadInputTokens: 0 })).toEqual({ inputTokens: 3, outputTokens: 2, totalTokens: 5, cachedInputTokens: 0 });
    expect(decodeConverseUsage(undefined)).toBeUndefined();
    expect(decodeConverseUsage({})).toBeUndefined();
  });
});
