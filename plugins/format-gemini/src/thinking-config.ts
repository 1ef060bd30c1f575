/**
 * Canonical reasoning settings against Gemini's thinkingConfig.
 *
 * Effort becomes a thinking budget, with the table Google documents for its own
 * OpenAI-compatible endpoint (low 1,024, medium 8,192, high 24,576; none turns
 * thinking off). `minimal` is not in that table: it takes 512 tokens, the smallest
 * budget every 2.5 model accepts. Budgets are used rather than Gemini 3's
 * thinkingLevel because every thinking model accepts a budget.
 *
 * Whenever thinking is on, thoughts are asked for (includeThoughts), because the
 * canonical answer carries reasoning text and a client that asked to reason expects it.
 */
import type { ReasoningConfig } from '@model-gateway/core';
import { client } from './client-fields';
import type { GeminiThinkingConfig } from './gemini-wire';

export const EFFORT_BUDGETS: Readonly<Record<NonNullable<ReasoningConfig['effort']>, number>> = {
  none: 0,
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: 24576,
};

const LEVELS: Record<string, ReasoningConfig['effort']> = {
  MINIMAL: 'minimal',
  LOW: 'low',
  MEDIUM: 'medium',
  HIGH: 'high',
};

export function encodeThinkingConfig(reasoning: ReasoningConfig): GeminiThinkingConfig | undefined {
  const budget = reasoning.budgetTokens ?? (reasoning.effort === undefined ? undefined : EFFORT_BUDGETS[reasoning.effort]);
  if (budget === undefined) return undefined;
  return budget === 0 ? { thinkingBudget: 0 } : { thinkingBudget: budget, includeThoughts: true };
}

/**
 * A budget of 0 is effort `none`; -1 (let the model decide) is no setting at all;
 * Gemini 3's thinkingLevel is an effort.
 */
export function decodeThinkingConfig(value: unknown, param: string): ReasoningConfig | undefined {
  const config = client.object(value, param);
  if (!config) return undefined;
  const budget = client.integer(config.thinkingBudget, `${param}.thinkingBudget`);
  const level = client.string(config.thinkingLevel, `${param}.thinkingLevel`);
  if (budget === 0) return { effort: 'none' };
  if (budget !== undefined && budget > 0) return { budgetTokens: budget };
  if (level !== undefined && LEVELS[level.toUpperCase()]) return { effort: LEVELS[level.toUpperCase()] };
  return undefined;
}
