import { inject, injectable } from 'tsyringe';
import type { Logger } from 'pino';
import { TOKENS, type AttemptRecord, type CallContext, type GatewayError, type PipelinePlugin, type StateStore } from '@model-gateway/core';
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

/**
 * Rate limits and budgets, in the resolve phase after the endpoint is known and before
 * any target is picked: requests per minute are taken from a sliding window shared by
 * every replica (StateStore.windowAdd), tokens per minute are checked, the call's
 * maximum cost is reserved against the period's budget (BudgetLedger), and the call is
 * refused with 429 before anything is sent upstream. When an attempt ends, its tokens
 * are added; when the call ends, its reservations are settled at what it cost. A gateway
 * key's limits (the call's principal) apply the same way under the key's own scope,
 * beside the endpoint's. Endpoints and keys without limits cost nothing.
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
    this.ledger = new BudgetLedger(store, now);
  }

  resolve(call: CallContext): Promise<void> | undefined {
    const policy = call.endpoint && limitsOf(call.endpoint);
    const principal = call.principal;
    const limits = principal && PRINCIPAL_LIMITS.get(call);
    if (principal && limits) return this.admitBoth(call, principal.id, principal.name, limits, policy);
    return policy ? this.admit(call, `ep:${call.endpointName}`, `endpoint "${call.endpointName}"`, policy) : undefined;
  }

  onAttemptEnd(record: AttemptRecord, call: CallContext): void {
    const policy = call.endpoint && limitsOf(call.endpoint);
    if (policy) this.countTokens(`ep:${record.endpoint}`, policy, record);
    const principal = call.principal;
    const limits = principal && PRINCIPAL_LIMITS.get(call);
    if (principal && limits) this.countTokens(`key:${principal.id}`, limits, record);
  }

  onFinish(call: CallContext): void {
    this.settleHolds(call);
  }

  onError(call: CallContext, _error: GatewayError): void {
    this.settleHolds(call);
  }

  /**
   * The key's limits first: a key over its own limit is refused before it takes a request
   * from the endpoint's window, which every key shares.
   */
  private async admitBoth(call: CallContext, id: string, name: string, limits: LimitsPolicy, policy: LimitsPolicy | undefined): Promise<void> {
    await this.admit(call, `key:${id}`, `gateway key "${name}"`, limits);
    if (policy) await this.admit(call, `ep:${call.endpointName}`, `endpoint "${call.endpointName}"`, policy);
  }

  /**
   * Refuses the call when a limit of `scope` is reached; otherwise takes one request from
   * its window and reserves the call's maximum cost from its budget. A reservation is
   * recorded on the call as soon as it is made, so a refusal after it (tokens, requests,
   * the endpoint after the key) releases it when the call ends in onError.
   */
  private async admit(call: CallContext, scope: string, what: string, policy: LimitsPolicy): Promise<void> {
    const [tokens] = await Promise.all([
      policy.tpm === undefined ? undefined : this.store.windowAdd(`rl:${scope}:tokens`, 0, policy.tpm, MINUTE_MS),
      policy.budgetUsd === undefined ? undefined : this.reserve(call, scope, what, policy),
    ]);
    const tokenHeaders = tokens && limitHeaders('tokens', policy.tpm as number, tokens);
    if (tokens && !tokens.allowed) throw refused(what, `${policy.tpm} tokens per minute`, tokens, tokenHeaders);
    if (policy.rpm === undefined) return;
    const requests = await this.store.windowAdd(`rl:${scope}:requests`, 1, policy.rpm, MINUTE_MS);
    if (!requests.allowed) throw refused(what, `${policy.rpm} requests per minute`, requests, { ...tokenHeaders, ...limitHeaders('requests', policy.rpm, requests) });
  }

  private async reserve(call: CallContext, scope: string, what: string, policy: LimitsPolicy): Promise<void> {
    const lease = Math.max(LEASE_MS, call.endpoint?.timeouts.totalMs ?? 0);
    const hold = await this.ledger.reserve(scope, what, policy, this.maxCost(call), lease);
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

  /** Every reservation of the call is replaced by what its attempts cost (priced by usage accounting, which ran first). */
  private settleHolds(call: CallContext): void {
    const holds = call.local(HOLDS) as Hold[] | undefined;
    if (!holds) return;
    call.locals.delete(HOLDS);
    const spent = CALL_COST_USD.get(call) ?? 0;
    for (const hold of holds) this.ledger.settle(hold, spent, (error) => this.logger.warn({ err: error.message }, 'budget settlement not written'));
  }

  private countTokens(scope: string, policy: LimitsPolicy, record: AttemptRecord): void {
    const tokens = record.usage?.totalTokens ?? 0;
    if (policy.tpm !== undefined && tokens > 0) this.settle(this.store.windowAdd(`rl:${scope}:tokens`, tokens, Infinity, MINUTE_MS));
  }

  private settle(pending: Promise<unknown>): void {
    pending.catch((error: Error) => this.logger.warn({ err: error.message }, 'rate-limit state not written'));
  }
}
