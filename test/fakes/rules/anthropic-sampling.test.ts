import { deprecatedSamplingRule, samplingPairRule } from './anthropic-sampling';

const both = (model: string) => samplingPairRule({ model, temperature: 0.5, top_p: 0.9 });

describe('Anthropic temperature + top_p rule (the fake\'s)', () => {
  it.each(['claude-opus-4-1-20250805', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'claude-opus-4-5', 'claude-sonnet-4-6', 'anthropic.claude-sonnet-4-5-20250929-v1:0'])('refuses the pair on %s', (model) => {
    expect(both(model)).toBe('temperature and top_p cannot both be specified for this model. Please use only one.');
  });

  it.each(['claude-opus-4-20250514', 'claude-sonnet-4-20250514', 'claude-3-7-sonnet-20250219', 'claude-3-5-haiku-latest', 'claude-x'])('takes the pair on %s', (model) => {
    expect(both(model)).toBeUndefined();
  });

  it('takes either knob alone on any model', () => {
    expect(samplingPairRule({ model: 'claude-sonnet-4-5', temperature: 0.5 })).toBeUndefined();
    expect(samplingPairRule({ model: 'claude-sonnet-4-5', top_p: 0.5 })).toBeUndefined();
  });
});

describe('Anthropic deprecated sampling rule (the fake\'s)', () => {
  it.each(['claude-opus-4-7', 'claude-opus-4-8-20260801', 'claude-opus-4-8@20260801', 'us.anthropic.claude-opus-4-8-v1:0', 'claude-sonnet-5', 'claude-fable-5'])('refuses each knob on %s', (model) => {
    expect(deprecatedSamplingRule({ model, temperature: 0.5 })).toBe('`temperature` is deprecated for this model.');
    expect(deprecatedSamplingRule({ model, top_p: 0.5 })).toBe('`top_p` is deprecated for this model.');
    expect(deprecatedSamplingRule({ model, top_k: 5 })).toBe('`top_k` is deprecated for this model.');
  });

  it.each(['claude-opus-4-6', 'claude-sonnet-4-6', 'claude-haiku-4-5', 'claude-opus-4-20250514'])('takes them on %s', (model) => {
    expect(deprecatedSamplingRule({ model, temperature: 0.5, top_k: 5 })).toBeUndefined();
  });
});
