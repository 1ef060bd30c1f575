/**
 * A failed zod parse of a client's body as the gateway's invalid_parameter error: one
 * line naming the parameter the way the providers' own errors do (`messages[0].role`),
 * so a client can fix its request without reading our schemas. Every API style parses
 * its wire format through here, so they all word their 400s alike.
 */
import type { z } from 'zod';
import { GatewayError } from './gateway-error';

type Issue = z.core.$ZodIssue;

/**
 * Parses `body` with `schema`, throwing invalid_parameter for the first problem found.
 * `at` is where `body` sits in the request, for parts parsed one at a time (`input[2]`).
 */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown, at = ''): z.output<T> {
  // Parse options make every parse several times slower (docs/performance.md), so the
  // offending input, which only the error message needs, is asked for by a second parse
  // of a body already known to be bad.
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const detailed = schema.safeParse(body, { reportInput: true });
  const issue = mostSpecific((detailed.success ? result.error : detailed.error).issues[0]);
  throw invalidParameterAt(paramPath(issue.path, at), describeIssue(issue));
}

/** `problem` at `param`; a problem with the body as a whole has no param. */
export function invalidParameterAt(param: string, problem: string): GatewayError {
  return new GatewayError('invalid_parameter', `${param || 'body'}: ${problem}`, param ? { param } : {});
}

export function paramPath(segments: ReadonlyArray<PropertyKey>, base = ''): string {
  let out = base;
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out ? `.${String(segment)}` : String(segment);
  }
  return out;
}

/**
 * A union reports "no option matched" at its own path. When exactly one option failed
 * only below the root, the value had that option's shape and the client meant it, so its
 * inner issue (e.g. `stop[1]: expected a string`) is the useful one to report.
 */
function mostSpecific(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const shaped = issue.errors.filter((branch) => branch.length > 0 && branch.every((inner) => inner.path.length > 0));
  if (shaped.length !== 1) return issue;
  const inner = shaped[0][0];
  return mostSpecific({ ...inner, path: [...issue.path, ...inner.path] } as Issue);
}

function describeIssue(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : `expected ${EXPECTED[issue.expected] ?? issue.expected}, got ${show(issue.input)}`;
    case 'invalid_value':
      return `must be ${choices(issue.values)}, got ${show(issue.input)}`;
    case 'invalid_union': {
      if (!('options' in issue && issue.options)) return issue.message;
      // A discriminated union reports the whole object; the client wants to see the tag.
      const input = issue.input;
      const tag = issue.discriminator && typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>)[issue.discriminator] : input;
      return tag === undefined ? `required (${choices(issue.options)})` : `must be ${choices(issue.options)}, got ${show(tag)}`;
    }
    case 'too_small':
      if (issue.origin === 'array' || issue.origin === 'string') {
        return issue.minimum === 1 ? 'must not be empty' : `must have at least ${String(issue.minimum)} items`;
      }
      return `must be ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
  record: 'an object',
};

function choices(values: ReadonlyArray<unknown>): string {
  const quoted = values.map((value) => JSON.stringify(value));
  return quoted.length === 1 ? quoted[0] : `one of ${quoted.join(', ')}`;
}

/** Echoes short scalars back to help the client spot the mistake; structures are only named. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
