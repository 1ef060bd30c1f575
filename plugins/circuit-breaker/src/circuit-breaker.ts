import { inject, injectable } from 'tsyringe';
import type { Logger } from 'pino';
import { GatewayError, TOKENS, type AttemptRecord, type CallContext, type PipelinePlugin, type StateStore, type Target } from '@model-gateway/core';
import { EndpointRegistry } from '@model-gateway/core/internal';
import { breakerKeys } from './breaker-keys';
import { breakerPolicyOf, type BreakerPolicy } from './breaker-policy';
import { BREAKER_ERRORS } from './breaker-error-codes';

/** What the resolve phase saw of a target, kept for onAttemptEnd: it decides whether a success must reset anything. */
interface Seen {
  failing: boolean;
  probe: boolean;
}

const SEEN = Symbol('circuit-breaker:seen');
/** A tripped target stays half-open this long after its cooldown before it is forgotten. */
const TRIPPED_MEMORY_MS = 10 * 60_000;
/** Failures further apart than this are not "consecutive". */
const MIN_FAILURE_WINDOW_MS = 60_000;

/**
 * Per-target circuit breaker, its state in the shared store. In the resolve phase
 * (after endpoint resolution, before the split) it drops targets that cool down and
 * lets one request per half-open target through as the probe; after each attempt
 * it counts provider-side failures, opens the breaker at the endpoint's threshold
 * (at once for a refused key), and closes it on a success. A store failure never
 * fails a request: the breaker then admits everything.
 */
@injectable()
export class CircuitBreaker implements PipelinePlugin {
  readonly name = 'circuit-breaker';
  readonly priority = 200;

  constructor(
    @inject(TOKENS.StateStore) private readonly store: StateStore,
    @inject(TOKENS.EndpointRegistry) private readonly endpoints: EndpointRegistry,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    // The gateway's clock (GatewayOptions.now), the one the embedded store's TTLs run on: the open
    // key lapses on it, so the reopen time written into that key must be read off the same clock.
    @inject(TOKENS.Clock) private readonly now: () => number,
  ) {}

  resolve(call: CallContext): Promise<void> | undefined {
    // Not async: an endpoint without a breaker must not pay for a promise on every call.
    if (call.targets.length === 0 || (call.endpoint && !breakerPolicyOf(call.endpoint).enabled)) return undefined;
    return this.admit(call);
  }

  private async admit(call: CallContext): Promise<void> {
    const targets = call.targets;
    const keys = targets.map((t) => breakerKeys(call.endpointName, t.key));
    let values: Array<string | undefined>;
    try {
      values = await this.store.getMany(keys.flatMap((k) => [k.open, k.tripped, k.failures]));
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'breaker state unreadable; admitting every target');
      return;
    }
    const now = this.now();
    const admitted: Target[] = [];
    const seen = new Map<string, Seen>();
    let soonest = Infinity;
    const reasons: string[] = [];
    for (let i = 0; i < targets.length; i++) {
      const [open, tripped, failures] = [values[3 * i], values[3 * i + 1], values[3 * i + 2]];
      if (open !== undefined) {
        const [reopensAt, reason] = splitOpenValue(open);
        soonest = Math.min(soonest, reopensAt - now);
        reasons.push(`${targets[i].key}: ${reason}`);
        continue;
      }
      const probe = tripped !== undefined;
      if (probe && !(await this.takeProbe(keys[i].probe, call))) continue;
      admitted.push(targets[i]);
      if (probe || failures !== undefined) seen.set(targets[i].key, { failing: true, probe });
    }
    if (admitted.length === 0) {
      const wait = Number.isFinite(soonest) ? Math.max(0, soonest) : undefined;
      throw new GatewayError(
        BREAKER_ERRORS.no_available_target,
        `Every target of endpoint "${call.endpointName}" is cooling down after failures${reasons.length ? ` (${reasons.join('; ')})` : ' or being probed'}${wait === undefined ? '' : `; the first is tried again in ${Math.ceil(wait / 1000)} s`}.`,
        { retryAfterMs: wait ?? 1000 },
      );
    }
    if (seen.size > 0) call.locals.set(SEEN, seen);
    call.targets = admitted;
  }

  onAttemptEnd(record: AttemptRecord, call: CallContext): void {
    const endpoint = this.endpoints.get(record.endpoint);
    if (!endpoint) return;
    const policy = breakerPolicyOf(endpoint);
    if (!policy.enabled) return;
    const failed = record.failure === 'retry' || record.failure === 'cooldown';
    const seenTargets = call.local(SEEN) as Map<string, Seen> | undefined;
    // The common case, a healthy target nobody saw failing, builds no keys and touches no store.
    if (!failed && (!seenTargets || record.failure !== undefined)) return;
    const target = `${record.provider}/${record.model}`;
    const keys = breakerKeys(record.endpoint, target);
    const seen = seenTargets?.get(target);
    if (!failed) {
      // Only a target seen failing has state to clear.
      if (seen?.failing) this.settle(this.store.delete([keys.failures, keys.tripped, keys.probe]));
      return;
    }
    const reason = record.failure === 'cooldown' ? `the provider refused the gateway's credentials (HTTP ${record.status})` : `last failure ${record.errorCode ?? record.status}`;
    this.settle(this.recordFailure(keys, policy, record.failure === 'cooldown' || seen?.probe === true, reason));
  }

  private async recordFailure(keys: ReturnType<typeof breakerKeys>, policy: BreakerPolicy, openNow: boolean, reason: string): Promise<void> {
    const failures = openNow ? policy.failureThreshold : await this.store.increment(keys.failures, 1, Math.max(MIN_FAILURE_WINDOW_MS, policy.cooldownMs));
    if (failures < policy.failureThreshold) return;
    const reopensAt = this.now() + policy.cooldownMs;
    await this.store.set(keys.open, `${reopensAt} ${reason}`, policy.cooldownMs);
    await this.store.set(keys.tripped, '1', policy.cooldownMs + TRIPPED_MEMORY_MS);
    await this.store.delete([keys.failures, keys.probe]);
  }

  /** One probe per half-open target across replicas; the lock lapses if its holder never reports. */
  private async takeProbe(key: string, call: CallContext): Promise<boolean> {
    const ttl = Math.min(call.endpoint?.timeouts.totalMs ?? 60_000, call.endpoint ? breakerPolicyOf(call.endpoint).cooldownMs : 60_000);
    return this.store.set(key, call.requestId, ttl, { ifAbsent: true }).catch(() => true);
  }

  private settle(work: Promise<unknown>): void {
    work.catch((error: Error) => this.logger.warn({ err: error.message }, 'breaker state not written'));
  }
}

/** The open key holds "<epoch ms it reopens> <why it opened>", so a 503 can say why. */
function splitOpenValue(value: string): [number, string] {
  const space = value.indexOf(' ');
  return space === -1 ? [Number(value), 'failing'] : [Number(value.slice(0, space)), value.slice(space + 1)];
}
