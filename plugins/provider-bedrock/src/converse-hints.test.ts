import type { ChatRequest } from '@model-gateway/core';
import { fitConverseHints, unhonouredHints } from './converse-hints';

const request = (over: Partial<ChatRequest>): ChatRequest => ({ messages: [{ role: 'user', content: 'hi' }], stream: false, streamUsage: false, extra: {}, ...over });

describe('Converse hints', () => {
  it('names the sampling knobs and the parallel-tools switch Converse has no field for', () => {
    expect(unhonouredHints(request({ presencePenalty: 0.5, frequencyPenalty: 0.2, seed: 7, parallelToolCalls: false }), 'anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual([
      'presencePenalty', 'frequencyPenalty', 'seed', 'parallelToolCalls',
    ]);
  });

  it('keeps what Converse can say: zero penalties, parallel tools allowed, top-k where the vendor has a field', () => {
    expect(unhonouredHints(request({ presencePenalty: 0, parallelToolCalls: true, topK: 40 }), 'anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual([]);
    expect(unhonouredHints(request({ topK: 40 }), 'amazon.nova-pro-v1:0')).toEqual([]);
    expect(unhonouredHints(request({ topK: 40 }), 'meta.llama3-3-70b-instruct-v1:0')).toEqual(['topK']);
  });

  it('fits Claude\'s sampling knobs as Anthropic\'s API does, and no other family\'s', () => {
    const fit = (model: string) => {
      const dropped: string[] = [];
      const fitted = fitConverseHints(request({ temperature: 0.5, topP: 0.9, topK: 40 }), { model, dropField: (field) => void dropped.push(field) });
      return { sampling: [fitted.temperature, fitted.topP, fitted.topK], dropped };
    };
    expect(fit('us.anthropic.claude-opus-4-8-v1:0')).toEqual({ sampling: [undefined, undefined, undefined], dropped: ['temperature', 'topP', 'topK'] });
    expect(fit('anthropic.claude-sonnet-4-5-20250929-v1:0')).toEqual({ sampling: [0.5, undefined, 40], dropped: ['topP'] });
    expect(fit('anthropic.claude-sonnet-4-20250514-v1:0')).toEqual({ sampling: [0.5, 0.9, 40], dropped: [] });
    expect(fit('amazon.nova-pro-v1:0')).toEqual({ sampling: [0.5, 0.9, 40], dropped: [] });
  });
});
