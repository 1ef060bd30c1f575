import { sealReasoning, type ChatRequest } from '@model-gateway/core';
import { encodeGenerateContentRequest } from './encode-request';
import { SKIP_SIGNATURE_VALIDATOR, sealThoughtSignature, thoughtSignatureOf, withThoughtSignatures } from './thought-envelope';

const request = (reasoningSignature?: string): ChatRequest => ({
  stream: false, streamUsage: false, extra: {},
  messages: [
    { role: 'user', content: 'weather?' },
    { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'w', arguments: '{}' }, { id: 'c2', name: 'w', arguments: '{}' }], reasoningSignature },
    { role: 'tool', toolCallId: 'c1', content: 'sunny' },
    { role: 'tool', toolCallId: 'c2', content: 'rainy' },
  ],
});
const modelParts = (r: ChatRequest) => encodeGenerateContentRequest(r).contents[1].parts as Array<Record<string, unknown>>;

describe('thought envelope', () => {
  it('puts a sealed Gemini signature back on the first function call only', () => {
    const parts = modelParts(request(sealThoughtSignature('sig-1')));
    expect(parts.map((p) => p.thoughtSignature)).toEqual(['sig-1', undefined]);
  });

  it("sends no signature from another family's envelope, and a bare one as it is", () => {
    expect(thoughtSignatureOf({ reasoningSignature: sealReasoning('other', [{ type: 'thinking' }]) })).toBeUndefined();
    expect(thoughtSignatureOf({ reasoningSignature: 'raw' })).toBe('raw');
  });

  it("gives gemini-3 the documented skip value where a tool turn's signature was lost, and leaves other models alone", () => {
    const lost = request(sealReasoning('other', []));
    expect(modelParts(withThoughtSignatures(lost, 'gemini-3-pro-preview'))[0].thoughtSignature).toBe(SKIP_SIGNATURE_VALIDATOR);
    expect(withThoughtSignatures(lost, 'gemini-2.5-flash')).toBe(lost);
    const kept = request(sealThoughtSignature('sig-1'));
    expect(withThoughtSignatures(kept, 'gemini-3-pro-preview')).toBe(kept);
  });
});
