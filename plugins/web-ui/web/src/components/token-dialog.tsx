import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { announceSignIn, ApiError, apiRequest, clearAdminToken, onUnauthorized, setAdminToken } from '../api/http';
import { DialogFormActions } from './dialog-form-actions';

/**
 * Asks for the admin token when the admin API answers 401 (the gateway has
 * GATEWAY_ADMIN_TOKEN set). The token is checked before it is kept, in
 * sessionStorage, and sent only as a Bearer header.
 */
export function TokenDialog() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [token, setToken] = useState('');
  const [error, setError] = useState<string>();
  const [checking, setChecking] = useState(false);

  useEffect(() => onUnauthorized(() => setOpen(true)), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token.trim()) return setError('Enter the admin token.');
    setChecking(true);
    setError(undefined);
    setAdminToken(token.trim());
    try {
      await apiRequest('GET', '/api/endpoints', undefined, { awaitSignIn: false });
      setOpen(false);
      setToken('');
      // The calls waiting behind the dialog go again with the token; anything loaded before it is reloaded.
      announceSignIn();
      await queryClient.invalidateQueries();
    } catch (caught) {
      clearAdminToken();
      if (caught instanceof ApiError && caught.status === 401) setError('The gateway refused this token.');
      else if (caught instanceof ApiError && caught.status === 404) {
        // A gateway without the admin API: nothing to sign in to.
        setOpen(false);
      } else setError(caught instanceof Error ? caught.message : String(caught));
      // The failed check itself reopened the dialog through the 401 listener; it stays open with the message,
      // and the pages behind it keep waiting (loading), with no error of their own.
    } finally {
      setChecking(false);
    }
  }

  return (
    <Dialog open={open} onClose={() => undefined} className="dialog-root">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-frame">
        <DialogPanel className="dialog dialog-narrow">
          <DialogTitle as="h2">Admin token required</DialogTitle>
          <p className="muted">
            This gateway protects its admin API with a token (<code>GATEWAY_ADMIN_TOKEN</code>). It is kept for this browser tab only.
          </p>
          <form onSubmit={submit} noValidate>
            <div className={`field${error ? ' field-invalid' : ''}`}>
              <label htmlFor="admin-token">Admin token</label>
              <input id="admin-token" type="password" autoComplete="current-password" value={token} onChange={(e) => setToken(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'admin-token-error' : undefined} autoFocus />
              {error && (
                <p className="field-error" id="admin-token-error" role="alert">
                  {error}
                </p>
              )}
            </div>
            <DialogFormActions label="Sign in" busyLabel="Checking…" busy={checking} />
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
