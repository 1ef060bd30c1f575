/**
 * A dialog form's buttons: Cancel (when the dialog may be left) and the submit button, which
 * says what it does and, while it runs, what it is doing (and is disabled meanwhile).
 */
export function DialogFormActions({ label, busyLabel, busy, disabled = busy, onCancel }: { label: string; busyLabel: string; busy: boolean; disabled?: boolean; onCancel?: () => void }) {
  return (
    <div className="dialog-actions">
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      )}
      <button type="submit" className="btn btn-primary" disabled={disabled}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
