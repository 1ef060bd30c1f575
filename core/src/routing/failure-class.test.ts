import { GatewayError } from '../errors/gateway-error';
import { parseRetryAfter, upstreamStatusError } from '../upstream/upstream-status-error';
import { transportError } from '../upstream/transport-error';
import { classifyFailure, countsAgainstTarget } from './failure-class';

const status = (code: number) => classifyFailure(upstreamStatusError('p', code, { message: 'x' }));

describe('classifyFailure', () => {
  it.each([408, 409, 429, 500, 502, 503, 504, 529])('provider %i -> retry', (code) => {
    expect(status(code)).toBe('retry');
  });

  it.each([400, 404, 413, 422])('provider %i -> fatal: the client gets it, no fallback', (code) => {
    expect(status(code)).toBe('fatal');
  });

  it.each([401, 403])('provider %i -> cooldown: the gateway key is bad', (code) => {
    expect(status(code)).toBe('cooldown');
  });

  it('a context-length 400 is the client\'s: fatal', () => {
    const error = upstreamStatusError('p', 400, { message: "This model's maximum context length is 8192 tokens", code: 'context_length_exceeded' });
    expect(classifyFailure(error)).toBe('fatal');
  });

  it('501 (not implemented) is not worth a retry, but another target may serve it', () => {
    expect(status(501)).toBe('next');
  });

  it('508 from a gateway on the way is loop_detected: never retried, but another target may not loop', () => {
    const error = upstreamStatusError('p', 508, { message: 'loop' });
    expect(error).toMatchObject({ code: 'loop_detected', status: 508, retryable: false });
    expect(status(508)).toBe('next');
  });

  it('transport failures and timeouts -> retry', () => {
    const signal = new AbortController().signal;
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']) {
      expect(classifyFailure(transportError(Object.assign(new Error(code), { code }), signal, 'p'))).toBe('retry');
    }
  });

  it('a target that cannot serve the call -> next', () => {
    for (const code of ['provider_credentials_missing', 'unsupported_route', 'unsupported_parameter'] as const) {
      expect(classifyFailure(new GatewayError(code, 'x'))).toBe('next');
    }
  });

  it('a client that left -> fatal', () => {
    expect(classifyFailure(new GatewayError('client_closed_request', 'gone'))).toBe('fatal');
  });

  it('only provider-side failures count against a target', () => {
    expect(countsAgainstTarget('retry')).toBe(true);
    expect(countsAgainstTarget('cooldown')).toBe(true);
    expect(countsAgainstTarget('next')).toBe(false);
    expect(countsAgainstTarget('fatal')).toBe(false);
  });

  it('keeps Retry-After on retryable errors for the backoff', () => {
    const error = upstreamStatusError('p', 429, { message: 'slow down' }, parseRetryAfter({ 'retry-after': '2' }));
    expect(error.retryAfterMs).toBe(2000);
  });
});
