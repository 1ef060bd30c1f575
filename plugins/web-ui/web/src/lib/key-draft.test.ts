import { emptyKeyDraft, keyBody, limitsSummary, scopeSummary, validateKeyDraft, type KeyDraft } from './key-draft';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const draft = (change: Partial<KeyDraft>): KeyDraft => ({ ...emptyKeyDraft(), name: 'ci runner', ...change });

describe('key draft', () => {
  it('asks for a name, a scope with endpoints, a future expiry and positive limits, beside each field', () => {
    expect(validateKeyDraft(draft({}), new Set(), NOW)).toEqual({});
    expect(validateKeyDraft(draft({ name: '  ' }), new Set(), NOW).name).toContain('Enter a name');
    expect(validateKeyDraft(draft({ name: 'x'.repeat(101) }), new Set(), NOW).name).toBe('At most 100 characters.');
    expect(validateKeyDraft(draft({ name: 'ci runner' }), new Set(['ci runner']), NOW).name).toContain('already exists');
    expect(validateKeyDraft(draft({ scope: 'some' }), new Set(), NOW).endpoints).toContain('at least one endpoint');
    expect(validateKeyDraft(draft({ expiry: 'custom' }), new Set(), NOW).expires_at).toContain('Choose the date');
    expect(validateKeyDraft(draft({ expiry: 'custom', expiresAt: '2026-11-24T11:00' }), new Set(), NOW).expires_at).toBe('Choose a time in the future.');
    const numbers = validateKeyDraft(draft({ rpm: '0', tpm: '1.5', budgetUsd: '-2' }), new Set(), NOW);
    expect(Object.keys(numbers).sort()).toEqual(['budget_usd', 'rpm', 'tpm']);
  });

  it('builds the POST /api/keys body: "*" or the chosen names, an expiry from now, only the limits set', () => {
    expect(keyBody(draft({}), NOW)).toEqual({ name: 'ci runner', endpoints: '*' });
    expect(keyBody(draft({ name: ' eval ', scope: 'some', endpoints: ['a', 'b'], expiry: '30d', rpm: '60', tpm: '10000', budgetUsd: '5', budgetPeriod: 'month' }), NOW)).toEqual({
      name: 'eval',
      endpoints: ['a', 'b'],
      expires_at: '2026-12-25T12:00:00.000Z',
      rpm: 60,
      tpm: 10000,
      budget_usd: 5,
      budget_period: 'month',
    });
    expect(keyBody(draft({ expiry: 'custom', expiresAt: '2027-01-02T03:04:00Z' }), NOW).expires_at).toBe('2027-01-02T03:04:00.000Z');
  });

  it('sums a key up for the list', () => {
    expect(scopeSummary({ endpoints: '*' })).toBe('All endpoints');
    expect(scopeSummary({ endpoints: ['a', 'b'] })).toBe('a, b');
    expect(limitsSummary({ rpm: 60, tpm: 10_000, budget_usd: 5, budget_period: 'day' })).toBe('60 rpm · 10,000 tpm · $5.00 / day');
    expect(limitsSummary({ rpm: null, tpm: null, budget_usd: null, budget_period: 'day' })).toBe('None');
  });
});
