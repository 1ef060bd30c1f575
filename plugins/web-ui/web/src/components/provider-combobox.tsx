import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Description, Field, Label } from '@headlessui/react';
import { useMemo, useState } from 'react';
import type { ProviderType } from '../api/types';
import { matchesQuery, providerChoices, type ProviderChoice } from '../lib/providers';
import { FieldError } from './field';

/** The searchable Provider dropdown: every provider type, the common ones first. */
export function ProviderCombobox({
  providers,
  value,
  onChange,
  error,
  disabled,
}: {
  providers: readonly ProviderType[];
  value: string;
  onChange: (type: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const choices = useMemo(() => providerChoices(providers), [providers]);
  const [query, setQuery] = useState('');
  const selected = choices.find((c) => c.type === value) ?? null;
  const shown = query ? choices.filter((c) => matchesQuery(query, c.name, c.type, c.detail)) : choices;
  const firstOther = shown.findIndex((c) => !c.common);

  return (
    <Field className={`field${error ? ' field-invalid' : ''}`} disabled={disabled}>
      <Label>Provider</Label>
      <Combobox value={selected} onChange={(choice: ProviderChoice | null) => choice && onChange(choice.type)} onClose={() => setQuery('')} immediate by="type">
        <div className="combobox">
          <ComboboxInput
            className="combobox-input"
            displayValue={(choice: ProviderChoice | null) => choice?.name ?? ''}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={`Search ${choices.length} providers…`}
            aria-invalid={error ? true : undefined}
          />
          <ComboboxButton className="combobox-button" aria-label="Show all providers">
            <Chevron />
          </ComboboxButton>
          <ComboboxOptions className="combobox-options" modal={false}>
            {shown.length === 0 && <div className="combobox-empty">No provider matches “{query}”.</div>}
            {shown.map((choice, index) => (
              <ComboboxOption key={choice.type} value={choice} className={`combobox-option${index === firstOther && index > 0 ? ' group-start' : ''}`}>
                <span className="option-main">
                  <span className="option-name">{choice.name}</span>
                  <span className="option-id">{choice.type}</span>
                </span>
                {choice.detail && <span className="option-detail">{choice.detail}</span>}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      {selected?.detail && <Description className="hint">{selected.detail}</Description>}
      <FieldError id="provider-error" error={error} />
    </Field>
  );
}

export function Chevron() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
