import { z } from 'zod';
import { GatewayError, parseRequest } from '@model-gateway/core';
import { NAME_PATTERN } from '@model-gateway/core/internal';

const positiveInt = (what: string) => z.number().int().positive().nullable().optional().describe(what);

export const keyInputSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, 'required')
      .max(100, 'at most 100 characters')
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters')
      .describe('A label for people (who holds the key, what for); unique among keys not revoked. At most 100 characters.'),
    endpoints: z
      .union([z.literal('*'), z.array(z.string().regex(NAME_PATTERN, 'must be an endpoint name')).min(1, 'must name at least one endpoint').max(1000)])
      .describe('The endpoints the key may call and list: names of existing endpoints, or "*" for every endpoint (those created later included).'),
    expires_at: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe('When the key stops working (ISO 8601 with a time zone, in the future); absent or null: never.'),
    rpm: positiveInt('Requests per minute this key may make, over a sliding 60 s window, across every replica; beside each endpoint\'s own limits.'),
    tpm: positiveInt('Tokens per minute (input + output, as the providers report them) this key may use, over a sliding 60 s window.'),
    budget_usd: z.number().positive().nullable().optional().describe('USD this key may spend per budget_period, from the costs usage accounting computes; then 429 budget_exceeded until the period turns over (UTC).'),
    budget_period: z.enum(['day', 'month']).default('day').describe('The period of budget_usd: a UTC calendar day or month. Default day.'),
  })
  .describe('A new gateway key: its name, its scope, and optional expiry, limits and budget.')
  .meta({ title: 'KeyCreate' });

export type KeyInput = z.output<typeof keyInputSchema>;

/** The body of POST /api/keys, validated; `endpointExists` checks the names of a list scope. */
export function parseKeyInput(body: unknown, endpointExists: (name: string) => boolean, now: number): KeyInput {
  const input = parseRequest(keyInputSchema, body);
  if (Array.isArray(input.endpoints)) {
    const missing = input.endpoints.findIndex((name) => !endpointExists(name));
    if (missing >= 0) {
      throw new GatewayError('invalid_parameter', `endpoints[${missing}]: no endpoint is named "${input.endpoints[missing]}".`, { param: `endpoints[${missing}]` });
    }
  }
  if (input.expires_at && Date.parse(input.expires_at) <= now) {
    throw new GatewayError('invalid_parameter', 'expires_at: must be in the future.', { param: 'expires_at' });
  }
  return input;
}
