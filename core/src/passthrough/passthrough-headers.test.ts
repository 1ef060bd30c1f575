import http from 'node:http';
import { DROPPED_REQUEST_HEADERS, prepareProxyRequest, relayedResponseHeaders } from './passthrough-headers';

describe('passthrough header policy', () => {
  it("drops every client credential (generic and the styles' own), cookie and hop-by-hop header, keeps feature headers, and lets provider headers win", () => {
    const req = new http.ClientRequest({ host: '127.0.0.1', port: 1, method: 'POST', path: '/', headers: {
      authorization: 'Bearer client', 'proxy-authorization': 'Basic x', 'x-acme-key': 'client', cookie: 'a=b', 'x-amz-security-token': 'session',
      'transfer-encoding': 'chunked', 'accept-encoding': 'gzip', 'x-forwarded-for': '10.0.0.1',
      'acme-version': '2023-06-01', 'acme-beta': 'x', 'content-type': 'application/json',
    } });
    req.on('error', () => undefined);
    prepareProxyRequest(req, [...DROPPED_REQUEST_HEADERS, 'x-acme-key'], { 'x-vendor-key': 'server', 'content-type': 'application/json' }, { 'acme-version': 'default', 'acme-region': 'eu' }, 42);
    const headers = req.getHeaders();
    req.destroy();
    expect(headers).toEqual({
      host: '127.0.0.1:1', 'x-vendor-key': 'server', 'content-type': 'application/json', 'content-length': 42,
      'acme-version': '2023-06-01', 'acme-beta': 'x', 'acme-region': 'eu',
    });
  });

  it('never relays set-cookie or hop-by-hop response headers; content-length only for untouched bodies', () => {
    const upstream = { 'set-cookie': ['a=b'], connection: 'keep-alive', 'content-length': '10', 'content-type': 'application/json', 'x-request-id': 'up-1' };
    expect(relayedResponseHeaders(upstream, true)).toEqual({ 'content-length': '10', 'content-type': 'application/json', 'x-request-id': 'up-1' });
    expect(relayedResponseHeaders(upstream, false)).toEqual({ 'content-type': 'application/json', 'x-request-id': 'up-1' });
  });
});
