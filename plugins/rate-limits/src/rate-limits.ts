import { inject, injectable } from 'tsyringe';
import type { Logger } from 'pino';
import { GatewayError, TOKENS, type AttemptRecord, type CallContext, type PipelinePlugin, type StateStore, type WindowState } from '@model-gateway/core';
import { budgetPeriod } from './budget-period';
import { limitHeaders } from './limit-headers';
import { limitsOf, type LimitsPolicy } from './limits-policy';

const MINUTE_MS = 60_000;
/** A period's spend outlives the period by a day, so a late usage record still lands in it. */
const BUDGET_TTL_MARGIN_S = 86_400;

/** What this replica last read of a budget, and what it has spent since (for a store outage). */
interface KnownSpend {
  spent: number;
  since: number;
}

/**
 * Rate limits and budgets, in the resolve phase after the endpoint is known and before
 * any target is picked: requests per minute are taken from a sliding window shared by
 * every replica (StateStore.windowAdd), tokens per minute and the period's spend are
 * checked, and the call is refused with 429 before anything is sent upstream. When an
 * attempt ends, its tokens and cost are added. A gateway key's limits (the call's
 * principal) apply the same way under the key's own scope, beside the endpoint's.
 * Endpoints and keys without limits cost nothing.
 */
@injectable()
export class RateLimits implements PipelinePlugin {
  readonly name = 'rate-limits';
  readonly priority = 150;
  private readonly known = new Map<string, KnownSpend>();

  constructor(
    @inject(TOKENS.StateStore) private readonly store: StateStore,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  resolve(call: CallContext): Promise<void> | undefined {
    const policy = call.endpoint && limitsOf(call.endpoint);
    const principal = call.principal;
    if (principal?.limits) return this.admitBoth(call, principal.id, principal.name, principal.limits, policy);
    return policy ? this.admit(`ep:${call.endpointName}`, `endpoint "${call.endpointName}"`, policy) : undefined;
  }

  onAttemptEnd(record: AttemptRecord, call: CallContext): void {
    const policy = call.endpoint && limitsOf(call.endpoint);
    if (policy) this.spend(`ep:${record.endpoint}`, policy, record);
    const principal = call.principal;
    if (principal?.limits) this.spend(`key:${principal.id}`, principal.limits, record);
  }

  /**
   * The key's limits first: a key over its own limit is refused before it takes a request
   * from the endpoint's window, which every key shares.
   */
  private async admitBoth(call: CallContext, id: string, name: string, limits: LimitsPolicy, policy: LimitsPolicy | undefined): Promise<void> {
    await this.admit(`key:${id}`, `gateway key "${name}"`, limits);
    if (policy) await this.admit(`ep:${call.endpointName}`, `endpoint "${call.endpointName}"`, policy);
  }

  /** Refuses the call when a limit of `scope` is reached; otherwise takes one request from its window. */
  private async admit(scope: string, what: string, policy: LimitsPolicy): Promise<void> {
    const budget = policy.budgetUsd === undefined ? undefined : budgetPeriod(policy.budgetPeriod, Date.now());
    const [tokens, spent] = await Promise.all([
      policy.tpm === undefined ? undefined : this.store.windowAdd(`rl:${scope}:tokens`, 0, policy.tpm, MINUTE_MS),
      budget === undefined ? undefined : this.spent(`budget:${scope}:${budget.id}`, what),
    ]);
    const tokenHeaders = tokens && limitHeaders('tokens', policy.tpm as number, tokens);
    if (budget && spent !== undefined && spent >= (policy.budgetUsd as number)) {
      throw new GatewayError('budget_exceeded', `The ${policy.budgetPeriod === 'day' ? 'daily' : 'monthly'} budget of ${what} ($${policy.budgetUsd}) is spent; it renews at ${new Date(budget.endsAt).toISOString()}.`, {
        retryAfterMs: budget.endsAt - Date.now(),
      });
    }
    if (tokens && !tokens.allowed) throw refused(what, `${policy.tpm} tokens per minute`, tokens, tokenHeaders);
    if (policy.rpm === undefined) return;
    const requests = await this.store.windowAdd(`rl:${scope}:requests`, 1, policy.rpm, MINUTE_MS);
    if (!requests.allowed) throw refused(what, `${policy.rpm} requests per minute`, requests, { ...tokenHeaders, ...limitHeaders('requests', policy.rpm, requests) });
  }

  /** The period's spend; during a store outage, the last figure read plus what this replica spent since. */
  private async spent(key: string, what: string): Promise<number> {
    try {
      const [hash] = await this.store.readHashes([key]);
      const spent = hash.usd ?? 0;
      this.known.set(key, { spent, since: 0 });
      return spent;
    } catch (error) {
      const known = this.known.get(key);
      if (!known) {
        throw new GatewayError('limits_unavailable', `The budget of ${what} cannot be read (the state store is unreachable) and this replica has no recent figure; the request is refused rather than risk overspending.`, {
          retryAfterMs: 1000,
          cause: error,
        });
      }
      return known.spent + known.since;
    }
  }

  private spend(scope: string, policy: LimitsPolicy, record: AttemptRecord): void {
    const tokens = record.usage?.totalTokens ?? 0;
    if (policy.tpm !== undefined && tokens > 0) this.settle(this.store.windowAdd(`rl:${scope}:tokens`, tokens, Infinity, MINUTE_MS));
    const cost = record.costUsd;
    if (policy.budgetUsd === undefined || !cost) return;
    const period = budgetPeriod(policy.budgetPeriod, record.startedAt);
    const key = `budget:${scope}:${period.id}`;
    const known = this.known.get(key);
    if (known) known.since += cost;
    const ttlSeconds = Math.ceil((period.endsAt - Date.now()) / 1000) + BUDGET_TTL_MARGIN_S;
    this.settle(this.store.incrementHash(key, { usd: cost }, ttlSeconds));
  }

  private settle(pending: Promise<unknown>): void {
    pending.catch((error: Error) => this.logger.warn({ err: error.message }, 'rate-limit state not written'));
  }
}

function refused(what: string, limit: string, state: WindowState, headers: Record<string, string> | undefined): GatewayError {
  const never = state.retryAfterMs < 0;
  return new GatewayError(
    'rate_limit_exceeded',
    never ? `The request is larger than the limit of ${what} (${limit}).` : `Rate limit of ${what} reached (${limit}); retry in ${Math.ceil(state.retryAfterMs / 1000)} s.`,
    { retryAfterMs: never ? undefined : state.retryAfterMs, headers },
  );
}
