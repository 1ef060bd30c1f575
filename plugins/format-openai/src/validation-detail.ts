/**
 * FastAPI-style validation errors, as Mistral answers a body its schema refuses: a 422 whose
 * `detail` is a list of `{loc, msg, type, input?, ctx?}` (the mistralai SDK's
 * `HTTPValidationError.data.detail`, a list of `ValidationError`), either at the top level
 * (`{"detail": [...]}`, the SDK's model) or inside Mistral's error object
 * (`{"object": "error", "message": {"detail": [...]}, "type": ...}`, what the API sends:
 * https://github.com/mistralai/platform-docs-public/issues/7). A `detail` string is
 * FastAPI's plain HTTPException. The reader never throws: it runs on the failure path.
 */
import { isWireObject, paramPath } from '@model-gateway/core';

export interface ValidationDetail {
  /** Every problem as `where: what`, joined by "; ", in the provider's order. */
  message: string;
  /** The first problem's location, in the request's own spelling (`messages[0].content`). */
  param?: string;
  /** The first problem's type (`extra_forbidden`, `missing`, ...). */
  code?: string;
}

/** The validation problems in `body` (parsed JSON), or undefined when it holds none. */
export function readValidationDetail(body: unknown): ValidationDetail | undefined {
  if (!isWireObject(body)) return undefined;
  const detail = isWireObject(body.message) && body.message.detail !== undefined ? body.message.detail : body.detail;
  if (typeof detail === 'string' && detail !== '') return { message: detail };
  if (!Array.isArray(detail)) return undefined;
  const problems = detail.filter(isWireObject).map((item) => ({ where: location(item.loc), msg: typeof item.msg === 'string' ? item.msg : 'invalid', type: item.type }));
  if (problems.length === 0) return undefined;
  const out: ValidationDetail = { message: problems.map((p) => (p.where ? `${p.where}: ${p.msg}` : p.msg)).join('; ') };
  if (problems[0].where) out.param = problems[0].where;
  if (typeof problems[0].type === 'string' && problems[0].type !== '') out.code = problems[0].type;
  return out;
}

/** `["body", "messages", 0, "content"]` as `messages[0].content`: "body" says only that the problem is in the body. */
function location(loc: unknown): string {
  if (!Array.isArray(loc)) return '';
  const segments = loc.filter((s): s is string | number => typeof s === 'string' || typeof s === 'number');
  return paramPath(segments[0] === 'body' ? segments.slice(1) : segments);
}
