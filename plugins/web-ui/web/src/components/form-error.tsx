/** Why a form or dialog could not do what was asked, announced at once (an alert) just above its buttons; nothing when all is well. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="notice notice-error" role="alert">
      {message}
    </div>
  );
}
