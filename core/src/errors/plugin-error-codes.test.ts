import { GatewayError } from './gateway-error';
import { defineErrorCodes, ErrorCodeTable } from './plugin-error-codes';

const CODES = defineErrorCodes({
  widget_jammed: { status: 429, type: 'rate_limit', summary: 'The widget is jammed.' },
  widget_gone: { status: 410, type: 'not_found', summary: 'The widget left.' },
});

describe('plugin error codes', () => {
  it('give a GatewayError their code, status and type', () => {
    const error = new GatewayError(CODES.widget_jammed, 'jammed', { retryAfterMs: 5 });
    expect([error.code, error.status, error.type, error.retryAfterMs]).toEqual(['widget_jammed', 429, 'rate_limit', 5]);
    // A status the code does not default to keeps the status's own meaning, as for core's codes.
    expect(new GatewayError(CODES.widget_gone, 'gone', { status: 403 }).type).toBe('permission');
    expect(new GatewayError(CODES.widget_gone, 'gone').type).toBe('not_found');
  });

  it('refuse a core code or a name that is not snake_case', () => {
    expect(() => defineErrorCodes({ budget: { status: 429, type: 'rate_limit', summary: 's' }, internal_error: { status: 500, type: 'server_error', summary: 's' } })).toThrow(/"internal_error" is core's/);
    expect(() => defineErrorCodes({ 'Widget-Jammed': { status: 429, type: 'rate_limit', summary: 's' } })).toThrow(/snake_case/);
  });

  it('have one owner: a second plugin registering a code is refused naming both plugins', () => {
    const table = new ErrorCodeTable();
    table.register('widgets', CODES);
    table.register('widgets', [CODES.widget_gone]);
    expect(table.get('widget_gone')?.owner).toBe('widgets');
    expect(() => table.register('gadgets', defineErrorCodes({ widget_gone: { status: 404, type: 'not_found', summary: 's' } }))).toThrow(
      'plugin "gadgets" registers error code "widget_gone", which plugin "widgets" already registered',
    );
    expect(table.all().map((entry) => entry.definition.code)).toEqual(['widget_jammed', 'widget_gone']);
  });
});
