import type { SdkFormat } from './sdk-validator';

/**
 * Bodies the gateway sends today that the official SDK types refuse, each waiting for the
 * issue item that fixes it. A listed problem is let through (and kept on the recorded
 * request's `sdkProblems`); anything else is answered 400. Remove an entry when its fix lands.
 */
interface KnownViolation {
  format: SdkFormat;
  /** Matches the validator's problem line, e.g. `top_k: unknown key (...)`. */
  problem: RegExp;
  /** The issue item that fixes it. */
  fixedBy: string;
}

const ANTHROPIC_SAMPLING = /^(temperature|top_p|top_k): unknown key/;
const NO_ITEM_YET = 'none yet: anthropic 2.12.0 MessageCreateParams has no temperature, top_p or top_k; whether the gateway drops them for Claude is undecided (the Anthropic fake takes temperature 0-1)';

export const KNOWN_VIOLATIONS: readonly KnownViolation[] = [
  { format: 'anthropic-messages', problem: ANTHROPIC_SAMPLING, fixedBy: NO_ITEM_YET },
  { format: 'anthropic-beta-messages', problem: ANTHROPIC_SAMPLING, fixedBy: NO_ITEM_YET },
  { format: 'anthropic-vertex', problem: ANTHROPIC_SAMPLING, fixedBy: NO_ITEM_YET },
];

export function knownViolation(format: SdkFormat, problem: string): KnownViolation | undefined {
  return KNOWN_VIOLATIONS.find((known) => known.format === format && known.problem.test(problem));
}
