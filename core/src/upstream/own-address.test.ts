import os from 'node:os';
import { ownAddressRefusal } from './own-address';

const LOOPBACK = { host: '127.0.0.1', port: 8080 };
const EVERYWHERE = { host: '0.0.0.0', port: 8080 };
const EVERYWHERE_V6 = { host: '::', port: 8080 };
const LAN = { host: '10.1.2.3', port: 8080 };

describe('ownAddressRefusal', () => {
  it.each([
    'http://127.0.0.1:8080/gateway/native/v1',
    'http://localhost:8080/v1',
    'http://LOCALHOST.:8080/v1',
    'http://api.localhost:8080/v1',
    'https://127.0.0.1:8080/v1',
    'http://127.1:8080/v1',
    'http://2130706433:8080/v1',
    'http://127.0.0.2:8080/v1',
    'http://[::1]:8080/v1',
    'http://[::ffff:127.0.0.1]:8080/v1',
    'http://[64:ff9b::7f00:1]:8080/v1',
    'http://0.0.0.0:8080/v1',
  ])('refuses %s for a gateway on 127.0.0.1:8080, naming itself', (url) => {
    expect(ownAddressRefusal(url, LOOPBACK)).toMatch(/is this gateway's own address \(it listens on 127\.0\.0\.1 port 8080\)/);
  });

  it.each(['http://127.0.0.1:8081/v1', 'http://127.0.0.1/v1', 'https://api.vendor.test/v1', 'http://10.1.2.3:8080/v1', 'not a url'])('accepts %s', (url) => {
    expect(ownAddressRefusal(url, LOOPBACK)).toBeUndefined();
  });

  it('says nothing before the gateway listens', () => {
    expect(ownAddressRefusal('http://127.0.0.1:8080/v1', undefined)).toBeUndefined();
  });

  it('reads the default port from the scheme', () => {
    expect(ownAddressRefusal('http://localhost/v1', { host: '127.0.0.1', port: 80 })).toBeDefined();
    expect(ownAddressRefusal('https://localhost/v1', { host: '127.0.0.1', port: 443 })).toBeDefined();
    expect(ownAddressRefusal('https://localhost/v1', { host: '127.0.0.1', port: 80 })).toBeUndefined();
  });

  it.each([EVERYWHERE, EVERYWHERE_V6])('on a wildcard bind (%o) refuses loopback, this machine\'s name and its interface addresses', (listen) => {
    for (const url of ['http://127.0.0.1:8080/', 'http://localhost:8080/', 'http://[::1]:8080/', 'http://0.0.0.0:8080/', 'http://[::]:8080/', `http://${os.hostname()}:8080/`]) {
      expect(ownAddressRefusal(url, listen)).toBeDefined();
    }
    for (const info of Object.values(os.networkInterfaces()).flat()) {
      if (!info || info.address.includes('%')) continue;
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      expect(ownAddressRefusal(`http://${host}:8080/v1`, listen)).toBeDefined();
    }
    expect(ownAddressRefusal('http://203.0.113.9:8080/', listen)).toBeUndefined();
    expect(ownAddressRefusal('http://127.0.0.1:9090/', listen)).toBeUndefined();
  });

  it('on a specific address refuses that address in any spelling, and not loopback', () => {
    expect(ownAddressRefusal('http://10.1.2.3:8080/v1', LAN)).toBeDefined();
    expect(ownAddressRefusal('http://[::ffff:a01:203]:8080/v1', LAN)).toBeDefined();
    expect(ownAddressRefusal('http://167838211:8080/v1', LAN)).toBeDefined();
    expect(ownAddressRefusal('http://127.0.0.1:8080/v1', LAN)).toBeUndefined();
  });

  it('refuses the public URL at any path, and the allowed host names at the listening port', () => {
    const behindProxy = { ...LAN, publicUrl: 'https://llm.example.com', names: ['gw.internal', 'LLM.example.com'] };
    expect(ownAddressRefusal('https://llm.example.com/gateway/some-route/v1', behindProxy)).toMatch(/server\.public_url/);
    expect(ownAddressRefusal('https://LLM.EXAMPLE.COM:443/v1', behindProxy)).toMatch(/server\.public_url/);
    expect(ownAddressRefusal('http://gw.internal:8080/v1', behindProxy)).toBeDefined();
    expect(ownAddressRefusal('http://gw.internal:9000/v1', behindProxy)).toBeUndefined();
    expect(ownAddressRefusal('https://other.example.com/v1', behindProxy)).toBeUndefined();
    expect(ownAddressRefusal('http://llm.example.com/v1', { ...LAN, publicUrl: '' })).toBeUndefined();
  });
});
