import { z } from 'zod';
import { NAME_PATTERN } from '@model-gateway/core/internal';

/**
 * Names of objects created through the API: the YAML's rule ([A-Za-z0-9._-]+), and no
 * `..` or leading dot, because a name is a path segment of /api/... and of
 * /gateway/{name}/... where `.` and `..` would be resolved away by clients.
 */
export const objectNameSchema = z
  .string()
  .min(1, 'required')
  .max(128, 'at most 128 characters')
  .regex(NAME_PATTERN, 'must match [A-Za-z0-9._-]+ (no "/", spaces or control characters)')
  .refine((name) => !name.startsWith('.') && !name.includes('..'), 'must not start with "." or contain ".."')
  .describe('Unique name: letters, digits, ".", "_" and "-", at most 128 characters, not starting with "." and without "..".');
