import { z } from 'zod';
import type { Endpoint, EndpointSettingsDefinition } from '@model-gateway/core';

export type BudgetPeriod = 'day' | 'month';

/** An endpoint's (or a principal's, PRINCIPAL_LIMITS) limits, resolved; undefined fields are unlimited. */
export interface LimitsPolicy {
  rpm?: number;
  tpm?: number;
  budgetUsd?: number;
  budgetPeriod: BudgetPeriod;
}

/** Numbers in config accept numeric strings, as every config number does (`${VAR}` substitution yields text). */
const positiveInt = (what: string) => z.coerce.number<unknown>().int().positive().optional().describe(what);

export const limitsSchema = z
  .strictObject({
    rpm: positiveInt('Requests per minute this endpoint admits, over a sliding 60 s window, across every replica sharing the state store. Beyond it: 429 rate_limit_exceeded with Retry-After and x-ratelimit-* headers, and no upstream call.'),
    tpm: positiveInt('Tokens per minute (input + output, as the providers report them), over a sliding 60 s window. A request is admitted while the window has room; its tokens count when it ends.'),
    budget_usd: z.coerce
      .number<unknown>()
      .positive()
      .optional()
      .describe('USD this endpoint may spend per budget_period, from the costs usage accounting computes. Once spent: 429 budget_exceeded until the period turns over (UTC).'),
    budget_period: z.enum(['day', 'month']).default('day').describe('The period of budget_usd: a UTC calendar day or month. Default day.'),
  })
  .describe('Rate limits and a spending budget for this endpoint.');

type RawLimits = z.output<typeof limitsSchema>;

export function resolveLimits(raw: RawLimits | undefined): LimitsPolicy | undefined {
  if (!raw || (raw.rpm === undefined && raw.tpm === undefined && raw.budget_usd === undefined)) return undefined;
  return { rpm: raw.rpm, tpm: raw.tpm, budgetUsd: raw.budget_usd, budgetPeriod: raw.budget_period };
}

/** The endpoint's `limits:` section, owned by this plugin. */
export const limitsSettings: EndpointSettingsDefinition<RawLimits, LimitsPolicy | undefined> = {
  field: 'limits',
  schema: limitsSchema,
  resolve: (raw) => resolveLimits(raw),
};

export function limitsOf(endpoint: Endpoint): LimitsPolicy | undefined {
  return endpoint.settings?.limits as LimitsPolicy | undefined;
}
