import type { ReactNode } from 'react';

/** A labelled control with its help text and its error (announced, and tied to the control by id). */
export function Field({ id, label, hint, error, children, optional }: { id: string; label: ReactNode; hint?: ReactNode; error?: string; children: ReactNode; optional?: boolean }) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="optional"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {error}
    </p>
  );
}

/** aria-describedby and aria-invalid for a control inside <Field>. */
export function describe(id: string, hint: unknown, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}
