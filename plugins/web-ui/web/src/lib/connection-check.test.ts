import type { ConnectionView, ProviderType } from '../api/types';
import { changesConnection, connectionTestCall, otherUsers, sharedConnectionWarning } from './connection-check';
import { defaultFields, emptyDraft, fieldsOfConnection, type EndpointDraft } from './endpoint-draft';

const openai = {
  type: 'openai',
  credential_fields: [
    { name: 'api_key', type: 'string', description: null, required: true, secret: true, default: null },
    { name: 'base_url', type: 'string', format: 'uri', description: null, required: false, secret: false, default: 'https://api.openai.com/v1' },
  ],
} as unknown as ProviderType;

const stored: ConnectionView = { name: 'shared', type: 'openai', source: 'api', status: 'ok', used_by: ['a', 'b', 'mine'], api_key: 'sk-...abcd', base_url: 'http://127.0.0.1:9000' };

const draft = (extra: Partial<EndpointDraft>): EndpointDraft => ({ ...emptyDraft(), name: 'mine', providerType: 'openai', model: 'gpt-4o-mini', ...extra });

describe('connectionTestCall', () => {
  it('tests a new connection as a draft, with the endpoint kind and model, and no save', () => {
    const call = connectionTestCall(draft({ connectionName: 'openai', fields: { ...defaultFields(openai), api_key: 'sk-typed' } }), openai, undefined);
    expect(call).toEqual({
      path: '/api/connections/test',
      body: { connection: { name: 'openai', type: 'openai', api_key: 'sk-typed', base_url: 'https://api.openai.com/v1' }, kind: 'chat', model: 'gpt-4o-mini' },
    });
  });

  it('tests an edit of an API connection as a draft that replaces it (a blank secret is the stored one)', () => {
    const call = connectionTestCall(draft({ connectionMode: 'existing', existingConnection: 'shared', fields: fieldsOfConnection(stored, openai), model: '' }), openai, stored);
    expect(call).toEqual({ path: '/api/connections/test', body: { connection: { name: 'shared', type: 'openai', base_url: 'http://127.0.0.1:9000' }, replaces: 'shared', kind: 'chat' } });
  });

  it('tests a connection the form cannot change as it is stored', () => {
    const call = connectionTestCall(draft({ connectionMode: 'existing', existingConnection: 'from yaml', model: 'm' }), openai, { ...stored, source: 'config' });
    expect(call).toEqual({ path: '/api/connections/from%20yaml/test', body: { kind: 'chat', model: 'm' } });
  });
});

describe('shared connections', () => {
  it('sees a change in a field or a typed secret, not in an untouched form', () => {
    const values = fieldsOfConnection(stored, openai);
    expect(changesConnection(values, stored, openai)).toBe(false);
    expect(changesConnection({ ...values, base_url: 'http://127.0.0.1:9001' }, stored, openai)).toBe(true);
    expect(changesConnection({ ...values, api_key: 'sk-new' }, stored, openai)).toBe(true);
    expect(changesConnection({ ...values, api_key: '  ' }, stored, openai)).toBe(false);
  });

  it('names the other endpoints that use it', () => {
    expect(otherUsers(stored, 'mine')).toEqual(['a', 'b']);
    expect(otherUsers(stored, undefined)).toEqual(['a', 'b', 'mine']);
    expect(otherUsers(undefined, 'mine')).toEqual([]);
    expect(sharedConnectionWarning(['a', 'b'])).toBe('This connection is also used by: a, b — changes apply to them too.');
  });
});
