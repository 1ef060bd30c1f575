import type { CredentialField, ProviderType } from '../api/types';
import { credentialFieldProblem, credentialValues } from './credential-values';

const field = (name: string, change: Partial<CredentialField> = {}): CredentialField => ({ name, type: 'string', description: null, required: false, secret: false, default: null, ...change });

const provider = {
  type: 'demo',
  credential_fields: [field('api_key', { required: true, secret: true }), field('port', { type: 'integer' }), field('ratio', { type: 'number' }), field('verify', { type: 'boolean', default: true }), field('base_url', { format: 'uri' })],
} as unknown as ProviderType;

describe('credential values', () => {
  it('sends typed values only: trimmed text, numbers as numbers, a boolean only off its default, blanks left out', () => {
    expect(credentialValues({ api_key: ' sk-1 ', port: '8080', ratio: '0.5', verify: true, base_url: '' }, provider)).toEqual({ api_key: 'sk-1', port: 8080, ratio: 0.5 });
    expect(credentialValues({ api_key: '', verify: false }, provider)).toEqual({ verify: false });
  });

  it('says what is wrong with a value: required unless stored, a number, a whole number, a URL', () => {
    const [apiKey, port, ratio, verify, baseUrl] = provider.credential_fields;
    expect(credentialFieldProblem(apiKey, ' ', false)).toBe('Required.');
    expect(credentialFieldProblem(apiKey, '', true)).toBeUndefined();
    expect(credentialFieldProblem(port, '1.5', false)).toBe('A whole number.');
    expect(credentialFieldProblem(ratio, 'half', false)).toBe('A number.');
    expect(credentialFieldProblem(verify, false, false)).toBeUndefined();
    expect(credentialFieldProblem(baseUrl, 'ftp://x', false)).toBe('An http:// or https:// URL.');
    expect(credentialFieldProblem(baseUrl, 'https://x.example/v1', false)).toBeUndefined();
    // A field with a default is never required: the default stands in.
    expect(credentialFieldProblem(field('region', { required: true, default: 'us-east-1' }), '', false)).toBeUndefined();
  });
});
