import { z } from 'zod';
import { type ProviderDefinition } from '@model-gateway/core';
import { DeclarationChecker } from '@model-gateway/core/testing';
import { declaredBody } from '../store/connection-codec';
import { parseConnectionInput } from './connection-input';
import { migrateClearHeaders } from './header-secrets';

const keyed: ProviderDefinition = {
  type: 'keyed',
  displayName: 'Keyed',
  defaultBaseUrl: 'https://{zone}.api.example.com',
  requiresApiKey: false,
  auth: { kind: 'bearer' },
  capabilities: { chat: true, embeddings: false, streaming: false, tools: false, vision: false, jsonSchema: false, passthrough: [] },
  optionsSchema: z.object({ zone: z.string().default('eu').describe('Picks the host.'), label: z.string().optional().describe('A label.'), key_file: z.string().optional().describe('A key.') }),
  secretOptions: ['key_file'],
  checkApiEntry: (entry) => (typeof entry.key_file === 'string' && entry.key_file.startsWith('/') ? { field: 'key_file', message: 'no paths here' } : undefined),
  createConnection: () => ({}) as never,
};
const definitions = new Map([['keyed', keyed]]);
const checker = new DeclarationChecker({ providers: definitions, endpointSettings: new Map() });
const context = { definitions, check: checker.checkConnection.bind(checker), allowPrivate: false };
const stored = { type: 'keyed', fields: { zone: 'eu', label: 'a' }, secrets: { api_key: 'sk-stored-0123456789', key_file: '{"k":1}', 'headers.x-auth': 'tok-stored-1234567' } };
const replace = (body: Record<string, unknown>) => parseConnectionInput(body, context, { name: 'c', stored });

describe('parseConnectionInput', () => {
  it('splits header values out of the clear fields into the secrets', () => {
    const input = parseConnectionInput({ name: 'c', type: 'keyed', api_key: 'sk-1', headers: { 'x-auth': 'tok' }, label: 'a' }, context);
    expect(input.fields).toEqual({ label: 'a' });
    expect(input.secrets).toEqual({ api_key: 'sk-1', 'headers.x-auth': 'tok' });
    expect(input.settings.headers).toEqual({ 'x-auth': 'tok' });
  });

  it('keeps every stored credential and header through a same-destination edit', () => {
    const input = replace({ type: 'keyed', zone: 'eu', label: 'b', headers: { 'x-auth': 'tok...4567' } });
    expect(input.secrets).toEqual(stored.secrets);
    expect(input.fields).toEqual({ zone: 'eu', label: 'b' });
  });

  it('refuses to keep any credential across a destination change, naming them all and the field that moved', () => {
    expect(() => replace({ type: 'keyed', zone: 'us' })).toThrow('api_key, key_file, headers.x-auth: re-enter them to change zone');
    expect(() => replace({ type: 'keyed', zone: 'us', api_key: 'sk-new', key_file: '{"k":2}', headers: null })).not.toThrow();
    expect(() => replace({ type: 'keyed', base_url: 'https://other.example', api_key: null, key_file: null, headers: { 'x-auth': 'new' } })).not.toThrow();
  });

  it('runs the provider\'s API-entry check on the merged body, before the schema', () => {
    expect(() => parseConnectionInput({ name: 'c', type: 'keyed', key_file: '/etc/passwd' }, context)).toThrow('key_file: no paths here');
  });
});

describe('a stored record declared to core', () => {
  it('reads an older record\'s clear headers, and is held to the provider\'s API-entry check', () => {
    const migrated = migrateClearHeaders({ headers: { 'x-auth': 'clear' } }, { api_key: 'sk-1' });
    const checked = checker.checkConnection('c', declaredBody('keyed', migrated.fields, migrated.secrets), false, false);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.settings.headers).toEqual({ 'x-auth': 'clear' });
    expect(checked.settings.apiKey?.reveal()).toBe('sk-1');
    expect(checker.checkConnection('c', declaredBody('keyed', {}, { key_file: '/keys/sa.json' }), false, false)).toEqual({ ok: false, param: 'key_file', message: 'key_file: no paths here' });
  });
});
