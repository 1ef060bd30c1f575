import { headerOfSecretField, headersOf, headerSecretField, headerSecrets, migrateClearHeaders } from './header-secrets';

describe('header secrets', () => {
  it('files each header value under headers.<name> and reads them back', () => {
    const secrets = { api_key: 'sk-1', ...headerSecrets({ 'x-custom-auth': 'tok', 'x.dotted': 'v' }) };
    expect(secrets).toEqual({ api_key: 'sk-1', 'headers.x-custom-auth': 'tok', 'headers.x.dotted': 'v' });
    expect(headersOf(secrets)).toEqual({ 'x-custom-auth': 'tok', 'x.dotted': 'v' });
    expect(headersOf({ api_key: 'sk-1' })).toBeUndefined();
    expect(headerOfSecretField(headerSecretField('x.dotted'))).toBe('x.dotted');
    expect(headerOfSecretField('api_key')).toBeUndefined();
  });

  it('moves an older record\'s clear headers into the secrets, a sealed value winning over a clear one', () => {
    const fields = { base_url: 'https://a.example', headers: { 'x-custom-auth': 'clear', 'x-team': 'blue' } };
    const migrated = migrateClearHeaders(fields, { api_key: 'sk-1', 'headers.x-team': 'sealed' });
    expect(migrated).toEqual({ fields: { base_url: 'https://a.example' }, secrets: { 'headers.x-custom-auth': 'clear', 'headers.x-team': 'sealed', api_key: 'sk-1' } });
    expect(migrated.fields.headers).toBeUndefined();
    expect(migrateClearHeaders({ base_url: 'x' }, { api_key: 'k' })).toEqual({ fields: { base_url: 'x' }, secrets: { api_key: 'k' } });
  });
});
