import type { ConnectionView, CredentialField, ProviderType } from '../api/types';
import { reenterMessage } from '../lib/endpoint-draft';
import { genericFieldLabel } from '../lib/providers';
import { describe, Field } from './field';

/**
 * The fields a provider type declares for a connection, labelled its way: required
 * ones first, secrets in password inputs. Editing a stored connection, a secret shows
 * its masked value as the placeholder and is kept when left blank, unless the form moves
 * the connection (`moved`: its base URL, region...): then the stored secrets are required.
 */
export function CredentialFields({
  provider,
  values,
  onChange,
  errors,
  stored,
  readOnly,
  moved = [],
  hidden = [],
}: {
  provider: ProviderType;
  values: Record<string, string | boolean>;
  onChange: (name: string, value: string | boolean) => void;
  errors: Record<string, string>;
  stored?: ConnectionView;
  readOnly?: boolean;
  /** Labels of the destination fields the form changed. */
  moved?: readonly string[];
  /** Fields the form asks for elsewhere (an Azure deployment is the endpoint's, not the connection's): their values are kept, unseen. */
  hidden?: readonly string[];
}) {
  const ordered = provider.credential_fields.filter((f) => !hidden.includes(f.name)).sort((a, b) => Number(b.required) - Number(a.required));
  return (
    <div className="field-grid">
      {ordered.map((field) => (
        <CredentialInput
          key={field.name}
          field={field}
          value={values[field.name]}
          onChange={(value) => onChange(field.name, value)}
          error={errors[`connection.${field.name}`]}
          masked={stored && field.secret ? maskedText(stored[field.name]) : undefined}
          moved={moved}
          readOnly={readOnly}
        />
      ))}
    </div>
  );
}

/** What a stored secret may show: the API's mask (`sk-...abcd`, `***`); anything else is hidden entirely. */
export function maskedText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value);
  return /^\*+$/.test(text) || /^.{0,6}\.\.\..{0,4}$/.test(text) ? text : '••••••••';
}

function CredentialInput({
  field,
  value,
  onChange,
  error,
  masked,
  moved,
  readOnly,
}: {
  field: CredentialField;
  value: string | boolean | undefined;
  onChange: (value: string | boolean) => void;
  error?: string;
  masked?: string;
  moved: readonly string[];
  readOnly?: boolean;
}) {
  const id = `connection-${field.name}`;
  const label = field.label ?? genericFieldLabel(field.name);
  // A stored secret is kept only while the connection stays where it was entered for.
  const reenter = Boolean(masked) && moved.length > 0;
  const storedHint = reenter ? `Stored: ${masked}. ${reenterMessage(moved)}` : masked ? `Stored: ${masked}. Leave blank to keep it.` : '';
  const hint = [field.description, field.env && field.secret ? `Conventionally in $${field.env}.` : '', storedHint].filter(Boolean).join(' ');
  const aria = describe(id, hint, error);

  if (field.type === 'boolean') {
    return (
      <div className={`field field-checkbox${error ? ' field-invalid' : ''}`}>
        <label className="checkbox" htmlFor={id}>
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} disabled={readOnly} {...aria} />
          {label}
        </label>
        {hint && (
          <p className="hint" id={`${id}-hint`}>
            {hint}
          </p>
        )}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={!field.required && !reenter}>
      {field.enum ? (
        <select id={id} value={text} onChange={(e) => onChange(e.target.value)} disabled={readOnly} {...aria}>
          {!field.required && <option value="">(default)</option>}
          {field.enum.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type={field.secret ? 'password' : field.format === 'uri' ? 'url' : 'text'}
          inputMode={field.type === 'integer' || field.type === 'number' ? 'numeric' : undefined}
          autoComplete={field.secret ? 'new-password' : 'off'}
          spellCheck={false}
          className={field.secret ? undefined : 'mono'}
          value={text}
          placeholder={masked ? (reenter ? 'Enter it again' : `${masked} (unchanged)`) : field.default !== null && field.default !== undefined ? String(field.default) : undefined}
          onChange={(e) => onChange(e.target.value)}
          aria-required={reenter || undefined}
          readOnly={readOnly}
          {...aria}
        />
      )}
    </Field>
  );
}
