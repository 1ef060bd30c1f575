import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { apiRequest } from '../api/http';
import { queryKeys } from '../api/queries';
import type { CreatedGatewayKey, EndpointListing } from '../api/types';
import { placeError } from '../lib/api-errors';
import { emptyKeyDraft, EXPIRY_CHOICES, KEY_FIELDS, keyBody, validateKeyDraft, type ExpiryChoice, type KeyDraft } from '../lib/key-draft';
import { DialogFormActions } from './dialog-form-actions';
import { describe, Field, FieldError } from './field';
import { CreatedKeyPanel } from './created-key-panel';
import { FormError } from './form-error';

/**
 * "Create gateway key": name, scope (all endpoints or chosen ones), expiry, limits and
 * budget; then the key itself, once. Errors, the form's own or the API's, show beside their field.
 */
export function KeyCreateDialog({ endpoints, takenNames, onClose }: { endpoints: readonly Pick<EndpointListing, 'name' | 'kind'>[]; takenNames: ReadonlySet<string>; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedGatewayKey>();
  return (
    // Closing by the backdrop or Escape is off once the key shows: it must not vanish by a stray click.
    <Dialog open onClose={created ? () => undefined : onClose} className="dialog-root">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-frame">
        <DialogPanel className="dialog key-dialog">
          {created ? <CreatedKeyPanel created={created} onDone={onClose} /> : <KeyForm endpoints={endpoints} takenNames={takenNames} onCreated={setCreated} onCancel={onClose} />}
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function KeyForm({ endpoints, takenNames, onCreated, onCancel }: { endpoints: readonly Pick<EndpointListing, 'name' | 'kind'>[]; takenNames: ReadonlySet<string>; onCreated: (key: CreatedGatewayKey) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<KeyDraft>(emptyKeyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [focusErrors, setFocusErrors] = useState(0);
  const scopeName = useId();

  useEffect(() => {
    if (focusErrors > 0) document.querySelector<HTMLElement>('.key-dialog [aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  const update = (change: Partial<KeyDraft>, ...fields: string[]) => {
    setDraft((d) => ({ ...d, ...change }));
    if (fields.length) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
  };

  function toggleEndpoint(name: string, on: boolean) {
    update({ endpoints: on ? [...draft.endpoints, name] : draft.endpoints.filter((n) => n !== name) }, 'endpoints');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const problems = validateKeyDraft(draft, takenNames);
    setErrors(problems);
    if (Object.keys(problems).length) return setFocusErrors((n) => n + 1);
    setSaving(true);
    try {
      const key = await apiRequest<CreatedGatewayKey>('POST', '/api/keys', keyBody(draft));
      await queryClient.invalidateQueries({ queryKey: queryKeys.keys });
      onCreated(key);
    } catch (error) {
      // A refusal may come from a change made elsewhere (a name taken meanwhile): the list behind shows it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.keys });
      const placed = placeError(error, KEY_FIELDS);
      if (placed.field) {
        setErrors({ [placed.field]: placed.message });
        setFocusErrors((n) => n + 1);
      } else setFormError(placed.message);
    } finally {
      setSaving(false);
    }
  }

  const customExpiry = draft.expiry === 'custom';
  return (
    <form onSubmit={submit} noValidate>
      <div className="dialog-header">
        <DialogTitle as="h2">Create gateway key</DialogTitle>
      </div>
      <p className="muted">Clients send the key where their SDK sends an API key. The gateway keeps only its hash: you see the key once, after creating it.</p>

      <Field id="key-name" label="Name" hint="Who holds the key or what it is for, such as ci-runner or eval-team." error={errors.name}>
        <input id="key-name" type="text" value={draft.name} maxLength={100} autoComplete="off" onChange={(e) => update({ name: e.target.value }, 'name')} {...describe('key-name', true, errors.name)} autoFocus />
      </Field>

      <fieldset className={`field${errors.endpoints ? ' field-invalid' : ''}`} aria-describedby={errors.endpoints ? 'key-endpoints-error' : undefined}>
        <legend>Endpoints</legend>
        <label className="checkbox">
          <input type="radio" name={scopeName} checked={draft.scope === 'all'} onChange={() => update({ scope: 'all' }, 'endpoints')} />
          All endpoints, including ones created later
        </label>
        <label className="checkbox">
          <input type="radio" name={scopeName} checked={draft.scope === 'some'} onChange={() => update({ scope: 'some' })} />
          Only the endpoints chosen below
        </label>
        {draft.scope === 'some' && (
          <div className="endpoint-choices" role="group" aria-label="Endpoints this key may call">
            {endpoints.length === 0 && <p className="muted">No endpoints yet.</p>}
            {endpoints.map((endpoint) => (
              <label key={endpoint.name} className="checkbox">
                <input type="checkbox" checked={draft.endpoints.includes(endpoint.name)} onChange={(e) => toggleEndpoint(endpoint.name, e.target.checked)} aria-invalid={errors.endpoints ? true : undefined} />
                <span className="mono">{endpoint.name}</span> <span className={`badge badge-kind-${endpoint.kind}`}>{endpoint.kind}</span>
              </label>
            ))}
          </div>
        )}
        <FieldError id="key-endpoints-error" error={errors.endpoints} />
      </fieldset>

      <div className="field-grid field-grid-tight">
        <Field id="key-expiry" label="Expires" error={customExpiry ? undefined : errors.expires_at}>
          <select id="key-expiry" value={draft.expiry} onChange={(e) => update({ expiry: e.target.value as ExpiryChoice }, 'expires_at')}>
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
        {customExpiry && (
          <Field id="key-expires-at" label="Expiry date and time" hint="In your time zone." error={errors.expires_at}>
            <input id="key-expires-at" type="datetime-local" value={draft.expiresAt} onChange={(e) => update({ expiresAt: e.target.value }, 'expires_at')} {...describe('key-expires-at', true, errors.expires_at)} />
          </Field>
        )}
      </div>

      <h3 className="small-heading">Limits</h3>
      <p className="hint">Empty means no limit. They apply across every replica, beside each endpoint's own limits.</p>
      <div className="field-grid field-grid-tight">
        <Field id="key-rpm" label="Requests per minute" optional error={errors.rpm}>
          <input id="key-rpm" type="text" inputMode="numeric" value={draft.rpm} onChange={(e) => update({ rpm: e.target.value }, 'rpm')} {...describe('key-rpm', false, errors.rpm)} />
        </Field>
        <Field id="key-tpm" label="Tokens per minute" optional error={errors.tpm}>
          <input id="key-tpm" type="text" inputMode="numeric" value={draft.tpm} onChange={(e) => update({ tpm: e.target.value }, 'tpm')} {...describe('key-tpm', false, errors.tpm)} />
        </Field>
        <Field id="key-budget" label="Budget (USD)" optional hint="Then 429 budget_exceeded until the period turns over (UTC)." error={errors.budget_usd}>
          <input id="key-budget" type="text" inputMode="decimal" value={draft.budgetUsd} onChange={(e) => update({ budgetUsd: e.target.value }, 'budget_usd')} {...describe('key-budget', true, errors.budget_usd)} />
        </Field>
        <Field id="key-budget-period" label="Budget period" error={errors.budget_period}>
          <select id="key-budget-period" value={draft.budgetPeriod} onChange={(e) => update({ budgetPeriod: e.target.value as KeyDraft['budgetPeriod'] }, 'budget_period')}>
            <option value="day">Per day</option>
            <option value="month">Per month</option>
          </select>
        </Field>
      </div>

      <FormError message={formError} />
      <DialogFormActions label="Create key" busyLabel="Creating…" busy={saving} onCancel={onCancel} />
    </form>
  );
}
