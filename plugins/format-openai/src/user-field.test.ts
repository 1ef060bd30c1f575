import { createHash } from 'node:crypto';
import { openAiUser } from './user-field';

describe('openAiUser', () => {
  it('keeps an id OpenAI takes and hashes a longer one to 64 hex characters, the same every time', () => {
    expect(openAiUser('user-42')).toBe('user-42');
    expect(openAiUser('u'.repeat(64))).toBe('u'.repeat(64));
    const claudeCode = JSON.stringify({ device_id: 'd'.repeat(64), account_uuid: '', session_id: 'f440c9c5-941b-44cf-a02d-ae55e9ec17a4' });
    expect(openAiUser(claudeCode)).toBe(createHash('sha256').update(claudeCode).digest('hex'));
    expect(openAiUser(claudeCode)).toMatch(/^[0-9a-f]{64}$/);
  });
});
