import type { ChatRequest } from '@model-gateway/core';
import { fitSamplingPair, refusesSamplingPair } from './sampling-pair';

const request: ChatRequest = { messages: [{ role: 'user', content: 'x' }], stream: false, streamUsage: false, extra: {}, temperature: 0.5, topP: 0.9 };

describe('temperature + top_p on newer Claude models', () => {
  it.each(['claude-opus-4-1-20250805', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'claude-opus-4-5', 'claude-sonnet-4-6', 'claude-opus-5', 'anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5@20250929'])('%s refuses the pair', (model) => {
    expect(refusesSamplingPair(model)).toBe(true);
  });

  it.each(['claude-opus-4-20250514', 'claude-sonnet-4-20250514', 'claude-3-7-sonnet-20250219', 'claude-3-5-haiku-20241022', 'claude-x', 'gpt-4o'])('%s takes it', (model) => {
    expect(refusesSamplingPair(model)).toBe(false);
  });

  it('drops top_p (and reports it) only when both are set for a refusing model', () => {
    const dropped: string[] = [];
    const attempt = (model: string) => ({ model, dropField: (field: string) => dropped.push(field) });
    expect(fitSamplingPair(request, attempt('claude-sonnet-4-5'))).toEqual({ ...request, topP: undefined });
    expect(fitSamplingPair(request, attempt('claude-3-5-haiku-latest'))).toBe(request);
    expect(fitSamplingPair({ ...request, temperature: undefined }, attempt('claude-sonnet-4-5')).topP).toBe(0.9);
    expect(dropped).toEqual(['topP']);
  });
});
