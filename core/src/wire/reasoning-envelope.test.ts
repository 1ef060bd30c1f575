import { isReasoningEnvelope, openReasoning, sealReasoning } from './reasoning-envelope';

describe('reasoning envelope', () => {
  it('round-trips a family and its blocks through one standard-base64 string', () => {
    const blocks = [{ type: 'thinking', thinking: 'a/b+c?', signature: 'sig==' }, { type: 'redacted_thinking', data: 'xyz' }];
    const sealed = sealReasoning('fam-a', blocks);
    // Standard base64 (a thought signature is declared as bytes), so every carrier accepts it.
    expect(sealed).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(sealed, 'base64').toString('base64')).toBe(sealed);
    expect(isReasoningEnvelope(sealed)).toBe(true);
    expect(openReasoning(sealed)).toEqual({ family: 'fam-a', blocks });
  });

  it('is undefined for what is not an envelope', () => {
    expect(openReasoning(undefined)).toBeUndefined();
    // A provider's own signature: base64, but without the magic bytes.
    expect(openReasoning('EqQBCkgIARABGAIiQ')).toBeUndefined();
    expect(isReasoningEnvelope('EqQBCkgIARABGAIiQ')).toBe(false);
    expect(openReasoning(Buffer.from('mgw1\0{"f":1,"b":[]}').toString('base64'))).toBeUndefined();
    expect(openReasoning(Buffer.from('mgw1\0{not json').toString('base64'))).toBeUndefined();
    expect(isReasoningEnvelope('plain')).toBe(false);
  });
});
