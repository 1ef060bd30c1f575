import { GatewayError } from './gateway-error';
import { unsupportedParameterAt } from './unsupported-parameter';

describe('unsupportedParameterAt', () => {
  it('is a 400 unsupported_parameter whose message and param name the field path', () => {
    const error = unsupportedParameterAt('tools[2].googleSearch', 'the provider cannot use it');
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'unsupported_parameter', status: 400, type: 'invalid_request', param: 'tools[2].googleSearch' });
    expect(error.message).toBe('tools[2].googleSearch: the provider cannot use it');
  });
});
