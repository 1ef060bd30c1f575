import type { RecordedRequest } from '../../fakes/fake-server';
import { knownViolation } from './known-violations';
import { requestFormat } from './request-format';
import { sdkValidationEnabled, sdkValidator, validateRequest } from './sdk-validator';

/**
 * The fakes' hook into the request oracle: every request body a fake receives is checked
 * against the official SDK's request type for its format, and a body the type refuses
 * gets a 400 `sdk_type_violation` naming each problem, so the test that made the gateway
 * send it fails with the cause. Problems on the known-violations list pass, recorded on
 * the request, until the issue item that fixes them lands.
 */

/** `default`: the fake's own format; `mistral`: an OpenAI-format fake standing in for Mistral; `off`: no check. */
export type SdkCheck = 'default' | 'mistral' | 'off';

/** For a fake's own tests that send a refused body on purpose, to see the fake's rule answer: until `resumeSdkOracle`. */
export function pauseSdkOracle(): void {
  paused ??= { before: process.env.SDK_VALIDATE };
  process.env.SDK_VALIDATE = 'off';
}

/** Puts back what the environment said (a run with SDK_VALIDATE=off stays off). */
export function resumeSdkOracle(): void {
  if (!paused) return;
  if (paused.before === undefined) delete process.env.SDK_VALIDATE;
  else process.env.SDK_VALIDATE = paused.before;
  paused = undefined;
}

let paused: { before: string | undefined } | undefined;

export async function startSdkOracle(): Promise<void> {
  if (sdkValidationEnabled()) await sdkValidator();
}

/** The 400 body for a request the SDK types refuse, or undefined when they accept it (or it has no type). */
export async function sdkViolation(fake: string, req: RecordedRequest, check: SdkCheck = 'default', clientFields: readonly RegExp[] = []): Promise<unknown> {
  if (check === 'off' || !sdkValidationEnabled()) return undefined;
  const format = requestFormat(fake, req, check === 'mistral' ? 'mistral' : undefined);
  if (!format) return undefined;
  const verdict = await validateRequest(format, req.pathname, req.body);
  if (verdict.ok) return undefined;
  const unexpected = verdict.problems.filter((problem) => !knownViolation(format, problem) && !clientFields.some((pattern) => pattern.test(problem)));
  req.sdkProblems = verdict.problems;
  if (unexpected.length === 0) return undefined;
  const message = `${fake} fake: the ${format} SDK request type refuses this body: ${unexpected.join('; ')}`;
  // Also on stderr: a gateway that retries or falls back may never show the 400 to the test.
  process.stderr.write(`[sdk-oracle] ${req.method} ${req.path}: ${message}\n`);
  // Every format's error reader finds a message here: `error.message` (OpenAI, Anthropic, Google) or `message` (Bedrock, Mistral).
  return { type: 'error', message, error: { type: 'sdk_type_violation', code: 400, status: 'INVALID_ARGUMENT', message } };
}
