import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useMemo, useState, type ReactNode } from 'react';
import type { CatalogModel, EndpointKind } from '../api/types';
import { matchesQuery } from '../lib/providers';
import { FieldError } from './field';
import { CAPABILITIES, ModelFacts, type Capability } from './model-facts';
import { Chevron } from './provider-combobox';

/** An entry of the list: a catalogue model, or the typed name of a model the catalogue lacks. */
type ModelOption = { id: string; model?: CatalogModel };

/**
 * The searchable Model selector over a provider type's catalogue: models of the
 * endpoint's kind only, with capability filters, badges, context windows and
 * prices; any other name can be typed as a custom model.
 */
export function ModelCombobox({
  label = 'Model',
  hint,
  models,
  loading,
  kind,
  value,
  onChange,
  error,
  compact,
}: {
  label?: string;
  hint?: ReactNode;
  models: readonly CatalogModel[];
  loading?: boolean;
  kind: EndpointKind;
  value: string;
  onChange: (model: string) => void;
  error?: string;
  /** In the split and fallback rows: no filters, no facts line. */
  compact?: boolean;
}) {
  const [query, setQuery] = useState('');
  const [required, setRequired] = useState<Set<Capability>>(new Set());
  const ofKind = useMemo(() => models.filter((m) => (m.kind ?? 'chat') === kind && !m.deprecated), [models, kind]);
  const shown = ofKind.filter((m) => matchesQuery(query, m.id, m.display_name) && [...required].every((c) => m.capabilities[c] === true));
  const typed = query.trim();
  const custom = typed && !ofKind.some((m) => m.id === typed) ? { id: typed } : undefined;
  const chosen = ofKind.find((m) => m.id === value) ?? models.find((m) => m.id === value);
  const options: ModelOption[] = [...(custom ? [custom] : []), ...shown.map((model) => ({ id: model.id, model }))];

  return (
    <Field className={`field${error ? ' field-invalid' : ''}${compact ? ' field-compact' : ''}`}>
      <Label className={compact ? 'visually-hidden' : undefined}>{label}</Label>
      {!compact && ofKind.length > 0 && (
        <div className="capability-filter" role="group" aria-label="Only models with">
          <span className="muted small">Only models with</span>
          {CAPABILITIES.map(([key, name]) => (
            <label key={key} className="chip">
              <input
                type="checkbox"
                checked={required.has(key)}
                onChange={(e) => {
                  const next = new Set(required);
                  if (e.target.checked) next.add(key);
                  else next.delete(key);
                  setRequired(next);
                }}
              />
              {name}
            </label>
          ))}
        </div>
      )}
      <Combobox value={value ? { id: value } : null} onChange={(option: ModelOption | null) => option && onChange(option.id)} onClose={() => setQuery('')} immediate by="id">
        <div className="combobox">
          <ComboboxInput
            className="combobox-input mono"
            displayValue={(option: ModelOption | null) => option?.id ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={loading ? 'Loading models…' : ofKind.length > 0 ? `Search ${ofKind.length} ${kind} models, or type a name…` : 'Type the model name…'}
            aria-invalid={error ? true : undefined}
          />
          <ComboboxButton className="combobox-button" aria-label={`Show ${label.toLowerCase()} list`}>
            <Chevron />
          </ComboboxButton>
          <ComboboxOptions className="combobox-options combobox-options-wide" modal={false}>
            {options.length === 0 && <div className="combobox-empty">{ofKind.length === 0 ? 'No catalogue models for this provider: type the model name.' : 'No model matches these filters.'}</div>}
            {options.map((option) => (
              <ComboboxOption key={option.model ? option.id : `custom:${option.id}`} value={option} className="combobox-option">
                {option.model ? (
                  <>
                    <span className="option-main">
                      <span className="option-name mono">{option.id}</span>
                      {option.model.display_name && option.model.display_name !== option.id && <span className="option-id">{option.model.display_name}</span>}
                    </span>
                    <ModelFacts model={option.model} />
                  </>
                ) : (
                  <span className="option-main">
                    <span className="option-name">
                      Use custom model “<span className="mono">{option.id}</span>”
                    </span>
                  </span>
                )}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {hint && <Description className="hint">{hint}</Description>}
      {!compact && value && (
        <p className="chosen-model" aria-live="polite">
          {chosen ? <ModelFacts model={chosen} /> : <span className="muted">Custom model: not in the catalogue, so its calls are counted but not priced.</span>}
        </p>
      )}
      <FieldError id={`${label.replace(/\W+/g, '-').toLowerCase()}-error`} error={error} />
    </Field>
  );
}
