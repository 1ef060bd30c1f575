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
/**
 * Not a defect, and staying: the pinned SDK's types dropped the sampling knobs (the Python
 * SDK removed them from Messages.create() in 1.0 and says to pass them through extra_body),
 * but the API still takes them on models that sample with them.
 */
const SAMPLING_DECIDED =
  'issue 24 decided: anthropic 2.12.0 MessageCreateParams has no temperature, top_p or top_k, but the API takes them on models with sampling, so the gateway ' +
  'sends them there; for models that refuse them (Opus 4.7 and later, Claude 5 on) it drops them and names them in x-gateway-dropped-fields, and drops top_p ' +
  'beside temperature for models that refuse the pair (format-anthropic claude-sampling.ts, sampling-pair.ts; the fakes refuse both cases)';

export const KNOWN_VIOLATIONS: readonly KnownViolation[] = [
  { format: 'anthropic-messages', problem: ANTHROPIC_SAMPLING, fixedBy: SAMPLING_DECIDED },
  { format: 'anthropic-beta-messages', problem: ANTHROPIC_SAMPLING, fixedBy: SAMPLING_DECIDED },
  { format: 'anthropic-vertex', problem: ANTHROPIC_SAMPLING, fixedBy: SAMPLING_DECIDED },
];

export function knownViolation(format: SdkFormat, problem: string): KnownViolation | undefined {
  return KNOWN_VIOLATIONS.find((known) => known.format === format && known.problem.test(problem));
}
