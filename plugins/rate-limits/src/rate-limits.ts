import { inject, injectable } from 'tsyringe';
import type { Logger } from 'pino';
import { TOKENS, type AttemptRecord, type CallContext, type GatewayError, type LimitOutcome, type LimitStep, type PipelinePlugin, type ReserveState, type StateStore, type WindowState } from '@model-gateway/core';
import { MODEL_CATALOG, type ModelCatalog } from '@model-gateway/model-catalog';
import { CALL_COST_USD } from '@model-gateway/usage-accounting';
import { BudgetLedger, type Hold } from './budget-ledger';
import { limitHeaders } from './limit-headers';
import { limitsOf, type LimitsPolicy } from './limits-policy';
import { PRINCIPAL_LIMITS } from './principal-limits';
import { maxCallCost, type PricedModel } from './max-call-cost';
import { refused } from './rate-limit-refusal';

const MINUTE_MS = 60_000;
/**
 * How long a reservation holds when its call never settles (the replica died mid-call):
 * an hour, or the endpoint's total deadline when longer. A stream that outlives it loses
 * its hold early, and is still settled at its real cost when it ends.
 */
const LEASE_MS = 3_600_000;
/** The call's reservations (Hold[]), in its scratch space: settled when it ends. */
const HOLDS = Symbol('rate-limits:holds');
/** The call's maximum cost, computed once for all its budgets. */
const MAX_COST = Symbol('rate-limits:max-cost');
/** The call's scopes with a tokens-per-minute limit (Scope[]), set at admission when it has any. */
const TPM_SCOPES = Symbol('rate-limits:tpm-scopes');
/** The tokens the call's attempts used so far, counted in its windows when it ends. */
const TOKENS_USED = Symbol('rate-limits:tokens-used');

/** One limited scope of a call: its gateway key, or its endpoint. */
interface Scope {
  /** The store key's scope part: `key:<id>` or `ep:<name>`. */
  id: string;
  policy: LimitsPolicy;
  /** Names the scope in a refusal: made only when one is thrown. */
  what: () => string;
}

/** What one admission step checks, to read its result back. */
interface Planned {
  scope: Scope;
  limit: 'tokens' | 'budget' | 'requests';
  hold?: Hold;
}

/**
 * Rate limits and budgets, in the resolve phase after the endpoint is known and before
 * any target is picked. All of a call's limits are one StateStore.applyLimits (one
 * round trip, one script on Redis, all or nothing): tokens per minute are checked, the
 * call's maximum cost is reserved against the period's budget (BudgetLedger) and one
 * request is taken from the requests-per-minute window, each shared by every replica; a
 * refused call is answered 429 before anything is sent upstream and takes nothing. When
 * an attempt ends its tokens are added, and when the call ends its reservations are
 * settled at what it cost, in one batch written without waiting. A gateway key's
 * limits (the call's principal) apply the same way under the key's own scope, beside
 * the endpoint's. Endpoints and keys without limits cost nothing.
 */
@injectable()
export class RateLimits implements PipelinePlugin {
  readonly name = 'rate-limits';
  readonly priority = 150;
  private readonly ledger: BudgetLedger;

  constructor(
    @inject(TOKENS.StateStore) private readonly store: StateStore,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(MODEL_CATALOG) private readonly catalog: ModelCatalog,
    @inject(TOKENS.Clock) now: () => number,
  ) {
    this.ledger = new BudgetLedger(now);
  }

  resolve(call: CallContext): Promise<void> | undefined {
    const scopes = scopesOf(call);
    return scopes ? this.admit(call, scopes) : undefined;
  }

  /** Its tokens are counted when the call ends, with its settlements: one write per call. */
  onAttemptEnd(record: AttemptRecord, call: CallContext): void {
    const tokens = record.usage?.totalTokens ?? 0;
    if (tokens > 0 && call.local(TPM_SCOPES)) call.locals.set(TOKENS_USED, ((call.local(TOKENS_USED) as number | undefined) ?? 0) + tokens);
  }

  onFinish(call: CallContext): void {
    this.settle(call);
  }

  onError(call: CallContext, _error: GatewayError): void {
    this.settle(call);
  }

  /**
   * Per scope, the key's first (a key over its own limit is refused before it takes from
   * the endpoint's window, which every key shares): tokens, budget, requests. A
   * reservation applied is recorded on the call, so whatever ends the call settles it.
   */
  private async admit(call: CallContext, scopes: Scope[]): Promise<void> {
    const steps: LimitStep[] = [];
    const plan: Planned[] = [];
    let tpmScopes: Scope[] | undefined;
    for (const scope of scopes) {
      const { policy } = scope;
      if (policy.tpm !== undefined) {
        (tpmScopes ??= []).push(scope);
        steps.push({ kind: 'window', key: `rl:${scope.id}:tokens`, amount: 0, limit: policy.tpm, windowMs: MINUTE_MS });
        plan.push({ scope, limit: 'tokens' });
      }
      if (policy.budgetUsd !== undefined) {
        const { hold, step } = this.ledger.prepare(scope.id, policy, this.maxCost(call), Math.max(LEASE_MS, call.endpoint?.timeouts.totalMs ?? 0));
        steps.push(step);
        plan.push({ scope, limit: 'budget', hold });
      }
      if (policy.rpm !== undefined) {
        steps.push({ kind: 'window', key: `rl:${scope.id}:requests`, amount: 1, limit: policy.rpm, windowMs: MINUTE_MS });
        plan.push({ scope, limit: 'requests' });
      }
    }
    if (tpmScopes) call.locals.set(TPM_SCOPES, tpmScopes);
    let outcome: LimitOutcome;
    try {
      outcome = await this.store.applyLimits(steps);
    } catch (error) {
      outcome = await this.admitLocally(steps, plan, error);
    }
    for (let i = 0; i < plan.length; i++) {
      const hold = plan[i].hold;
      if (!hold) continue;
      if (!hold.local) this.ledger.observe(hold, outcome.results[i] as ReserveState);
      if (outcome.applied[i]) this.keepHold(call, hold);
    }
    if (!outcome.allowed) throw this.refusal(plan, outcome.results);
  }

  /**
   * The shared store is unreachable: the windows go to the store again (per replica while it
   * is away), the budgets are decided from the last figure this replica read.
   */
  private async admitLocally(steps: LimitStep[], plan: Planned[], cause: unknown): Promise<LimitOutcome> {
    // A budget never read refuses the call before anything is counted or reserved.
    for (const { scope, hold } of plan) {
      const refusal = hold && this.ledger.unreadable(hold, scope.what(), cause);
      if (refusal) throw refusal;
    }
    const windows = await this.store.applyLimits(steps.filter((step) => step.kind === 'window'));
    const results: LimitOutcome['results'] = [];
    const applied: boolean[] = [];
    let allowed = windows.allowed;
    let w = 0;
    for (const { scope, hold } of plan) {
      if (!hold) {
        applied.push(windows.applied[w]);
        results.push(windows.results[w++]);
        continue;
      }
      const admitted = this.ledger.decideLocally(hold, scope.policy);
      allowed &&= admitted;
      applied.push(admitted);
      results.push({ allowed: admitted, spent: 0, reserved: 0 });
    }
    return { allowed, results, applied };
  }

  /** The first refused step, in plan order, as its 429. */
  private refusal(plan: Planned[], results: LimitOutcome['results']): GatewayError {
    const index = results.findIndex((result) => !result.allowed);
    const { scope, limit, hold } = plan[index];
    const { policy } = scope;
    if (limit === 'budget') return this.ledger.exceeded(hold as Hold, policy, scope.what());
    const state = results[index] as WindowState;
    const tokensIndex = plan.findIndex((p) => p.scope === scope && p.limit === 'tokens');
    const tokenHeaders = tokensIndex < 0 ? undefined : limitHeaders('tokens', policy.tpm as number, results[tokensIndex] as WindowState);
    if (limit === 'tokens') return refused(scope.what(), `${policy.tpm} tokens per minute`, state, tokenHeaders);
    return refused(scope.what(), `${policy.rpm} requests per minute`, state, { ...tokenHeaders, ...limitHeaders('requests', policy.rpm as number, state) });
  }

  private keepHold(call: CallContext, hold: Hold): void {
    let holds = call.local(HOLDS) as Hold[] | undefined;
    if (!holds) call.locals.set(HOLDS, (holds = []));
    holds.push(hold);
  }

  /** The call's maximum cost over its candidate targets (max-call-cost.ts), priced by the model catalogue. */
  private maxCost(call: CallContext): number {
    const known = call.local(MAX_COST) as number | undefined;
    if (known !== undefined) return known;
    const models: PricedModel[] = call.targets.map((target) => {
      const type = target.definition.type;
      return {
        limits: this.catalog.lookup(type, target.catalogModel),
        price: (usage) => {
          const cost = this.catalog.cost(type, target.catalogModel, usage);
          return cost.priced ? cost.usd : undefined;
        },
      };
    });
    const length = Number(call.headers['content-length']);
    const cost = maxCallCost({ kind: call.kind, request: call.request, bodyBytes: Number.isSafeInteger(length) && length >= 0 ? length : undefined }, models);
    call.locals.set(MAX_COST, cost);
    return cost;
  }

  /**
   * The call's tokens are added to each tokens-per-minute window, and every reservation of
   * the call is replaced by what its attempts cost (priced by usage accounting, which ran first).
   */
  private settle(call: CallContext): void {
    const steps: LimitStep[] = [];
    const tokens = call.local(TOKENS_USED) as number | undefined;
    if (tokens !== undefined) {
      call.locals.delete(TOKENS_USED);
      for (const scope of call.local(TPM_SCOPES) as Scope[]) steps.push({ kind: 'window', key: `rl:${scope.id}:tokens`, amount: tokens, limit: Infinity, windowMs: MINUTE_MS });
    }
    const holds = call.local(HOLDS) as Hold[] | undefined;
    if (holds) {
      call.locals.delete(HOLDS);
      const spent = CALL_COST_USD.get(call) ?? 0;
      for (const hold of holds) {
        const step = this.ledger.settleStep(hold, spent);
        if (step) steps.push(step);
      }
    }
    if (steps.length > 0) this.write(steps);
  }

  /** Steps that always allow (counts, settlements), written without waiting; the resilient store buffers them through an outage. */
  private write(steps: LimitStep[]): void {
    this.store.applyLimits(steps).catch((error: Error) => this.logger.warn({ err: error.message }, 'rate-limit and budget state not written'));
  }
}

/** The call's limited scopes, its key's before its endpoint's; undefined when neither has limits. */
function scopesOf(call: CallContext): Scope[] | undefined {
  const policy = call.endpoint && limitsOf(call.endpoint);
  const principal = call.principal;
  const limits = principal && PRINCIPAL_LIMITS.get(call);
  const endpoint = policy && { id: `ep:${call.endpointName}`, policy, what: () => `endpoint "${call.endpointName}"` };
  if (!principal || !limits) return endpoint ? [endpoint] : undefined;
  const key: Scope = { id: `key:${principal.id}`, policy: limits, what: () => `gateway key "${principal.name}"` };
  return endpoint ? [key, endpoint] : [key];
}
