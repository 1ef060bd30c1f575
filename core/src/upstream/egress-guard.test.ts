import { checkUrlText, classifyAddress, guardedLookup, literalRefusal, refusalOf } from './egress-guard';

const STRICT = { allowPrivate: false };
const LOCAL_OK = { allowPrivate: true };

describe('egress guard', () => {
  it.each([
    ['169.254.169.254', 'link-local'],
    ['fd00:ec2::254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['0.0.0.0', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ])('classifies %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('refuses link-local always, private and loopback unless allowed', () => {
    expect(refusalOf('169.254.169.254', LOCAL_OK)).toMatch(/link-local or cloud metadata/);
    expect(refusalOf('127.0.0.1', STRICT)).toMatch(/loopback/);
    expect(refusalOf('127.0.0.1', LOCAL_OK)).toBeUndefined();
    expect(refusalOf('10.0.0.1', STRICT)).toMatch(/private/);
    expect(refusalOf('93.184.216.34', STRICT)).toBeUndefined();
  });

  it.each([
    ['ftp://example.com/', 'only http and https'],
    ['file:///etc/passwd', 'only http and https'],
    ['http://user:pw@example.com/', 'user name or password'],
    ['http://metadata.google.internal/computeMetadata/v1', 'cloud metadata host'],
    ['http://METADATA.GOOGLE.INTERNAL./', 'cloud metadata host'],
    ['http://169.254.169.254/latest/meta-data', 'link-local'],
    ['http://[fd00:ec2::254]/', 'link-local'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local'],
    // The URL parser normalises numeric forms to dotted quads before the check.
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://10.0.0.5/v1', 'private'],
    ['not a url', 'not a valid URL'],
  ])('refuses %s as text', (url, reason) => {
    expect(checkUrlText(url, STRICT)).toContain(reason);
  });

  it('accepts public URLs, and private ones when allowed; names wait for the connect-time check', () => {
    expect(checkUrlText('https://api.example.com/v1', STRICT)).toBeUndefined();
    expect(checkUrlText('http://localhost:11434', STRICT)).toBeUndefined();
    expect(checkUrlText('http://127.0.0.1:8000/v1', LOCAL_OK)).toBeUndefined();
    expect(checkUrlText('http://localhost:11434', LOCAL_OK)).toBeUndefined();
    expect(checkUrlText('http://169.254.169.254/', LOCAL_OK)).toContain('link-local');
  });

  it('checks address literals that skip lookup, bracketed or not', () => {
    expect(literalRefusal('[::1]', STRICT)).toMatch(/loopback/);
    expect(literalRefusal('127.0.0.1', STRICT)).toMatch(/loopback/);
    expect(literalRefusal('example.com', STRICT)).toBeUndefined();
  });

  it('fails a lookup whose answer holds a refused address', async () => {
    const lookup = guardedLookup(STRICT);
    const outcome = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookup('localhost', { all: true }, (error, address) => resolve({ error, address })),
    );
    expect(outcome.error?.code).toBe('EGRESS_DENIED');
    expect(outcome.error?.message).toMatch(/localhost resolves to .* loopback/);
    const allowed = await new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      guardedLookup(LOCAL_OK)('localhost', { all: true }, (error, address) => resolve({ error, address })),
    );
    expect(allowed.error).toBeNull();
    expect(Array.isArray(allowed.address)).toBe(true);
  });
});
