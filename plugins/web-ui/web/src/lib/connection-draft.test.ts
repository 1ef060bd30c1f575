import type { ConnectionView, CredentialField, ProviderType } from '../api/types';
import { changesApplyTo, connectionDraftBody, deleteRefusal, draftOfConnection, draftOfType, draftTestBody, emptyConnectionDraft, movedLabels, validateConnectionDraft } from './connection-draft';

const field = (name: string, change: Partial<CredentialField> = {}): CredentialField => ({ name, type: 'string', description: null, required: false, secret: false, default: null, ...change });

const openai = {
  type: 'openai',
  label: 'OpenAI',
  display_name: 'OpenAI',
  default_base_url: 'https://api.openai.com/v1',
  credential_fields: [field('api_key', { required: true, secret: true, label: 'API key' }), field('base_url', { format: 'uri', default: 'https://api.openai.com/v1', label: 'Base URL' }), field('organization')],
} as unknown as ProviderType;

const stored: ConnectionView = { name: 'team', type: 'openai', source: 'api', status: 'ok', base_url: 'https://api.openai.com/v1', api_key: 'sk-...abcd', used_by: ['chat-a', 'chat-b'] };

describe('connection draft', () => {
  it('asks for a name (not for a test), a provider and the required fields, beside each field', () => {
    const draft = draftOfType(emptyConnectionDraft(), openai);
    expect(validateConnectionDraft(draft, { takenNames: new Set(), provider: openai })).toEqual({ 'connection.name': 'Name the connection.', 'connection.api_key': 'Required.' });
    expect(validateConnectionDraft(draft, { takenNames: new Set(), provider: openai, forTest: true })).toEqual({ 'connection.api_key': 'Required.' });
    expect(validateConnectionDraft({ ...draft, name: 'team' }, { takenNames: new Set(['team']), provider: openai })['connection.name']).toContain('already exists');
    expect(validateConnectionDraft({ ...draft, name: 'a b' }, { takenNames: new Set(), provider: openai })['connection.name']).toContain('letters, digits');
    expect(validateConnectionDraft(emptyConnectionDraft(), { takenNames: new Set(), provider: undefined })['connection.type']).toBe('Choose a provider.');
    const badUrl = { ...draft, name: 'x', fields: { ...draft.fields, api_key: 'sk-1', base_url: 'ftp://x' } };
    expect(validateConnectionDraft(badUrl, { takenNames: new Set(), provider: openai })).toEqual({ 'connection.base_url': 'An http:// or https:// URL.' });
  });

  it('editing keeps a blank stored secret, unless a destination changed: then the secret is asked again, saying why', () => {
    const draft = draftOfConnection(stored, openai);
    expect(draft.fields.api_key).toBe('');
    expect(validateConnectionDraft(draft, { takenNames: new Set(), provider: openai, stored })).toEqual({});
    const moved = { ...draft, fields: { ...draft.fields, base_url: 'https://proxy.example.com/v1' } };
    expect(movedLabels(moved, stored, openai)).toEqual(['Base URL']);
    expect(validateConnectionDraft(moved, { takenNames: new Set(), provider: openai, stored })['connection.api_key']).toMatch(/^Enter it again: Base URL changed/);
    expect(validateConnectionDraft({ ...moved, fields: { ...moved.fields, api_key: 'sk-new' } }, { takenNames: new Set(), provider: openai, stored })).toEqual({});
    // A trailing slash is the same destination.
    expect(movedLabels({ ...draft, fields: { ...draft.fields, base_url: 'https://api.openai.com/v1/' } }, stored, openai)).toEqual([]);
  });

  it('builds bodies: blank secrets left out (kept), the draft test with replaces and a model when typed', () => {
    const draft = { name: 'team', type: 'openai', fields: { api_key: '', base_url: 'https://api.openai.com/v1', organization: ' org-1 ' } };
    expect(connectionDraftBody(draft, openai)).toEqual({ name: 'team', type: 'openai', base_url: 'https://api.openai.com/v1', organization: 'org-1' });
    expect(draftTestBody({ ...draft, name: '' }, openai, undefined, '')).toEqual({ connection: { type: 'openai', base_url: 'https://api.openai.com/v1', organization: 'org-1' } });
    expect(draftTestBody(draft, openai, 'team', ' gpt-4o-mini ')).toEqual({
      connection: { name: 'team', type: 'openai', base_url: 'https://api.openai.com/v1', organization: 'org-1' },
      replaces: 'team',
      model: 'gpt-4o-mini',
    });
  });

  it('says whom a change reaches and why a delete is refused', () => {
    expect(changesApplyTo(['chat-a', 'chat-b'])).toBe('Changes apply to: chat-a, chat-b');
    expect(changesApplyTo([])).toBeUndefined();
    expect(deleteRefusal(stored)).toBe('Connection "team" is used by endpoints "chat-a", "chat-b": change or delete them first.');
    expect(deleteRefusal({ ...stored, used_by: ['one'] })).toBe('Connection "team" is used by endpoint "one": change or delete it first.');
    expect(deleteRefusal({ ...stored, used_by: [] })).toBeUndefined();
    expect(deleteRefusal({ ...stored, source: 'config', used_by: [] })).toContain('gateway.config.yaml');
  });
});
