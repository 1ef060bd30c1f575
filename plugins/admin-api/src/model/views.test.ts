import { Secret } from '@model-gateway/core';
import { isMaskOf, maskSecret } from './masking';
import { configConnectionView } from './views';

describe('credential masking', () => {
  it('shows the first three and last four characters of a long value, nothing of a short one', () => {
    expect(maskSecret('sk-proj-0123456789abcd')).toBe('sk-...abcd');
    expect(maskSecret('short-key-1')).toBe('***');
    expect(isMaskOf('sk-...abcd', 'sk-proj-0123456789abcd')).toBe(true);
    expect(isMaskOf('sk-...abce', 'sk-proj-0123456789abcd')).toBe(false);
  });

  it('masks every secret of a YAML connection, header values included', () => {
    const view = configConnectionView(
      {
        name: 'aws',
        type: 'bedrock',
        baseUrl: 'https://bedrock-runtime.us-east-1.amazonaws.com',
        apiKey: undefined,
        headers: { 'x-org-token': 'org-token-0123456789' },
        options: { region: 'us-east-1', secret_access_key: new Secret('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY') },
      },
      ['api_key', 'secret_access_key'],
      ['claude'],
    );
    expect(view).toEqual({
      name: 'aws',
      type: 'bedrock',
      source: 'config',
      status: 'ok',
      base_url: 'https://bedrock-runtime.us-east-1.amazonaws.com',
      api_key: null,
      used_by: ['claude'],
      headers: { 'x-org-token': 'org...6789' },
      region: 'us-east-1',
      secret_access_key: 'wJa...EKEY',
    });
  });
});
