import type { Request } from 'express';
import { authorize, isLoopbackHost } from './admin-access';

function request(remoteAddress: string, headers: Record<string, string> = {}): Request {
  return { socket: { remoteAddress }, headers: { host: 'gw.internal:8080', ...headers } } as unknown as Request;
}

const code = (run: () => unknown) => {
  try {
    run();
    return 'allowed';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('admin access rules', () => {
  it('with a token: the bearer token, compared whole, from any client', () => {
    const policy = { token: 's3cret-token', listenHost: '0.0.0.0' };
    expect(authorize(request('203.0.113.9', { authorization: 'Bearer s3cret-token' }), 'change', policy)).toBe('token');
    expect(code(() => authorize(request('127.0.0.1'), 'read', policy))).toBe('authentication_required');
    expect(code(() => authorize(request('127.0.0.1', { authorization: 'Bearer s3cret-toke' }), 'change', policy))).toBe('authentication_required');
    expect(code(() => authorize(request('127.0.0.1', { authorization: 'Basic s3cret-token' }), 'change', policy))).toBe('authentication_required');
  });

  it('without a token: loopback clients only, and no changes at all when listening beyond loopback', () => {
    const local = { token: undefined, listenHost: '127.0.0.1' };
    expect(authorize(request('127.0.0.1'), 'change', local)).toBe('loopback');
    expect(authorize(request('::ffff:127.0.0.1'), 'change', local)).toBe('loopback');
    expect(authorize(request('::1'), 'read', local)).toBe('loopback');
    expect(code(() => authorize(request('192.0.2.10'), 'read', local))).toBe('permission_denied');
    expect(code(() => authorize(request('192.0.2.10'), 'change', local))).toBe('permission_denied');
    const exposed = { token: undefined, listenHost: '0.0.0.0' };
    expect(code(() => authorize(request('127.0.0.1'), 'change', exposed))).toBe('permission_denied');
    expect(authorize(request('127.0.0.1'), 'read', exposed)).toBe('loopback');
  });

  it('refuses a change whose Origin is another origin, even with the token', () => {
    const policy = { token: 't', listenHost: '127.0.0.1' };
    const withToken = { authorization: 'Bearer t' };
    expect(code(() => authorize(request('127.0.0.1', { ...withToken, origin: 'https://evil.example' }), 'change', policy))).toBe('permission_denied');
    expect(code(() => authorize(request('127.0.0.1', { ...withToken, origin: 'null' }), 'change', policy))).toBe('permission_denied');
    expect(authorize(request('127.0.0.1', { ...withToken, origin: 'http://gw.internal:8080' }), 'change', policy)).toBe('token');
    expect(authorize(request('127.0.0.1', { ...withToken, origin: 'https://evil.example' }), 'read', policy)).toBe('token');
  });

  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.0.2.2', false],
    ['gateway.example.com', false],
  ])('listen host %s is loopback: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
  });
});
