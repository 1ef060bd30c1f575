import type { z } from 'zod';
import { choiceHint } from './choice-hint';
import { yamlPath } from './yaml-path';

/** Paths whose values are never echoed back in a message, whatever is wrong with them. */
const SECRET_KEY = /(api_?key|secret|token|password|authorization)/i;
/** A whole provider entry written as a scalar (`myprovider: ${MY_API_KEY}`) is most likely a key. */
const PROVIDER_ENTRY = /^providers\.[^.]+$/;

/** One line per issue, `path: what is wrong`, worded for someone editing YAML. */
export function formatConfigIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const where = yamlPath(issue.path);
    return `${where}: ${describeIssue(issue, SECRET_KEY.test(where) || PROVIDER_ENTRY.test(where))}`;
  });
}

function describeIssue(issue: z.core.$ZodIssue, secret: boolean): string {
  const got = (input: unknown) => (secret ? '' : `, got ${show(input)}`);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `required (expected ${issue.expected})` : `expected ${issue.expected}${got(issue.input)}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' | ')}${got(issue.input)}`;
    case 'unrecognized_keys':
      return `unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'invalid_union': {
      if ('discriminator' in issue && Array.isArray((issue as { options?: unknown[] }).options)) {
        const { discriminator, options } = issue as unknown as { discriminator: string; options: unknown[] };
        // zod reports the whole mapping as the input; the operator wrote (or forgot) only the discriminator.
        const value = isMapping(issue.input) ? issue.input[discriminator] : issue.input;
        const expected = choiceHint(options.map(String), value, (o) => JSON.stringify(o), 'one of ');
        return value === undefined ? `required (expected ${expected})` : `unknown value${got(value)}; expected ${expected}`;
      }
      // A union of plain types (api_key: string | number): name them rather than zod's bare "Invalid input".
      const expected = issue.errors.map((branch) => (branch.length === 1 && branch[0].code === 'invalid_type' && branch[0].path.length === 0 ? branch[0].expected : undefined));
      if (expected.length > 0 && expected.every(Boolean)) return `expected ${expected.join(' | ')}${got(issue.input)}`;
      return issue.message;
    }
    case 'invalid_key':
      // A record key that breaks its pattern (a `providers:` name); zod's own message is only "Invalid key in record".
      return issue.issues.map((inner) => inner.message).join('; ') || issue.message;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'must not be empty';
      if (issue.origin === 'array') return `must have at least ${String(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}`;
      return `must be ${issue.inclusive ? '>=' : '>'} ${String(issue.minimum)}${got(issue.input)}`;
    case 'too_big':
      return `must be ${issue.inclusive ? '<=' : '<'} ${String(issue.maximum)}${got(issue.input)}`;
    case 'invalid_format':
      return issue.format === 'url' ? `must be an http(s) URL${got(issue.input)}` : `${issue.message}${got(issue.input)}`;
    default:
      return issue.message;
  }
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  // Numeric settings coerce text (for `${VAR}`); text that is no number arrives here as NaN.
  if (typeof value === 'number' && Number.isNaN(value)) return 'text that is not a number';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
