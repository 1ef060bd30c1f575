import { GatewayError } from './gateway-error';
import { invalidParameterAt, paramPath } from './request-issues';

describe('invalidParameterAt', () => {
  it('is a 400 invalid_parameter whose message and param name the field path', () => {
    const error = invalidParameterAt('messages[0].role', 'must be "user"');
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'invalid_parameter', status: 400, type: 'invalid_request', param: 'messages[0].role' });
    expect(error.message).toBe('messages[0].role: must be "user"');
  });

  it('says "body" for a problem with the body as a whole, and names no param', () => {
    const error = invalidParameterAt('', 'expected an object');
    expect(error.message).toBe('body: expected an object');
    expect(error.param).toBeUndefined();
  });
});

describe('paramPath', () => {
  it('joins keys with dots and indexes with brackets, below an optional base', () => {
    expect(paramPath(['messages', 0, 'content', 2, 'text'])).toBe('messages[0].content[2].text');
    expect(paramPath([1, 'role'], 'input')).toBe('input[1].role');
    expect(paramPath([])).toBe('');
  });
});
