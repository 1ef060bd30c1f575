import { embeddedIpv4, ipv6Groups } from './embedded-ipv4';

describe('ipv6Groups', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['64:ff9b::7f00:1', [0x64, 0xff9b, 0, 0, 0, 0, 0x7f00, 1]],
    ['::127.0.0.1', [0, 0, 0, 0, 0, 0, 0x7f00, 1]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['0:0:0:0:0:ffff:7f00:1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['1:2:3:4:5:6:10.0.0.1', [1, 2, 3, 4, 5, 6, 0x0a00, 1]],
    ['FE80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
  ])('reads %s', (text, groups) => {
    expect(ipv6Groups(text)).toEqual(groups);
  });

  it.each(['127.0.0.1', 'example.com', '1:2:3:4:5:6:7:8:9', '', '::g'])('refuses %s', (text) => {
    expect(ipv6Groups(text)).toBeUndefined();
  });
});

describe('embeddedIpv4', () => {
  it.each([
    ['::ffff:7f00:1', '127.0.0.1', 'IPv4-mapped'],
    ['::ffff:127.0.0.1', '127.0.0.1', 'IPv4-mapped'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1', 'IPv4-mapped'],
    ['::ffff:0:a00:1', '10.0.0.1', 'IPv4-translated'],
    ['::127.0.0.1', '127.0.0.1', 'IPv4-compatible'],
    ['::7f00:1', '127.0.0.1', 'IPv4-compatible'],
    ['::1', '0.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', '127.0.0.1', 'NAT64'],
    ['64:ff9b::169.254.169.254', '169.254.169.254', 'NAT64'],
    ['2002:7f00:1::', '127.0.0.1', '6to4'],
    ['2002:a9fe:a9fe:1234::1', '169.254.169.254', '6to4'],
    // Teredo: server 65.54.227.120, client 127.0.0.1 stored as 0x80ff:0xfffe.
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '127.0.0.1', 'Teredo'],
  ])('%s carries %s (%s)', (address, ipv4, via) => {
    expect(embeddedIpv4(address)).toEqual([{ ipv4, via }]);
  });

  it('reads every RFC 6052 layout under the local-use NAT64 prefix', () => {
    const found = embeddedIpv4('64:ff9b:1::7f00:1').map((e) => e.ipv4);
    expect(found).toContain('127.0.0.1');
    // The /48 layout: bits 48-63 and 72-87.
    expect(embeddedIpv4('64:ff9b:1:7f00:0:100::').map((e) => e.ipv4)).toContain('127.0.0.1');
  });

  it.each(['2606:4700::1111', 'fe80::1', '127.0.0.1', 'example.com', '64:ff9b:2::7f00:1', '2001:db8::7f00:1'])('finds none in %s', (address) => {
    expect(embeddedIpv4(address)).toEqual([]);
  });
});
