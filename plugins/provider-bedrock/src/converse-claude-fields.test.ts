import type { ChatRequest } from '@model-gateway/core';
import { DEFAULT_ANSWER_TOKENS, encodeConverseRequest, maxTokensFor, STOP_SEQUENCE_PATH } from './converse-request';
import { stopSequenceOf } from './converse-usage';

const CLAUDE = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const LLAMA = 'meta.llama3-70b-instruct-v1:0';
const request = (fields: Partial<ChatRequest>): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...fields });
const point = { cachePoint: { type: 'default' } };

describe('Claude-specific Converse fields', () => {
  it('keeps max_tokens when the client gave the thinking budget, adds an effort budget on top', () => {
    expect(maxTokensFor(request({ maxTokens: 4000, reasoning: { budgetTokens: 2048 } }), 2048)).toBe(4000);
    expect(maxTokensFor(request({ maxTokens: 100, reasoning: { effort: 'low' } }), 2048)).toBe(2148);
    expect(maxTokensFor(request({ reasoning: { budgetTokens: 2048 } }), 2048)).toBe(2048 + DEFAULT_ANSWER_TOKENS);
  });

  it('asks for the stop_sequence field only for Claude with stop sequences, beside the paths the client asked for', () => {
    expect(encodeConverseRequest(request({ stop: ['END'] }), CLAUDE).additionalModelResponseFieldPaths).toEqual([STOP_SEQUENCE_PATH]);
    expect(encodeConverseRequest(request({ stop: ['END'], extra: { additionalModelResponseFieldPaths: ['/x'] } }), CLAUDE).additionalModelResponseFieldPaths).toEqual(['/x', STOP_SEQUENCE_PATH]);
    expect(encodeConverseRequest(request({ stop: ['END'] }), LLAMA)).not.toHaveProperty('additionalModelResponseFieldPaths');
    expect(encodeConverseRequest(request({}), CLAUDE)).not.toHaveProperty('additionalModelResponseFieldPaths');
  });

  it('reads the stop sequence only from a stop_sequence stop', () => {
    expect(stopSequenceOf('stop_sequence', { stop_sequence: 'END' })).toBe('END');
    expect(stopSequenceOf('end_turn', { stop_sequence: 'END' })).toBeUndefined();
    expect(stopSequenceOf('stop_sequence', undefined)).toBeUndefined();
  });

  it('puts a cachePoint after each marked system part, tool, part and message, for models that cache', () => {
    const marked = request({
      messages: [
        { role: 'system', content: [{ type: 'text', text: 'S', cacheControl: {} }] },
        { role: 'user', content: [{ type: 'text', text: 'U', cacheControl: { ttl: '1h' } }] },
        { role: 'assistant', content: null, toolCalls: [{ id: 't1', name: 'f', arguments: '{}' }], cacheControl: {} },
        { role: 'tool', toolCallId: 't1', content: 'R', cacheControl: {} },
      ],
      tools: [{ name: 'f', cacheControl: {} }],
    });
    const body = encodeConverseRequest(marked, CLAUDE);
    expect(body.system).toEqual([{ text: 'S' }, point]);
    expect(body.toolConfig?.tools).toEqual([{ toolSpec: expect.objectContaining({ name: 'f' }) }, point]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ text: 'U' }, { cachePoint: { type: 'default', ttl: '1h' } }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'f', input: {} } }, point] },
      { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ text: 'R' }] } }, point] },
    ]);
    expect(JSON.stringify(encodeConverseRequest(marked, LLAMA))).not.toContain('cachePoint');
  });

  it('keeps a cache mark\'s ttl on its cachePoint when Bedrock has it (5m, 1h), and no other', () => {
    const marked = (ttl: string) => request({ messages: [{ role: 'user', content: [{ type: 'text', text: 'U', cacheControl: { ttl } }] }] });
    expect(encodeConverseRequest(marked('5m'), CLAUDE).messages[0].content[1]).toEqual({ cachePoint: { type: 'default', ttl: '5m' } });
    expect(encodeConverseRequest(marked('2h'), CLAUDE).messages[0].content[1]).toEqual(point);
  });
});
