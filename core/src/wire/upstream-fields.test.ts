import { optionalArray, requireArray, requireObject } from './upstream-fields';

describe('requireObject', () => {
  it('returns an object as it is', () => {
    const value = { id: 'x' };
    expect(requireObject(value, 'body')).toBe(value);
  });

  it('throws a 502 naming where the object should be', () => {
    expect(() => requireObject([], 'choices[0].message')).toThrow(
      expect.objectContaining({ code: 'upstream_invalid_response', status: 502, message: "The provider's response is not usable: choices[0].message is not an object." }),
    );
  });
});

describe('requireArray and optionalArray', () => {
  it('return an array as it is', () => {
    const value = [1];
    expect(requireArray(value, 'data')).toBe(value);
    expect(optionalArray(value, 'data')).toBe(value);
  });

  it('requireArray refuses a missing array; optionalArray reads it as empty', () => {
    expect(() => requireArray(undefined, 'data')).toThrow("The provider's response is not usable: data is not an array.");
    expect(optionalArray(undefined, 'candidates')).toEqual([]);
    expect(optionalArray(null, 'candidates')).toEqual([]);
  });

  it('both refuse a value of another type', () => {
    expect(() => requireArray({}, 'data')).toThrow(expect.objectContaining({ code: 'upstream_invalid_response' }));
    expect(() => optionalArray('x', 'candidates')).toThrow("The provider's response is not usable: candidates is not an array.");
  });
});
