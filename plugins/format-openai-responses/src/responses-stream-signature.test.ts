import { sealReasoning, type ChatChunk, type ChatDelta } from '@model-gateway/core';
import { decodeResponsesRequest } from './decode-responses-request';
import { ResponsesStreamEncoder } from './responses-stream-encoder';

const { echo } = decodeResponsesRequest({ model: 'm', input: 'x' });
const base = { id: 'r1', created: 1, model: 'gemini-3-pro-preview' };
const delta = (d: ChatDelta, finishReason: string | null = null): ChatChunk => ({ ...base, choices: [{ index: 0, delta: d, finishReason }] });

function outputOf(chunks: ChatChunk[]): Array<Record<string, any>> {
  const encoder = new ResponsesStreamEncoder(echo);
  const events = [...chunks.flatMap((c) => encoder.chunk(c)), ...encoder.finish()];
  return (events[events.length - 1].response as { output: Array<Record<string, any>> }).output;
}

describe('ResponsesStreamEncoder, a signature after text', () => {
  it('keeps one message and writes the signature as a reasoning item after it', () => {
    const sealed = sealReasoning('gemini', ['sig']);
    const output = outputOf([delta({ content: 'Hel' }), delta({ reasoningSignature: sealed }), delta({ content: 'lo' }, 'stop')]);
    expect(output.map((item) => item.type)).toEqual(['message', 'reasoning']);
    expect(output[0].content[0].text).toBe('Hello');
    expect(output[1].encrypted_content).toBe(sealed);
  });

  it('replaces, not appends, a later envelope', () => {
    const first = sealReasoning('f', [1]);
    const second = sealReasoning('f', [1, 2]);
    const output = outputOf([delta({ reasoning: 'r', reasoningSignature: first }), delta({ reasoningSignature: second }), delta({ content: 'x' }, 'stop')]);
    expect(output[0].encrypted_content).toBe(second);
  });
});
