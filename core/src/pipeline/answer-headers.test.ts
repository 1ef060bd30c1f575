import type { Response } from 'express';
import { setTranslationHeaders } from './answer-headers';

/** Only the two methods the helper uses, over a plain map. */
function fakeResponse(initial: Record<string, string> = {}): Response & { headers: Map<string, string> } {
  const headers = new Map(Object.entries(initial));
  return {
    headers,
    getHeader: (name: string) => headers.get(name),
    setHeader(name: string, value: string) {
      headers.set(name, value);
      return this;
    },
  } as unknown as Response & { headers: Map<string, string> };
}

describe('setTranslationHeaders', () => {
  it('sets each header of both sources; a name both set gets both values, first source first', () => {
    const res = fakeResponse();
    setTranslationHeaders(res, { 'x-gateway-dropped-fields': 'top_k', 'x-a': '1' }, { 'x-gateway-dropped-fields': 'seed' });
    expect(Object.fromEntries(res.headers)).toEqual({ 'x-gateway-dropped-fields': 'top_k, seed', 'x-a': '1' });
  });

  it('joins onto a value already on the response, and skips an absent source', () => {
    const res = fakeResponse({ 'x-gateway-dropped-fields': 'logprobs' });
    setTranslationHeaders(res, undefined, { 'x-gateway-dropped-fields': 'seed' });
    setTranslationHeaders(res, undefined);
    expect(Object.fromEntries(res.headers)).toEqual({ 'x-gateway-dropped-fields': 'logprobs, seed' });
  });
});
