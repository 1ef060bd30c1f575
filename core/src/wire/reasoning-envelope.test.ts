import { isReasoningEnvelope, openReasoning, sealReasoning } from './reasoning-envelope';

describe('reasoning envelope', () => {
  it('round-trips a family and its blocks through one url-safe string', () => {
    const blocks = [{ type: 'thinking', thinking: 'a/b+c?', signature: 'sig==' }, { type: 'redacted_thinking', data: 'xyz' }];
    const sealed = sealReasoning('fam-a', blocks);
    expect(sealed).toMatch(/^mgw1\.[A-Za-z0-9_-]+$/);
    expect(isReasoningEnvelope(sealed)).toBe(true);
    expect(openReasoning(sealed)).toEqual({ family: 'fam-a', blocks });
  });

  it('is undefined for what is not an envelope', () => {
    expect(openReasoning(undefined)).toBeUndefined();
    expect(openReasoning('EqQBCkgIARABGAIiQ')).toBeUndefined();
    expect(openReasoning('mgw1.!!!')).toBeUndefined();
    expect(openReasoning(`mgw1.${Buffer.from('{"f":1,"b":[]}').toString('base64url')}`)).toBeUndefined();
    expect(isReasoningEnvelope('plain')).toBe(false);
  });
});
