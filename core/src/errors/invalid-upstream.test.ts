import { GatewayError } from './gateway-error';
import { invalidUpstream } from './invalid-upstream';

describe('invalidUpstream', () => {
  it('is a 502 upstream_invalid_response that says what was wrong, naming no parameter', () => {
    const error = invalidUpstream('choices[0] is not an object');
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'upstream_invalid_response', status: 502, type: 'server_error', retryable: false });
    expect(error.message).toBe("The provider's response is not usable: choices[0] is not an object.");
    expect(error.param).toBeUndefined();
  });
});
