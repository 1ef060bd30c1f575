import type { z } from 'zod';
import { GatewayError } from '@model-gateway/core';
import { formatConfigIssues } from '@model-gateway/core/internal';

/**
 * A 400 for a body that failed the config's zod schema: `param` is the first field's path,
 * the message lists every problem the way the YAML's errors do. Values of credential
 * fields are never echoed.
 */
export function invalidBody(issues: readonly z.core.$ZodIssue[], secretFields: readonly string[] = []): GatewayError {
  const hidden = new Set(secretFields);
  const safe = issues.map((issue) => (hidden.has(String(issue.path[0])) && issue.input !== undefined ? { ...issue, input: '[redacted]' } : issue));
  const lines = formatConfigIssues(safe as z.core.$ZodIssue[]);
  const first = lines[0]?.slice(0, lines[0].indexOf(': '));
  return new GatewayError('invalid_parameter', lines.join('; '), { param: first && first !== '(root)' ? first : undefined });
}

export function invalidField(param: string, message: string): GatewayError {
  return new GatewayError('invalid_parameter', `${param}: ${message}`, { param });
}

export function requireObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new GatewayError('invalid_parameter', 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}
