import { ApiError } from '../api/http';

/** A failed load, said plainly: what could not be loaded and what the gateway answered. */
export function ErrorNotice({ error, what }: { error: unknown; what: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? ` (HTTP ${error.status})` : '';
  return (
    <div className="notice notice-error" role="alert">
      Could not load {what}
      {status}: {message}
    </div>
  );
}
