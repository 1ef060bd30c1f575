import { extensibleCopy } from './extensible-copy';

describe('extensibleCopy', () => {
  it('copies own fields shallowly and leaves the source alone', () => {
    const nested = { deep: 1 };
    const source = { a: 1, nested };
    const copy = extensibleCopy(source) as Record<string, unknown>;
    copy.b = 2;
    expect(copy).toEqual({ a: 1, nested, b: 2 });
    expect(copy.nested).toBe(nested);
    expect(source).toEqual({ a: 1, nested });
  });

  it("lets extra's fields win, as a spread does, and skips an undefined source", () => {
    expect(extensibleCopy({ a: 1, b: 2 }, { b: 3, c: 4 })).toEqual({ a: 1, b: 3, c: 4 });
    expect(extensibleCopy(undefined, { c: 4 })).toEqual({ c: 4 });
  });
});
