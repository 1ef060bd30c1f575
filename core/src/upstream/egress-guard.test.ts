import dns from 'node:dns';
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
    // IPv6 spellings that reach an IPv4 address are judged by the IPv4 rules.
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    ['64:ff9b:1::7f00:1', 'private'],
    ['64:ff9b:1::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::808:808', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::', 'link-local'],
    ['2002:808:808::1', 'public'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
    ['fe80::1%eth0', 'link-local'],
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
    ['http://017700000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['http://[::127.0.0.1]:8080/', 'IPv4-compatible 127.0.0.1) is a loopback'],
    ['http://[64:ff9b::7f00:1]:8080/v1', 'NAT64 127.0.0.1) is a loopback'],
    ['http://[64:ff9b::127.0.0.1]/', 'loopback'],
    ['http://[64:ff9b:1::a00:1]/', 'private'],
    ['http://[2002:7f00:1::]/', '6to4 127.0.0.1) is a loopback'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', 'Teredo 127.0.0.1) is a loopback'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'link-local'],
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

  it.each(['[64:ff9b::7f00:1]', '[2002:7f00:1::]', '[::7f00:1]', '[::ffff:7f00:1]', '[2001:0:4136:e378:8000:63bf:80ff:fffe]'])(
    'refuses the literal %s at connect time, unless private addresses are allowed',
    (host) => {
      expect(literalRefusal(host, STRICT)).toMatch(/loopback/);
      expect(literalRefusal(host, LOCAL_OK)).toBeUndefined();
    },
  );

  it('refuses a metadata address behind NAT64 even when private addresses are allowed', () => {
    expect(literalRefusal('[64:ff9b::a9fe:a9fe]', LOCAL_OK)).toMatch(/NAT64 169\.254\.169\.254\) is a link-local/);
  });

  describe('a name whose DNS answer is an IPv6 spelling of a refused address', () => {
    afterEach(() => jest.restoreAllMocks());

    it.each(['64:ff9b::7f00:1', '2002:7f00:1::', '::7f00:1', '::ffff:7f00:1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '64:ff9b::a00:1'])(
      'fails the lookup when the answer is %s',
      async (answer) => {
        jest.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: (...args: unknown[]) => void) =>
          callback(null, [{ address: answer, family: 6 }], 6)) as unknown as typeof dns.lookup);
        const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
          guardedLookup(STRICT)('sneaky.example', { all: true }, (failure) => resolve(failure)),
        );
        expect(error?.code).toBe('EGRESS_DENIED');
        expect(error?.message).toMatch(/sneaky\.example resolves to .* is a (loopback|private) address/);
      },
    );
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
