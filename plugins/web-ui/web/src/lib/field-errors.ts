/**
 * The form field an API error names. The admin API puts the field path in `param`
 * (`targets[1].weight`, `name`); a message written as `path: problem` names it too.
 * Returned as a dotted path (`targets.1.weight`), which is how the forms key their fields.
 */
export function fieldPath(param: string | undefined, message: string): string | undefined {
  const raw = param ?? /^([A-Za-z_][\w]*(?:\[\d+\]|\.[A-Za-z_\d][\w]*)*): /.exec(message)?.[1];
  if (!raw) return undefined;
  const dotted = raw.replace(/\[(\d+)\]/g, '.$1').replace(/^\.+/, '');
  // Some validators prefix the body's own path.
  return dotted.replace(/^(body|endpoint|connection)\./, '');
}

/** Which of a form's fields an error path belongs to: the field itself, or the nearest parent the form has. */
export function matchField(path: string | undefined, fields: readonly string[]): string | undefined {
  if (!path) return undefined;
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length--) {
    const candidate = parts.slice(0, length).join('.');
    if (fields.includes(candidate)) return candidate;
  }
  return undefined;
}
