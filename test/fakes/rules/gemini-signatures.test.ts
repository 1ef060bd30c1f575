import { signatureRule, signedParts, signFunctionCall, SKIP_VALIDATOR } from './gemini-signatures';

const call = { name: 'get_weather', args: { city: 'Paris', unit: 'C' } };
const step = (part: object) => ({
  contents: [
    { role: 'user', parts: [{ text: 'Weather?' }] },
    { role: 'model', parts: [part] },
    { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny' } } }] },
  ],
});

describe('the Gemini fake\'s thought signatures', () => {
  it('signs the first functionCall part of a gemini-3 answer only', () => {
    const parts = signedParts('gemini-3-pro-preview', [{ text: 'x' }, { functionCall: call }, { functionCall: call }]);
    expect(parts.map((p) => p.thoughtSignature)).toEqual([undefined, signFunctionCall(call), undefined]);
    expect(signedParts('gemini-2.5-flash', [{ functionCall: call }])[0].thoughtSignature).toBeUndefined();
  });

  it('takes the signature it issued (whatever the key order) or the documented skip value', () => {
    expect(signatureRule('gemini-3-pro-preview', step({ functionCall: { ...call, args: { unit: 'C', city: 'Paris' } }, thoughtSignature: signFunctionCall(call) }))).toBeUndefined();
    expect(signatureRule('gemini-3-pro-preview', step({ functionCall: call, thoughtSignature: SKIP_VALIDATOR }))).toBeUndefined();
  });

  it('refuses a current-turn step without its signature, or with a forged one; other models and earlier turns are not checked', () => {
    expect(signatureRule('gemini-3-pro-preview', step({ functionCall: call }))).toMatch(/^Function call `get_weather` in the `2\.` content block is missing a `thought_signature`/);
    expect(signatureRule('gemini-3-pro-preview', step({ functionCall: call, thoughtSignature: 'forged' }))).toMatch(/Corrupted thought signature/);
    expect(signatureRule('gemini-2.5-flash', step({ functionCall: call }))).toBeUndefined();
    const later = step({ functionCall: call });
    later.contents.push({ role: 'model', parts: [{ text: 'Sunny.' } as never] }, { role: 'user', parts: [{ text: 'Thanks' }] });
    expect(signatureRule('gemini-3-pro-preview', later)).toBeUndefined();
  });
});
