import type { ChatRequest } from '../canonical/chat';
import { droppedFieldsHeader } from '../pipeline/dropped-fields-header';
import { withoutFields } from './drop-fields';

const request: ChatRequest = { messages: [{ role: 'user', content: 'x' }], stream: false, streamUsage: false, extra: {}, topK: 5, temperature: 0.2 };

describe('withoutFields and the dropped-fields header', () => {
  it('copies the request without the set fields and reports each, leaving the original for a fallback', () => {
    const dropped: string[] = [];
    const out = withoutFields(request, ['topK', 'topP'], { dropField: (field) => dropped.push(field) });
    expect(out).not.toHaveProperty('topK');
    expect(out.temperature).toBe(0.2);
    expect(request.topK).toBe(5);
    expect(dropped).toEqual(['topK']);
    expect(withoutFields(request, ['seed'], { dropField: () => dropped.push('x') })).toBe(request);
  });

  it('names canonical fields in the client\'s spelling, once each, and keeps unknown names as they are', () => {
    expect(droppedFieldsHeader(['topK', 'reasoning', 'topK', 'other'], { topK: 'generationConfig.topK', reasoning: 'thinking' })).toEqual({
      'x-gateway-dropped-fields': 'generationConfig.topK, thinking, other',
    });
    expect(droppedFieldsHeader([], { topK: 'top_k' })).toBeUndefined();
  });
});
