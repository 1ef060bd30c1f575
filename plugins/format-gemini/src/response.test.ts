import { sealThoughtSignature } from './thought-envelope';
import type { ChatResponse } from '@model-gateway/core';
import { decodeGenerateContentResponse, encodeGenerateContentResponse } from './response';

const defaults = { model: 'gemini-2.5-flash', created: 1_700_000_000 };

describe('decodeGenerateContentResponse', () => {
  it('reads text, thoughts, the signature, usage and the finish reason', () => {
    const response = decodeGenerateContentResponse({
      candidates: [{ content: { role: 'model', parts: [{ text: 'Let me think', thought: true }, { text: 'Hello', thoughtSignature: 'c2ln' }, { text: ' there' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 20, cachedContentTokenCount: 5, candidatesTokenCount: 5, thoughtsTokenCount: 2, totalTokenCount: 27 },
      modelVersion: 'gemini-2.5-flash-001',
      responseId: 'resp-1',
    }, defaults);
    expect(response).toEqual<ChatResponse>({
      id: 'resp-1',
      created: defaults.created,
      model: 'gemini-2.5-flash-001',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hello there', reasoning: 'Let me think', reasoningSignature: sealThoughtSignature('c2ln') }, finishReason: 'stop' }],
      usage: { inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, reasoningTokens: 2 },
    });
  });

  it('reads function calls (STOP becomes tool_calls) with wire ids or generated ones', () => {
    const response = decodeGenerateContentResponse({
      candidates: [{ content: { role: 'model', parts: [
        { functionCall: { name: 'get_weather', args: { city: 'Paris' } } },
        { functionCall: { id: 'x-2', name: 'get_weather', args: { city: 'London' } } },
      ] }, finishReason: 'STOP' }],
      responseId: 'r9',
    }, defaults);
    expect(response.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: null, toolCalls: [
        { id: 'call_r9_0_0', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { id: 'x-2', name: 'get_weather', arguments: '{"city":"London"}' },
      ] },
      finishReason: 'tool_calls',
    });
    expect(response.model).toBe('gemini-2.5-flash');
    expect(response.usage).toBeUndefined();
  });

  it('turns a blocked prompt into one content_filter choice, and takes Vertex createTime', () => {
    const response = decodeGenerateContentResponse({ promptFeedback: { blockReason: 'SAFETY' }, createTime: '2025-01-02T03:04:05.678Z' }, defaults);
    expect(response.choices).toEqual([{ index: 0, message: { role: 'assistant', content: null }, finishReason: 'content_filter' }]);
    expect(response.created).toBe(Date.UTC(2025, 0, 2, 3, 4, 5) / 1000);
  });

  it('rejects a body that is not an object as upstream_invalid_response', () => {
    expect(() => decodeGenerateContentResponse([], defaults)).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
    expect(() => decodeGenerateContentResponse({ candidates: {} }, defaults)).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
  });
});

describe('encodeGenerateContentResponse', () => {
  it('writes candidates, usage (thoughts out of candidates), model and id', () => {
    const wire = encodeGenerateContentResponse({
      id: 'msg_1',
      created: 1,
      model: 'claude-x',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi', reasoning: 'hmm', reasoningSignature: 'sig', toolCalls: [{ id: 'toolu_1', name: 'f', arguments: '{"a":1}' }] }, finishReason: 'tool_calls' }],
      usage: { inputTokens: 20, outputTokens: 7, totalTokens: 27, cachedInputTokens: 5, cacheWriteTokens: 3, reasoningTokens: 2 },
    });
    expect(wire).toEqual({
      candidates: [{
        content: { role: 'model', parts: [{ text: 'hmm', thought: true }, { text: 'Hi' }, { functionCall: { name: 'f', args: { a: 1 }, id: 'toolu_1' }, thoughtSignature: 'sig' }] },
        index: 0,
        finishReason: 'STOP',
      }],
      usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 5, totalTokenCount: 27, cachedContentTokenCount: 5, thoughtsTokenCount: 2 },
      modelVersion: 'claude-x',
      responseId: 'msg_1',
    });
  });

  it("reports arguments that are not a JSON object as Gemini's MALFORMED_FUNCTION_CALL", () => {
    const wire = encodeGenerateContentResponse({
      id: 'a', created: 1, model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: null, toolCalls: [{ id: 't', name: 'f', arguments: '{"a":' }] }, finishReason: 'tool_calls' }],
    });
    expect(wire.candidates?.[0]).toMatchObject({ content: { role: 'model', parts: [] }, finishReason: 'MALFORMED_FUNCTION_CALL' });
  });

  it('round-trips a decoded response', () => {
    const body = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'Hello' }] }, index: 0, finishReason: 'MAX_TOKENS' }],
      usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'r',
    };
    expect(encodeGenerateContentResponse(decodeGenerateContentResponse(body, defaults))).toEqual(body);
  });
});
