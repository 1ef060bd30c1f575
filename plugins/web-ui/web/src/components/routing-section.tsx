import { useModels, useProviders } from '../api/queries';
import type { EndpointKind } from '../api/types';
import { moved, newKey, splitTotal, type EndpointDraft } from '../lib/endpoint-draft';
import { describe, Field, FieldError } from './field';
import { ModelCombobox } from './model-combobox';

export interface ConnectionOption {
  name: string;
  type: string;
}

type Update = (change: (draft: EndpointDraft) => EndpointDraft) => void;

/** Advanced: a weighted traffic split, ordered fallbacks and retries. */
export function RoutingSection({
  draft,
  update,
  errors,
  connections,
  primaryConnection,
}: {
  draft: EndpointDraft;
  update: Update;
  errors: Record<string, string>;
  connections: readonly ConnectionOption[];
  primaryConnection: string;
}) {
  const total = splitTotal(draft);
  const typeOf = (name: string) => connections.find((c) => c.name === name)?.type;
  const open = draft.split || draft.fallbacks.length > 0 || draft.retryAttempts !== '0';
  return (
    <details className="card advanced" open={open}>
      <summary>
        <span className="summary-title">Advanced</span> <span className="muted">traffic split, fallbacks and retries</span>
      </summary>
      <fieldset className="subsection">
        <legend>Traffic split</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.split}
            onChange={(e) => update((d) => ({ ...d, split: e.target.checked, primaryWeight: e.target.checked && d.targets.length === 0 ? '50' : d.primaryWeight, targets: e.target.checked && d.targets.length === 0 ? [{ key: newKey(), connection: '', model: '', weight: '50' }] : d.targets }))}
          />
          Split traffic across several targets
        </label>
        {draft.split && (
          <>
            <table className="table table-compact split-table">
              <caption className="visually-hidden">Split targets and their share of traffic</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Connection</th>
                  <th scope="col">Model</th>
                  <th scope="col" className="num">
                    Weight
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td data-label="#">1</td>
                  <td data-label="Connection" className="mono">{primaryConnection || <span className="muted">the provider above</span>}</td>
                  <td data-label="Model" className="mono">{draft.model || <span className="muted">the model above</span>}</td>
                  <td data-label="Weight" className="num">
                    <WeightInput index={0} value={draft.primaryWeight} error={errors['targets.0.weight']} onChange={(weight) => update((d) => ({ ...d, primaryWeight: weight }))} />
                  </td>
                  <td />
                </tr>
                {draft.targets.map((target, i) => (
                  <tr key={target.key}>
                    <td data-label="#">{i + 2}</td>
                    <td data-label="Connection">
                      <ConnectionSelect
                        id={`target-${i + 1}-connection`}
                        label={`Connection of target ${i + 2}`}
                        value={target.connection}
                        options={connections}
                        error={errors[`targets.${i + 1}.provider`]}
                        onChange={(connection) => update((d) => ({ ...d, targets: d.targets.map((t) => (t.key === target.key ? { ...t, connection } : t)) }))}
                      />
                    </td>
                    <td data-label="Model">
                      <RowModel
                        label={`Model of target ${i + 2}`}
                        type={typeOf(target.connection)}
                        kind={draft.kind}
                        value={target.model}
                        error={errors[`targets.${i + 1}.model`]}
                        onChange={(model) => update((d) => ({ ...d, targets: d.targets.map((t) => (t.key === target.key ? { ...t, model } : t)) }))}
                      />
                    </td>
                    <td data-label="Weight" className="num">
                      <WeightInput index={i + 1} value={target.weight} error={errors[`targets.${i + 1}.weight`]} onChange={(weight) => update((d) => ({ ...d, targets: d.targets.map((t) => (t.key === target.key ? { ...t, weight } : t)) }))} />
                    </td>
                    <td className="actions">
                      <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove target ${i + 2}`} onClick={() => update((d) => ({ ...d, targets: d.targets.filter((t) => t.key !== target.key) }))}>
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={3}>
                    <button type="button" className="btn btn-small" onClick={() => update((d) => ({ ...d, targets: [...d.targets, { key: newKey(), connection: '', model: '', weight: '0' }] }))}>
                      Add target
                    </button>
                  </td>
                  <td className="num" colSpan={2}>
                    <span className={`split-total ${total === 100 ? 'ok' : 'bad'}`} role="status">
                      Total {total}%{total === 100 ? '' : ' (must be 100%)'}
                    </span>
                  </td>
                </tr>
              </tfoot>
            </table>
            <FieldError id="targets-error" error={errors.targets} />
          </>
        )}
      </fieldset>

      <fieldset className="subsection">
        <legend>Fallbacks</legend>
        <p className="hint">Tried in this order when the chosen target fails with a retryable error (timeouts, 429, 5xx) or a refused key.</p>
        {draft.fallbacks.length > 0 && (
          <ol className="fallback-list">
            {draft.fallbacks.map((fallback, i) => (
              <li key={fallback.key} className="fallback-row">
                <span className="fallback-index" aria-hidden="true">
                  {i + 1}
                </span>
                <ConnectionSelect
                  id={`fallback-${i}-connection`}
                  label={`Connection of fallback ${i + 1}`}
                  value={fallback.connection}
                  options={connections}
                  error={errors[`fallbacks.${i}.provider`]}
                  onChange={(connection) => update((d) => ({ ...d, fallbacks: d.fallbacks.map((f) => (f.key === fallback.key ? { ...f, connection } : f)) }))}
                />
                <RowModel
                  label={`Model of fallback ${i + 1}`}
                  type={typeOf(fallback.connection)}
                  kind={draft.kind}
                  value={fallback.model}
                  error={errors[`fallbacks.${i}.model`]}
                  onChange={(model) => update((d) => ({ ...d, fallbacks: d.fallbacks.map((f) => (f.key === fallback.key ? { ...f, model } : f)) }))}
                />
                <span className="row-buttons">
                  <button type="button" className="btn btn-small btn-ghost" aria-label={`Move fallback ${i + 1} up`} disabled={i === 0} onClick={() => update((d) => ({ ...d, fallbacks: moved(d.fallbacks, i, i - 1) }))}>
                    ↑
                  </button>
                  <button type="button" className="btn btn-small btn-ghost" aria-label={`Move fallback ${i + 1} down`} disabled={i === draft.fallbacks.length - 1} onClick={() => update((d) => ({ ...d, fallbacks: moved(d.fallbacks, i, i + 1) }))}>
                    ↓
                  </button>
                  <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove fallback ${i + 1}`} onClick={() => update((d) => ({ ...d, fallbacks: d.fallbacks.filter((f) => f.key !== fallback.key) }))}>
                    Remove
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
        <button type="button" className="btn btn-small" onClick={() => update((d) => ({ ...d, fallbacks: [...d.fallbacks, { key: newKey(), connection: '', model: '' }] }))}>
          Add fallback
        </button>
      </fieldset>

      <fieldset className="subsection">
        <legend>Retries</legend>
        <Field id="retry-attempts" label="Retry attempts" hint="Extra tries of the same target after a retryable failure, with backoff, before the next target: 0 to 10." error={errors['retry.attempts']}>
          <input id="retry-attempts" className="input-narrow" inputMode="numeric" value={draft.retryAttempts} onChange={(e) => update((d) => ({ ...d, retryAttempts: e.target.value }))} {...describe('retry-attempts', true, errors['retry.attempts'])} />
        </Field>
      </fieldset>
    </details>
  );
}

function WeightInput({ index, value, error, onChange }: { index: number; value: string; error?: string; onChange: (value: string) => void }) {
  const id = `target-${index}-weight`;
  return (
    <span className="weight-input">
      <input id={id} inputMode="numeric" aria-label={`Weight of target ${index + 1} (%)`} value={value} onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))} {...describe(id, false, error)} />
      <span aria-hidden="true">%</span>
      <FieldError id={`${id}-error`} error={error} />
    </span>
  );
}

function ConnectionSelect({ id, label, value, options, error, onChange }: { id: string; label: string; value: string; options: readonly ConnectionOption[]; error?: string; onChange: (value: string) => void }) {
  return (
    <span className="row-field">
      <select id={id} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} {...describe(id, false, error)}>
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.name} value={option.name}>
            {option.name} ({option.type})
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} />
    </span>
  );
}

function RowModel({ label, type, kind, value, error, onChange }: { label: string; type?: string; kind: EndpointKind; value: string; error?: string; onChange: (value: string) => void }) {
  const models = useModels(type);
  const providers = useProviders();
  // A deployment is the operator's own name: the catalogue's model names are no suggestion for it.
  if (providers.data?.find((p) => p.type === type)?.model_is_deployment) {
    const id = label.replace(/\W+/g, '-').toLowerCase();
    return (
      <span className="row-field">
        <input id={id} className="mono" aria-label={label.replace(/^Model/, 'Deployment name')} placeholder="Deployment name" value={value} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} {...describe(id, false, error)} />
        <FieldError id={`${id}-error`} error={error} />
      </span>
    );
  }
  return <ModelCombobox compact label={label} models={models.data ?? []} loading={models.isFetching} kind={kind} value={value} onChange={onChange} error={error} />;
}
