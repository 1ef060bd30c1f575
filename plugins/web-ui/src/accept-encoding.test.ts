import { pickEncoding } from './accept-encoding';

describe('pickEncoding', () => {
  const both = { br: 1, gzip: 1 };
  it('prefers brotli, then gzip, among what the client accepts and the file has', () => {
    expect(pickEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(pickEncoding('gzip', both)).toBe('gzip');
    expect(pickEncoding('br', { gzip: 1 })).toBeUndefined();
    expect(pickEncoding('*', both)).toBe('br');
  });

  it('honours q=0 refusals and sends the bytes as they are without the header', () => {
    expect(pickEncoding('br;q=0, gzip;q=0.5', both)).toBe('gzip');
    expect(pickEncoding('identity', both)).toBeUndefined();
    expect(pickEncoding(undefined, both)).toBeUndefined();
  });
});
