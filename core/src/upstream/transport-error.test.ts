import { firstByteTimeout, transportError } from './transport-error';

const NOT_ABORTED = { aborted: false };

describe('transportError', () => {
  it("maps a relay's first-byte timeout to 504 upstream_timeout, like undici's headers timeout", () => {
    const relayed = transportError(firstByteTimeout(300), NOT_ABORTED, 'up');
    const unified = transportError(Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' }), NOT_ABORTED, 'up');
    expect(relayed).toMatchObject({ code: 'upstream_timeout', status: 504, message: 'Provider "up" timed out (first byte timeout).' });
    expect(unified).toMatchObject({ code: relayed.code, status: relayed.status, message: relayed.message });
  });

  it('keeps a reset an unreachable provider (502)', () => {
    expect(transportError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), NOT_ABORTED, 'up')).toMatchObject({ code: 'upstream_unreachable', status: 502 });
  });
});
