import { GatewayError } from '../errors/gateway-error';
import { exhaustedError, type FailedAttempt } from '../routing/exhausted-error';
import { classifyFailure, type FailureClass } from '../routing/failure-class';
import { fullJitterDelay } from '../routing/full-jitter';
import { abortableSleep } from '../upstream/abortable-sleep';
import type { Target } from '../contracts/call-context';
import type { Attempt } from './attempt';
import type { Call } from './call';

/** What the loop asks of its runner; the call is passed in, so one hooks object serves every call. */
export interface AttemptLoopHooks {
  newAttempt(call: Call, target: Target, index: number): Attempt;
  /** Records a failed attempt (usage record, breaker bookkeeping). */
  failed(call: Call, attempt: Attempt, error: GatewayError, failure: FailureClass): void;
  /** A provider refused the gateway's own credential (a `cooldown` failure): an incident for the operator (CredentialIncidents). */
  credentialRefused?(call: Call, target: Target, error: GatewayError): void;
  random?: () => number;
}

/**
 * Tries the call's targets in order (the split's pick, then the fallbacks),
 * retrying a target after a retryable failure with full-jitter backoff or the
 * provider's Retry-After. Everything happens inside one deadline: a wait that
 * would cross it is not taken, and no attempt starts after it. The failure
 * table is classifyFailure's; a client's own error ends the loop at once.
 */
export async function runAttempts<T>(
  call: Call,
  hooks: AttemptLoopHooks,
  run: (attempt: Attempt) => Promise<T>,
): Promise<{ attempt: Attempt; result: T }> {
  if (call.targets.length === 0) throw new GatewayError('internal_error', 'No target was resolved for this call.');
  const { retry } = call.endpoint!;
  const failures: FailedAttempt[] = [];
  let index = 0;
  let outOfTime = false;
  for (const target of call.targets) {
    for (let retryNumber = 0; ; retryNumber++) {
      const attempt = hooks.newAttempt(call, target, index++);
      try {
        return { attempt, result: await run(attempt) };
      } catch (thrown) {
        const error = GatewayError.from(thrown);
        const failure = call.cancellation.aborted ? 'fatal' : classifyFailure(error);
        hooks.failed(call, attempt, error, failure);
        if (failure === 'cooldown') hooks.credentialRefused?.(call, target, error);
        if (failure === 'fatal') throw error;
        failures.push({ target: target.key, error });
        if (failure !== 'retry' || retryNumber >= retry.attempts) break;
        const wait = error.retryAfterMs ?? fullJitterDelay(retryNumber, retry.backoffMs, retry.maxBackoffMs, hooks.random);
        // A Retry-After (or backoff) that does not fit in the deadline is not waited for: the next target may answer now.
        if (call.remainingMs() <= wait) break;
        const waitedFrom = performance.now();
        await abortableSleep(wait, call.cancellation);
        call.retryWaitMs += performance.now() - waitedFrom;
      }
    }
    if (call.remainingMs() <= 0) {
      outOfTime = true;
      break;
    }
  }
  throw exhaustedError(failures, outOfTime ? call.endpoint!.timeouts.totalMs : undefined);
}
