import type { ConnectionView, ProviderType } from '../api/types';
import { destinationFields, movedDestinations } from './destination-fields';
import { emptyDraft, validateDraft } from './endpoint-draft';

const field = (name: string, extra: Record<string, unknown> = {}) => ({ name, type: 'string', description: null, required: false, secret: false, default: null, ...extra });

const bedrock = {
  type: 'bedrock',
  default_base_url: 'https://bedrock-runtime.{region}.amazonaws.com',
  credential_fields: [
    field('api_key', { secret: true }),
    field('base_url', { format: 'uri', default: 'https://bedrock-runtime.{region}.amazonaws.com' }),
    field('region', { default: 'us-east-1' }),
    field('access_key_id', { secret: true }),
    field('token_url'),
  ],
} as unknown as ProviderType;

const stored = { name: 'aws', type: 'bedrock', source: 'api', base_url: 'https://bedrock-runtime.{region}.amazonaws.com', region: 'us-east-1', access_key_id: '***' } as unknown as ConnectionView;

describe('destination fields in the form', () => {
  it('follows the gateway: base_url, URL fields, placeholders of the default base URL, never a secret', () => {
    expect([...destinationFields(bedrock)].sort()).toEqual(['base_url', 'region', 'token_url']);
  });

  it('names what moved, with defaults applied and a trailing slash ignored', () => {
    const values = { api_key: '', base_url: 'https://bedrock-runtime.{region}.amazonaws.com/', region: 'us-east-1', access_key_id: '', token_url: '' };
    expect(movedDestinations(values, stored, bedrock)).toEqual([]);
    expect(movedDestinations({ ...values, region: '' }, stored, bedrock)).toEqual([]);
    expect(movedDestinations({ ...values, region: 'eu-west-3' }, stored, bedrock)).toEqual(['region']);
  });

  it('makes the stored secrets required while a destination is changed, with the reason', () => {
    const draft = { ...emptyDraft(), name: 'e', providerType: 'bedrock', connectionMode: 'existing' as const, existingConnection: 'aws', model: 'm', fields: { access_key_id: '', region: 'eu-west-3' } };
    const context = { creating: false, endpointNames: new Set<string>(), connectionNames: new Set<string>(), provider: bedrock, storedSecrets: new Set(['access_key_id']) };
    expect(validateDraft(draft, context)['connection.access_key_id']).toBeUndefined();
    expect(validateDraft(draft, { ...context, movedDestinations: ['Region'] })['connection.access_key_id']).toBe(
      'Enter it again: Region changed, and a stored credential is sent only to the destination it was entered for.',
    );
    expect(validateDraft({ ...draft, fields: { access_key_id: 'AKIA-new', region: 'eu-west-3' } }, { ...context, movedDestinations: ['Region'] })['connection.access_key_id']).toBeUndefined();
  });
});
