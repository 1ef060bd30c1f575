import { ApiError } from '../api/http';
import type { EndpointDraft } from './endpoint-draft';
import { matchField } from './field-errors';

/** The form keys an endpoint body's errors can land on (the API's field paths). */
export function endpointErrorKeys(draft: EndpointDraft): string[] {
  const keys = ['name', 'kind', 'provider', 'model', 'targets', 'fallbacks', 'retry.attempts'];
  keys.push('targets.0.weight');
  draft.targets.forEach((_t, i) => keys.push(`targets.${i + 1}.provider`, `targets.${i + 1}.model`, `targets.${i + 1}.weight`));
  draft.fallbacks.forEach((_f, i) => keys.push(`fallbacks.${i}.provider`, `fallbacks.${i}.model`));
  return keys;
}

/**
 * Where to show an API error: beside the field it names, else above the form's
 * buttons. A split's first target is the form's own provider and model.
 */
export function placeError(error: unknown, keys: readonly string[], prefix = ''): { field?: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return { message };
  let path = error.param;
  if (path && !prefix && draftSplitFirst(path)) path = path.endsWith('.provider') ? 'provider' : path.endsWith('.model') ? 'model' : path;
  const field = matchField(path ? `${prefix}${path}` : undefined, keys);
  // Beside its own field, "base_url: is refused" reads better without the path.
  return { field, message: field && error.param && message.startsWith(`${error.param}: `) ? message.slice(error.param.length + 2) : message };
}

function draftSplitFirst(path: string): boolean {
  return /^targets\.0\.(provider|model)$/.test(path);
}
