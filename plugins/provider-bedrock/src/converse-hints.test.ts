import type { ChatRequest } from '@model-gateway/core';
import { unhonouredHints } from './converse-hints';

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
});
