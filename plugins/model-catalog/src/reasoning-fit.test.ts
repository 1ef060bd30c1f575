import type { AttemptContext, ChatRequest, Target } from '@model-gateway/core';
import { capabilitiesLookup } from './model-capabilities-lookup';
import { fitReasoning } from './reasoning-fit';
import { container as rootContainer } from 'tsyringe';

const target = (type: string, model: string, catalogModel = model) => ({ definition: { type }, model, catalogModel }) as unknown as Target;
const request: ChatRequest = { messages: [{ role: 'user', content: 'x' }], stream: false, streamUsage: false, extra: {}, reasoning: { effort: 'high' } };

describe('fitReasoning', () => {
  const flags = (_type: string, model: string) => (model === 'thinker' ? { reasoning: true } : model === 'plain' ? { reasoning: false } : undefined);
  const attempt = (model: string, catalogModel = model) => {
    const dropped: string[] = [];
    return { dropped, context: { target: target('openai', model, catalogModel), dropField: (field: string) => dropped.push(field) } as unknown as AttemptContext };
  };

  it('keeps reasoning for a model flagged with it and drops it, reporting `reasoning`, for one flagged without or unknown', () => {
    const thinker = attempt('thinker');
    expect(fitReasoning(thinker.context, request, flags)).toBeUndefined();
    expect(thinker.dropped).toEqual([]);
    for (const model of ['plain', 'unknown']) {
      const other = attempt(model);
      const fitted = fitReasoning(other.context, request, flags);
      expect(fitted).not.toHaveProperty('reasoning');
      expect(fitted?.messages).toBe(request.messages);
      expect(other.dropped).toEqual(['reasoning']);
    }
    expect(request.reasoning).toEqual({ effort: 'high' });
  });

  it('asks about the model a deployment serves (catalogModel), not the deployment\'s name', () => {
    const deployment = attempt('prod-thinker', 'thinker');
    expect(fitReasoning(deployment.context, request, flags)).toBeUndefined();
    expect(deployment.dropped).toEqual([]);
    const plainDeployment = attempt('thinker', 'plain');
    expect(fitReasoning(plainDeployment.context, request, flags)).not.toHaveProperty('reasoning');
    expect(plainDeployment.dropped).toEqual(['reasoning']);
  });

  it('has nothing to fit when the request asks for no reasoning', () => {
    const plain = attempt('plain');
    expect(fitReasoning(plain.context, { ...request, reasoning: undefined }, flags)).toBeUndefined();
    expect(plain.dropped).toEqual([]);
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
