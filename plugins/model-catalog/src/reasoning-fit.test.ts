import type { ChatRequest, Target } from '@model-gateway/core';
import { capabilitiesLookup } from './model-capabilities-lookup';
import { fitReasoning } from './reasoning-fit';
import { container as rootContainer } from 'tsyringe';

const target = (type: string, model: string) => ({ definition: { type }, model }) as unknown as Target;
const request: ChatRequest = { messages: [{ role: 'user', content: 'x' }], stream: false, streamUsage: false, extra: {}, reasoning: { effort: 'high' } };

describe('fitReasoning', () => {
  const flags = (_type: string, model: string) => (model === 'thinker' ? { reasoning: true } : model === 'plain' ? { reasoning: false } : undefined);

  it('keeps reasoning for a model flagged with it and drops it, naming the client fields, for one flagged without or unknown', () => {
    const fit = fitReasoning(request, flags, 'thinking, output_config.effort');
    expect(fit?.(target('openai', 'thinker'))).toEqual({ request });
    for (const model of ['plain', 'unknown']) {
      const dropped = fit?.(target('openai', model));
      expect(dropped?.request).not.toHaveProperty('reasoning');
      expect(dropped?.request.messages).toBe(request.messages);
      expect(dropped?.headers).toEqual({ 'x-gateway-dropped-fields': 'thinking, output_config.effort' });
    }
  });

  it('has nothing to fit when the request asks for no reasoning', () => {
    expect(fitReasoning({ ...request, reasoning: undefined }, flags, 'reasoning_effort')).toBeUndefined();
  });

  it('reads the flags from the catalogue in the container, and knows no model without one', () => {
    const child = rootContainer.createChildContainer();
    expect(capabilitiesLookup(child)('openai', 'o4-mini')).toBeUndefined();
    child.register('model-gateway:ModelCatalog', { useValue: { lookup: (type: string, model: string) => (model === 'o4-mini' ? { capabilities: { reasoning: true } } : undefined) } });
    const lookup = capabilitiesLookup(child);
    expect(lookup('openai', 'o4-mini')).toEqual({ reasoning: true });
    expect(lookup('openai', 'gpt-4o-mini')).toBeUndefined();
  });
});
