/**
 * Facts of Anthropic's Messages API that the codec needs, as data
 * (https://docs.anthropic.com/en/api/messages, .../errors, .../extended-thinking).
 */
import { EFFORT_BUDGET_FLOORS, type FinishReason, type ReasoningConfig } from '@model-gateway/core';

/** The shared budget-to-effort mapping (core), re-exported where the Anthropic codec's callers found it. */
export { effortForBudget } from '@model-gateway/core';

/**
 * Anthropic requires `max_tokens`; OpenAI-style clients usually leave it out. 4096 fits
 * every current Claude model's output limit and most answers; the anthropic provider
 * lets an operator change it per connection (`default_max_tokens`).
 */
export const DEFAULT_MAX_TOKENS = 4096;

/** The smallest thinking budget Anthropic accepts. */
export const MIN_THINKING_BUDGET = 1024;

type Effort = NonNullable<ReasoningConfig['effort']>;

/**
 * A canonical reasoning effort as an extended-thinking budget. `none` turns thinking
 * off; the others grow roughly fourfold, from Anthropic's minimum budget up to a
 * budget that suits hard problems without reaching the models' output limits.
 */
export const EFFORT_BUDGETS: Record<Exclude<Effort, 'none'>, number> = EFFORT_BUDGET_FLOORS;

/**
 * Anthropic's `stop_reason` in canonical terms. `pause_turn` (a server-tool loop paused)
 * only follows server tools, which the gateway does not offer across formats; it ended
 * the turn normally, so `stop`. A context-window stop is a length stop.
 */
export const STOP_REASONS: Record<string, FinishReason> = {
  end_turn: 'stop',
  stop_sequence: 'stop',
  pause_turn: 'stop',
  max_tokens: 'length',
  model_context_window_exceeded: 'length',
  tool_use: 'tool_calls',
  refusal: 'content_filter',
};

/** A canonical finish reason as Anthropic's `stop_reason`, for the Anthropic API style. */
export const FINISH_REASONS: Record<string, string> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  content_filter: 'refusal',
};

/**
 * The HTTP status each Anthropic error type is documented with, for errors that arrive
 * inside a stream (which has already answered 200). 529 is Anthropic's "overloaded".
 */
export const ERROR_TYPE_STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/** The version every request is sent with unless configured otherwise; the Messages API has been stable under it. */
export const DEFAULT_ANTHROPIC_VERSION = '2023-06-01';
