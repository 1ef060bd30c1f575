/** Shown when the gateway answers 404 on /api/endpoints: it has no admin API, so endpoints live in the YAML only. */
export function AdminApiNotice({ form }: { form?: boolean }) {
  return (
    <div className="notice notice-warning" role="note">
      <strong>Read-only:</strong> this gateway does not serve the admin API (<code>/api/endpoints</code>),{' '}
      {form ? (
        <>so this form cannot save. Add endpoints under <code>endpoints:</code> in <code>gateway.config.yaml</code> instead.</>
      ) : (
        <>
          so endpoints come from <code>gateway.config.yaml</code> and are changed by editing it.
        </>
      )}
    </div>
  );
}
