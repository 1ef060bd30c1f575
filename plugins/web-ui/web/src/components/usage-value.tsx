import type { ReactNode } from 'react';
import '../styles/endpoints.css';

/** A usage read as TanStack Query holds it: the value is shown only once it arrived. */
export interface UsageState {
  isPending: boolean;
  error: unknown;
}

/** Not known yet: a placeholder with "Loading" for screen readers, never a zero. */
export function LoadingValue() {
  return (
    <span className="loading-value">
      <span aria-hidden="true">…</span>
      <span className="visually-hidden">Loading</span>
    </span>
  );
}

/** The usage API failed: a dash, said as "unavailable"; the notice above says why, once. */
export function UnavailableValue() {
  return (
    <span className="muted">
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">Unavailable</span>
    </span>
  );
}

/** `render()` once the usage answered; a loading mark before, a dash when it failed. */
export function usageValue(state: UsageState, render: () => ReactNode): ReactNode {
  if (state.error) return <UnavailableValue />;
  if (state.isPending) return <LoadingValue />;
  return render();
}

/** Why usage numbers show as dashes: "Usage unavailable: <what the gateway said>". */
export function UsageUnavailable({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div className="notice notice-error" role="alert">
      Usage unavailable: {message}
    </div>
  );
}
