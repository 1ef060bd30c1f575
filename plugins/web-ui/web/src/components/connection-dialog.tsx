import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { apiRequest } from '../api/http';
import { queryKeys } from '../api/queries';
import type { ConnectionTestResult, ConnectionView, ProviderType } from '../api/types';
import { placeError } from '../lib/api-errors';
import {
  changesApplyTo,
  connectionDraftBody,
  connectionErrorKeys,
  draftOfConnection,
  draftOfType,
  draftTestBody,
  emptyConnectionDraft,
  movedLabels,
  validateConnectionDraft,
  type ConnectionDraft,
} from '../lib/connection-draft';
import { CredentialFields } from './credential-fields';
import { DialogFormActions } from './dialog-form-actions';
import { describe, Field } from './field';
import { FormError } from './form-error';
import { ProviderCombobox } from './provider-combobox';
import '../styles/connections.css';

type TestOutcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * Create or edit a connection. "Test connection" calls the provider with what the form
 * holds, saved or not (POST /api/connections/test): nothing is stored until Save.
 * Editing, a connection endpoints use says which ones the change reaches, and a changed
 * destination asks for the stored secrets again.
 */
export function ConnectionDialog({
  providers,
  connections,
  editing,
  onClose,
  onSaved,
}: {
  providers: readonly ProviderType[];
  connections: readonly ConnectionView[];
  /** The connection to edit; undefined to create one. */
  editing?: ConnectionView;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<ConnectionDraft>(() => {
    const provider = editing && providers.find((p) => p.type === editing.type);
    return editing && provider ? draftOfConnection(editing, provider) : emptyConnectionDraft();
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [testModel, setTestModel] = useState('');
  const [outcome, setOutcome] = useState<TestOutcome>();
  const [busy, setBusy] = useState<'saving' | 'testing'>();
  const [focusErrors, setFocusErrors] = useState(0);
  const provider = providers.find((p) => p.type === draft.type);
  const moved = movedLabels(draft, editing, provider);
  const applies = editing && changesApplyTo(editing.used_by);
  const context = { takenNames: new Set(connections.map((c) => c.name)), provider, stored: editing };

  useEffect(() => {
    if (focusErrors > 0) document.querySelector<HTMLElement>('.connection-dialog [aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  const clearError = (...keys: string[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));

  function chooseProvider(type: string) {
    const chosen = providers.find((p) => p.type === type);
    if (!chosen) return;
    setDraft((d) => draftOfType(d, chosen));
    setErrors({});
    setOutcome(undefined);
  }

  function check(forTest: boolean): boolean {
    const found = validateConnectionDraft(draft, { ...context, forTest });
    setErrors(found);
    if (Object.keys(found).length === 0) return true;
    setFocusErrors((n) => n + 1);
    return false;
  }

  /** A refusal is shown beside the field it names, else above the buttons. */
  function showRefusal(error: unknown, what: string): string {
    const placed = placeError(error, connectionErrorKeys(provider), 'connection.');
    if (placed.field) {
      setErrors({ [placed.field]: placed.message });
      setFocusErrors((n) => n + 1);
    } else setFormError(`${what}: ${placed.message}`);
    return placed.message;
  }

  async function test() {
    setFormError(undefined);
    setOutcome(undefined);
    if (!check(true) || !provider) return;
    setBusy('testing');
    try {
      const result = await apiRequest<ConnectionTestResult>('POST', '/api/connections/test', draftTestBody(draft, provider, editing?.name, testModel));
      setOutcome(
        result.ok
          ? { ok: true, text: `✓ Connection works: ${result.model} answered in ${Math.round(result.latency_ms)} ms. Nothing was saved.` }
          : { ok: false, text: `✗ Connection failed (${result.model}): ${result.error?.message ?? 'no message'}` },
      );
    } catch (error) {
      setOutcome({ ok: false, text: `✗ Not tested: ${showRefusal(error, 'Not tested')}` });
    } finally {
      setBusy(undefined);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    if (!check(false) || !provider) return;
    setBusy('saving');
    try {
      const body = connectionDraftBody(draft, provider);
      if (editing) await apiRequest('PUT', `/api/connections/${encodeURIComponent(editing.name)}`, body);
      else await apiRequest('POST', '/api/connections', body);
      await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.connections }), queryClient.invalidateQueries({ queryKey: queryKeys.endpoints })]);
      onSaved(editing ? `Connection ${editing.name} saved.` : `Connection ${draft.name} created.`);
    } catch (error) {
      // A refusal may come from a change made elsewhere (a name taken meanwhile): the list behind shows it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.connections });
      showRefusal(error, 'Not saved');
    } finally {
      setBusy(undefined);
    }
  }

  const title = editing ? `Edit connection ${editing.name}` : 'Create connection';
  return (
    <Dialog open onClose={onClose} className="dialog-root">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-frame">
        <DialogPanel className="dialog connection-dialog">
          <form onSubmit={save} noValidate>
            <div className="dialog-header">
              <DialogTitle as="h2">{title}</DialogTitle>
            </div>
            <p className="muted">Credentials are stored encrypted when you save; Test connection calls the provider once with what the form holds, without saving it.</p>
            {applies && (
              <div className="notice notice-warning" role="note">
                {applies}
              </div>
            )}
            {!editing && (
              <Field id="connection-name" label="Name" hint="How endpoints name this connection, such as team-openai." error={errors['connection.name']}>
                <input
                  id="connection-name"
                  type="text"
                  value={draft.name}
                  autoComplete="off"
                  spellCheck={false}
                  className="mono"
                  onChange={(e) => {
                    setDraft((d) => ({ ...d, name: e.target.value }));
                    clearError('connection.name');
                  }}
                  {...describe('connection-name', true, errors['connection.name'])}
                  autoFocus
                />
              </Field>
            )}
            <ProviderCombobox providers={providers} value={draft.type} onChange={chooseProvider} error={errors['connection.type']} disabled={Boolean(editing)} />
            {editing && <p className="hint">A connection keeps its provider type; create another connection for another provider.</p>}
            {provider && (
              <CredentialFields
                provider={provider}
                values={draft.fields}
                onChange={(name, value) => {
                  setDraft((d) => ({ ...d, fields: { ...d.fields, [name]: value } }));
                  clearError(`connection.${name}`);
                  setOutcome(undefined);
                }}
                errors={errors}
                stored={editing}
                moved={moved}
              />
            )}
            {provider && (
              <div className="connection-test">
                <Field id="connection-test-model" label="Model to test with" optional hint="Empty: a model of an endpoint using this connection, else the catalogue's cheapest for the provider.">
                  <input id="connection-test-model" type="text" className="mono" value={testModel} autoComplete="off" spellCheck={false} onChange={(e) => setTestModel(e.target.value)} aria-describedby="connection-test-model-hint" />
                </Field>
                <button type="button" className="btn" onClick={test} disabled={busy !== undefined}>
                  {busy === 'testing' ? 'Testing…' : 'Test connection'}
                </button>
              </div>
            )}
            <div role="status" className="connection-test-result">
              {outcome && <p className={`notice ${outcome.ok ? 'notice-success' : 'notice-error'}`}>{outcome.text}</p>}
            </div>
            <FormError message={formError} />
            <DialogFormActions label={editing ? 'Save changes' : 'Create connection'} busyLabel="Saving…" busy={busy === 'saving'} disabled={busy !== undefined} onCancel={onClose} />
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
