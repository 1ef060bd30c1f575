import { canonicalHostName, HostMatcher, isLoopbackName } from './host-matcher';

describe('HostMatcher', () => {
  const loopbackOnly = new HostMatcher([]);

  it.each([
    'localhost', 'localhost:8080', 'LOCALHOST:8080', 'LocalHost', 'localhost.', 'localhost.:8080',
    '127.0.0.1', '127.0.0.1:8080', '127.0.0.1:80', '127.0.0.1.:8080', '127.1.2.3:9', '127.255.255.255',
    '127.1', '0x7f.0.0.1', '2130706433:8080',
    '[::1]', '[::1]:8080', '[0:0:0:0:0:0:0:1]:8080', '[0000::1]', '[::ffff:127.0.0.1]:8080', '[::FFFF:7F00:1]',
  ])('accepts the loopback spelling %p', (host) => {
    expect(loopbackOnly.matches(host)).toBe(true);
  });

  it.each([
    ['the attacker\'s name', 'evil.example'],
    ['the attacker\'s name with a port', 'evil.example:8080'],
    ['a name that starts like a loopback literal', '127.0.0.1.evil.example'],
    ['a name that starts like localhost', 'localhost.evil.example'],
    ['a subdomain of localhost', 'evil.localhost'],
    ['a name ending in localhost', 'notlocalhost'],
    ['an empty value', ''],
    ['a port alone', ':8080'],
    ['a bare port separator', 'localhost:'],
    ['a port that is not a number', 'localhost:http'],
    ['a port too long', 'localhost:123456'],
    ['userinfo', 'evil.example@127.0.0.1'],
    ['a path', '127.0.0.1/evil'],
    ['a space', '127.0.0.1 evil.example'],
    ['an unbracketed IPv6 literal', '::1'],
    ['an unclosed bracket', '[::1'],
    ['garbage after the bracket', '[::1]x'],
    ['another IPv6 address', '[2001:db8::1]:8080'],
    ['the unspecified address', '0.0.0.0:8080'],
    ['a private address', '10.0.0.5:8080'],
    ['not a valid IPv4 literal', '127.0.0.256'],
    ['a double dot', 'localhost..'],
  ])('refuses %s (%p)', (_what, host) => {
    expect(loopbackOnly.matches(host)).toBe(false);
  });

  it('refuses a request with no Host at all', () => {
    expect(loopbackOnly.matches(undefined)).toBe(false);
  });

  it('accepts a configured name with any port, in any case and with a trailing dot, and nothing beside it', () => {
    const matcher = new HostMatcher(['gateway.internal', 'LLM.Example.com', '[FD00::1]', '10.0.0.5']);
    for (const host of ['gateway.internal', 'gateway.internal:8080', 'GATEWAY.INTERNAL:443', 'gateway.internal.', 'llm.example.com:9999', '[fd00::1]:8080', '[fd00:0::1]', '10.0.0.5:8080']) {
      expect(matcher.matches(host)).toBe(true);
    }
    for (const host of ['internal', 'x.gateway.internal', 'gateway.internal.evil.example', 'example.com', '[fd00::2]', '10.0.0.6']) {
      expect(matcher.matches(host)).toBe(false);
    }
  });

  it('gives the same answers the second time, once accepted values are remembered', () => {
    const matcher = new HostMatcher([]);
    for (let i = 0; i < 100; i++) expect(matcher.matches(`127.0.0.${i}:8080`)).toBe(true);
    for (const host of ['127.0.0.1:8080', '127.0.0.99:8080', 'localhost:1']) expect(matcher.matches(host)).toBe(true);
    for (const host of ['evil.example:8080', 'evil.example:8080', '']) expect(matcher.matches(host)).toBe(false);
  });

  it('ignores a configured value it cannot read rather than matching more', () => {
    const matcher = new HostMatcher(['', 'a b', 'evil.example@127.0.0.1']);
    expect(matcher.matches('a b')).toBe(false);
    expect(matcher.matches('evil.example')).toBe(false);
  });
});

describe('canonicalHostName and isLoopbackName', () => {
  it('canonicalizes case, port, trailing dot and IPv6 spelling', () => {
    expect(canonicalHostName('LLM.Example.COM.:443')).toBe('llm.example.com');
    expect(canonicalHostName('[0:0:0:0:0:0:0:1]:8080')).toBe('[::1]');
    expect(canonicalHostName('127.1')).toBe('127.0.0.1');
    expect(canonicalHostName('')).toBeUndefined();
  });

  it('knows loopback names in canonical form only', () => {
    expect(isLoopbackName('127.9.9.9')).toBe(true);
    expect(isLoopbackName('[::ffff:7f00:1]')).toBe(true);
    expect(isLoopbackName('128.0.0.1')).toBe(false);
    expect(isLoopbackName('localhost.evil.example')).toBe(false);
  });
});
