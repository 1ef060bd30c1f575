import { ApiError } from '../api/http';
import { emptyDraft } from './endpoint-draft';
import { endpointErrorKeys, placeError } from './api-errors';
import { fieldPath } from './field-errors';

describe('API errors beside their fields', () => {
  it('reads the field path from `param` or from a `path: problem` message, as a dotted path', () => {
    expect(fieldPath('targets[1].weight', 'x')).toBe('targets.1.weight');
    expect(fieldPath(undefined, 'base_url: 169.254.169.254 is a link-local address')).toBe('base_url');
    expect(fieldPath(undefined, 'Something broke.')).toBeUndefined();
  });

  it("places a connection error on the connection's field, without repeating the field's name", () => {
    const error = new ApiError(400, 'base_url: 169.254.169.254 is a link-local or cloud metadata address', 'invalid_parameter', 'base_url');
    expect(placeError(error, ['name', 'type', 'api_key', 'base_url'])).toEqual({ field: 'base_url', message: '169.254.169.254 is a link-local or cloud metadata address' });
  });

  it("places an endpoint error on the split row it names, the first target's on the form's own fields, and others above the buttons", () => {
    const draft = { ...emptyDraft(), split: true, targets: [{ key: 'a', connection: 'c', model: 'm', weight: '50' }] };
    const keys = endpointErrorKeys(draft);
    expect(placeError(new ApiError(400, 'bad', 'invalid_parameter', 'targets.1.weight'), keys).field).toBe('targets.1.weight');
    expect(placeError(new ApiError(400, 'unknown connection', 'invalid_parameter', 'targets.0.provider'), keys).field).toBe('provider');
    expect(placeError(new ApiError(409, 'An endpoint named x exists', 'conflict', 'name'), keys).field).toBe('name');
    expect(placeError(new ApiError(503, 'store unavailable'), keys)).toEqual({ field: undefined, message: 'store unavailable' });
  });
});
