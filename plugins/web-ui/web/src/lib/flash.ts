/** One message carried across a navigation (the list says what the form just saved), read once. */
let pending: string | undefined;

export function setFlash(message: string): void {
  pending = message;
}

export function takeFlash(): string | undefined {
  const message = pending;
  pending = undefined;
  return message;
}
