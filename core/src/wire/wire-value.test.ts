import { finiteNumber, isWireObject, numberOr, setDefined, stringOr, type WireObject } from './wire-value';

describe('isWireObject', () => {
  it('takes plain objects, including empty ones', () => {
    expect(isWireObject({})).toBe(true);
    expect(isWireObject({ a: 1 })).toBe(true);
  });

  it('refuses arrays, null and scalars', () => {
    for (const value of [[], [{}], null, undefined, 'x', 1, true]) expect(isWireObject(value)).toBe(false);
  });
});

describe('setDefined', () => {
  it('sets a defined value, null and falsy ones included, and leaves undefined out', () => {
    const target: WireObject = {};
    setDefined(target, 'a', undefined);
    setDefined(target, 'b', null);
    setDefined(target, 'c', 0);
    setDefined(target, 'd', '');
    expect(target).toEqual({ b: null, c: 0, d: '' });
    expect('a' in target).toBe(false);
  });
});

describe('stringOr', () => {
  it('keeps a string, the empty one too, and falls back for anything else', () => {
    expect(stringOr('id', 'x')).toBe('id');
    expect(stringOr('', 'x')).toBe('');
    expect(stringOr(7, 'x')).toBe('x');
    expect(stringOr(null, 'x')).toBe('x');
  });
});

describe('numberOr and finiteNumber', () => {
  it('keep a finite number', () => {
    expect(numberOr(0, 5)).toBe(0);
    expect(numberOr(-2.5, 5)).toBe(-2.5);
    expect(finiteNumber(0)).toBe(0);
    expect(finiteNumber(12)).toBe(12);
  });

  it('fall back for non-finite numbers and other types', () => {
    for (const value of [Number.NaN, Infinity, '3', null, undefined]) {
      expect(numberOr(value, 5)).toBe(5);
      expect(finiteNumber(value)).toBeUndefined();
    }
  });
});
