import type { ChatRequest } from '@model-gateway/core';
import { fitClaudeSampling, fitClaudeSamplingBody, refusesSampling } from './claude-sampling';

const request: ChatRequest = { messages: [{ role: 'user', content: 'x' }], stream: false, streamUsage: false, extra: {}, temperature: 0.5, topP: 0.9, topK: 40 };

function attempt(model: string) {
  const dropped: string[] = [];
  return { model, dropped, dropField: (field: string) => void dropped.push(field) };
}

describe('sampling knobs for Claude', () => {
  it.each(['claude-opus-4-7', 'claude-opus-4-8-20260801', 'us.anthropic.claude-opus-4-8-v1:0', 'claude-opus-4-8@20260801', 'claude-opus-5', 'claude-sonnet-5', 'claude-haiku-5-5', 'claude-fable-5'])('%s refuses them', (model) => {
    expect(refusesSampling(model)).toBe(true);
  });

  it.each(['claude-opus-4-6', 'claude-opus-4-1-20250805', 'claude-sonnet-4-6', 'claude-haiku-4-5', 'claude-opus-4-20250514', 'claude-3-7-sonnet-20250219', 'gpt-4o'])('%s takes them', (model) => {
    expect(refusesSampling(model)).toBe(false);
  });

  it('drops all three (and reports them) for a model that refuses them', () => {
    const opus = attempt('claude-opus-4-8');
    const fitted = fitClaudeSampling(request, opus);
    expect([fitted.temperature, fitted.topP, fitted.topK]).toEqual([undefined, undefined, undefined]);
    expect(opus.dropped).toEqual(['temperature', 'topP', 'topK']);
    expect(request.temperature).toBe(0.5);
  });

  it('keeps them for an earlier model, but for the pair rule', () => {
    const old = attempt('claude-sonnet-4-20250514');
    expect(fitClaudeSampling(request, old)).toBe(request);
    const sonnet = attempt('claude-sonnet-4-5');
    expect(fitClaudeSampling(request, sonnet)).toMatchObject({ temperature: 0.5, topK: 40 });
    expect(sonnet.dropped).toEqual(['topP']);
  });

  it('fits a relayed body the same way, by its wire names, without changing it', () => {
    const body = { model: 'm', max_tokens: 8, messages: [], temperature: 0.2, top_p: 0.9, top_k: 5 };
    const opus = attempt('claude-opus-4-8');
    expect(fitClaudeSamplingBody(body, opus.model, opus.dropField)).toEqual({ model: 'm', max_tokens: 8, messages: [] });
    expect(opus.dropped).toEqual(['temperature', 'top_p', 'top_k']);
    expect(body.temperature).toBe(0.2);

    const sonnet = attempt('claude-sonnet-4-5@20250929');
    expect(fitClaudeSamplingBody(body, sonnet.model, sonnet.dropField)).toEqual({ model: 'm', max_tokens: 8, messages: [], temperature: 0.2, top_k: 5 });
    expect(sonnet.dropped).toEqual(['top_p']);

    const old = attempt('claude-3-5-haiku-20241022');
    expect(fitClaudeSamplingBody(body, old.model, old.dropField)).toBe(body);
    expect(old.dropped).toEqual([]);
  });
});
