import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import type { CatalogModel, EndpointKind } from '../api/types';
import { modelList, modelPlaceholder, type Capability, type ModelOption } from '../lib/model-options';
import { FieldError } from './field';
import { CAPABILITIES, ModelFacts } from './model-facts';
import { Chevron } from './provider-combobox';
import '../styles/model-selector.css';

/**
 * The searchable Model selector over a provider type's catalogue: models of the endpoint's
 * kind only, current ones first with older ones behind a toggle, capability filters, badges,
 * context windows and prices. The exact name typed is the first option, so Enter keeps it;
 * any other name is offered first as an explicit custom model.
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
  emptyMessage = 'The catalogue lists no models for this provider: type the model name.',
  optional,
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
  /** What the list says when the catalogue has no model of this kind for the provider. */
  emptyMessage?: string;
  /** The form is complete without it (the model an Azure deployment serves). */
  optional?: boolean;
}) {
  const [query, setQuery] = useState('');
  const [required, setRequired] = useState<Set<Capability>>(new Set());
  const [showOlder, setShowOlder] = useState(false);
  const list = modelList({ models, kind, query, required, showOlder });
  const { ofKind, options } = list;
  const chosen = ofKind.find((m) => m.id === value) ?? models.find((m) => m.id === value);
  const emptyCatalogue = !loading && ofKind.length === 0;
  const idBase = label.replace(/\W+/g, '-').toLowerCase();

  return (
    <Field className={`field${error ? ' field-invalid' : ''}${compact ? ' field-compact' : ''}`}>
      <Label className={compact ? 'visually-hidden' : undefined}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </Label>
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
      {!compact && list.olderCount > 0 && (
        <label className="chip chip-older">
          <input type="checkbox" checked={showOlder} onChange={(e) => setShowOlder(e.target.checked)} />
          Show older models ({list.olderCount})
        </label>
      )}
      <Combobox value={value ? { id: value } : null} onChange={(option: ModelOption | null) => option && onChange(option.id)} onClose={() => setQuery('')} immediate by="id">
        <div className="combobox">
          <ComboboxInput
            className="combobox-input mono"
            displayValue={(option: ModelOption | null) => option?.id ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={modelPlaceholder(list, kind, Boolean(loading))}
            aria-invalid={error ? true : undefined}
          />
          <ComboboxButton className="combobox-button" aria-label={`Show ${label.toLowerCase()} list`}>
            <Chevron />
          </ComboboxButton>
          <ComboboxOptions className="combobox-options combobox-options-wide" modal={false}>
            {options.length === 0 && (
              // A disabled option, not bare text: a listbox holds options only, and this one is read out.
              <ComboboxOption value={null} disabled className="combobox-option combobox-empty">
                {loading ? 'Loading models…' : emptyCatalogue ? emptyMessage : 'No model matches these filters.'}
              </ComboboxOption>
            )}
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
      {emptyCatalogue && !compact && <Description className="hint">{emptyMessage}</Description>}
      {!compact && value && (
        <p className="chosen-model" aria-live="polite">
          {chosen ? <ModelFacts model={chosen} /> : <span className="muted">Custom model: not in the catalogue, so its calls are counted but not priced.</span>}
        </p>
      )}
      <FieldError id={`${idBase}-error`} error={error} />
    </Field>
  );
}
