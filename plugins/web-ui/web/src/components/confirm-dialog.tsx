import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { FormError } from './form-error';

/** A yes/no question about something that cannot be undone; the confirming button names what it does. */
export function ConfirmDialog({ title, children, confirmLabel, busyLabel = 'Deleting…', busy, error, onConfirm, onCancel }: { title: string; children: ReactNode; confirmLabel: string; busyLabel?: string; busy?: boolean; error?: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open onClose={onCancel} className="dialog-root" role="alertdialog">
      <div className="dialog-backdrop" aria-hidden="true" />
      <div className="dialog-frame">
        <DialogPanel className="dialog dialog-narrow">
          <DialogTitle as="h2">{title}</DialogTitle>
          <div className="dialog-body">{children}</div>
          <FormError message={error} />
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onCancel} autoFocus>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
