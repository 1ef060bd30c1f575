import type { BudgetPeriod, GatewayKey, KeyCreateBody } from '../api/types';
import { formatCount, formatUsd } from './format';

/** How long a new key lives: never, a preset span, or until a chosen time. */
export type ExpiryChoice = 'never' | '7d' | '30d' | '90d' | '365d' | 'custom';

export const EXPIRY_CHOICES: ReadonlyArray<{ id: ExpiryChoice; label: string; days?: number }> = [
  { id: 'never', label: 'Never' },
  { id: '7d', label: 'In 7 days', days: 7 },
  { id: '30d', label: 'In 30 days', days: 30 },
  { id: '90d', label: 'In 90 days', days: 90 },
  { id: '365d', label: 'In a year', days: 365 },
  { id: 'custom', label: 'On a date…' },
];

/** The create-key form, as typed (numbers stay text until checked). */
export interface KeyDraft {
  name: string;
  scope: 'all' | 'some';
  endpoints: string[];
  expiry: ExpiryChoice;
  /** `datetime-local` text (local time), for `custom`. */
  expiresAt: string;
  rpm: string;
  tpm: string;
  budgetUsd: string;
  budgetPeriod: BudgetPeriod;
}

export function emptyKeyDraft(): KeyDraft {
  return { name: '', scope: 'all', endpoints: [], expiry: 'never', expiresAt: '', rpm: '', tpm: '', budgetUsd: '', budgetPeriod: 'day' };
}

/** The form fields an API error can be shown beside (the API's `param` paths). */
export const KEY_FIELDS = ['name', 'endpoints', 'expires_at', 'rpm', 'tpm', 'budget_usd', 'budget_period'] as const;

/** The problems the API would refuse, found before asking it: field -> message. */
export function validateKeyDraft(draft: KeyDraft, takenNames: ReadonlySet<string>, now = Date.now()): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = draft.name.trim();
  if (!name) errors.name = 'Enter a name: who holds the key, or what it is for.';
  else if (name.length > 100) errors.name = 'At most 100 characters.';
  // eslint-disable-next-line no-control-regex
  else if (/[\u0000-\u001f\u007f]/.test(name)) errors.name = 'No control characters.';
  else if (takenNames.has(name)) errors.name = `A key named "${name}" already exists; revoke it first or choose another name.`;
  if (draft.scope === 'some' && draft.endpoints.length === 0) errors.endpoints = 'Choose at least one endpoint, or allow all endpoints.';
  if (draft.expiry === 'custom') {
    const at = Date.parse(draft.expiresAt);
    if (!draft.expiresAt || Number.isNaN(at)) errors.expires_at = 'Choose the date and time the key stops working.';
    else if (at <= now) errors.expires_at = 'Choose a time in the future.';
  }
  for (const [field, text] of [['rpm', draft.rpm], ['tpm', draft.tpm]] as const) {
    if (text.trim() !== '' && !/^[1-9]\d*$/.test(text.trim())) errors[field] = 'A whole number above 0, or empty for no limit.';
  }
  if (draft.budgetUsd.trim() !== '') {
    const usd = Number(draft.budgetUsd.trim());
    if (!Number.isFinite(usd) || usd <= 0) errors.budget_usd = 'An amount in USD above 0, or empty for no budget.';
  }
  return errors;
}

/** The POST /api/keys body of a valid draft; a preset expiry counts from `now`. */
export function keyBody(draft: KeyDraft, now = Date.now()): KeyCreateBody {
  const body: KeyCreateBody = { name: draft.name.trim(), endpoints: draft.scope === 'all' ? '*' : [...draft.endpoints] };
  const days = EXPIRY_CHOICES.find((c) => c.id === draft.expiry)?.days;
  if (days) body.expires_at = new Date(now + days * 86_400_000).toISOString();
  if (draft.expiry === 'custom') body.expires_at = new Date(draft.expiresAt).toISOString();
  if (draft.rpm.trim()) body.rpm = Number(draft.rpm.trim());
  if (draft.tpm.trim()) body.tpm = Number(draft.tpm.trim());
  if (draft.budgetUsd.trim()) {
    body.budget_usd = Number(draft.budgetUsd.trim());
    body.budget_period = draft.budgetPeriod;
  }
  return body;
}

/** A key's scope in a few words: `All endpoints`, or the names. */
export function scopeSummary(key: Pick<GatewayKey, 'endpoints'>): string {
  return key.endpoints === '*' ? 'All endpoints' : key.endpoints.join(', ');
}

/** A key's limits, each as people say it: `60 rpm`, `10,000 tpm`, `$5.00 / day`. */
export function limitParts(key: Pick<GatewayKey, 'rpm' | 'tpm' | 'budget_usd' | 'budget_period'>): string[] {
  const parts: string[] = [];
  if (key.rpm) parts.push(`${formatCount(key.rpm)} rpm`);
  if (key.tpm) parts.push(`${formatCount(key.tpm)} tpm`);
  if (key.budget_usd) parts.push(`${formatUsd(key.budget_usd)} / ${key.budget_period}`);
  return parts;
}

/** A key's limits in one line: `60 rpm · 10,000 tpm · $5.00 / day`, or `None`. */
export function limitsSummary(key: Pick<GatewayKey, 'rpm' | 'tpm' | 'budget_usd' | 'budget_period'>): string {
  const parts = limitParts(key);
  return parts.length ? parts.join(' · ') : 'None';
}
