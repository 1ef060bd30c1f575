import { randomBytes } from 'node:crypto';
import { GatewayError, type LimitStep, type ReserveState } from '@model-gateway/core';
import { budgetPeriod } from './budget-period';
import type { LimitsPolicy } from './limits-policy';
import { LIMIT_ERRORS } from './limit-error-codes';

/** A period's spend outlives the period by a day, so a late settlement still lands in it. */
const BUDGET_TTL_MARGIN_MS = 86_400_000;

/** One call's reservation against one budget, to settle when the call ends. */
export interface Hold {
  key: string;
  id: string;
  /** USD reserved. */
  amount: number;
  ttlMs: number;
  /** Made from this replica's own figure during a store outage: the store never saw it. */
  local: boolean;
  /** The period's end (epoch ms), for the refusal's renewal time. */
  periodEndsAt: number;
}

/** What this replica last read of a budget (settled plus reserved), and what it has added on its own since. */
interface KnownSpend {
  committed: number;
  local: number;
}

/**
 * Budgets as reservations: before a call, its maximum cost is reserved in the same atomic
 * step that checks the budget (a `reserve` step of StateStore.applyLimits: admitted while
 * settled + reserved is below the budget); when it ends, the reservation is replaced by what
 * it cost (a `settle` step). So concurrent calls overshoot by at most one call's reservation.
 * During a store outage the replica goes on from the last figure it read, adding what it
 * reserves and spends itself; a budget it never read is refused.
 */
export class BudgetLedger {
  private readonly known = new Map<string, KnownSpend>();
  /** Reservation ids are this replica's and a counter: unique across replicas without a random draw per call. */
  private readonly replica = randomBytes(6).toString('base64url');
  private sequence = 0;
  /** The current day's and month's period, and each scope's budget key in it: worked out when a period turns, not per call. */
  private readonly periods = new Map<string, { id: string; startsAt: number; endsAt: number; keys: Map<string, string> }>();

  /** `now` is the gateway's clock (TOKENS.Clock), so a test turns the day over without waiting for it. */
  constructor(private readonly now: () => number = Date.now) {}

  /** A reservation of `amount` USD against `scope`'s budget for the period now, and the step that makes it. */
  prepare(scope: string, policy: LimitsPolicy, amount: number, leaseMs: number): { hold: Hold; step: LimitStep } {
    const now = this.now();
    const period = this.period(policy, now);
    let key = period.keys.get(scope);
    if (key === undefined) period.keys.set(scope, (key = `budget:${scope}:${period.id}`));
    const hold: Hold = { key, id: `${this.replica}.${++this.sequence}`, amount, ttlMs: period.endsAt - now + BUDGET_TTL_MARGIN_MS, local: false, periodEndsAt: period.endsAt };
    return { hold, step: { kind: 'reserve', key: hold.key, id: hold.id, amount, limit: policy.budgetUsd as number, leaseMs, ttlMs: hold.ttlMs } };
  }

  private period(policy: LimitsPolicy, now: number): { id: string; endsAt: number; keys: Map<string, string> } {
    const known = this.periods.get(policy.budgetPeriod);
    if (known && now >= known.startsAt && now < known.endsAt) return known;
    const period = { ...budgetPeriod(policy.budgetPeriod, now), keys: new Map<string, string>() };
    this.periods.set(policy.budgetPeriod, period);
    return period;
  }

  /** Remembers what the store said of the budget, the figure an outage goes on from. */
  observe(hold: Hold, state: ReserveState): void {
    const committed = state.spent + state.reserved;
    const known = this.known.get(hold.key);
    if (known) {
      known.committed = committed;
      known.local = 0;
    } else {
      this.known.set(hold.key, { committed, local: 0 });
    }
  }

  /** The store is unreachable and this replica never read the budget: the refusal (checked for every budget of a call before any is decided). */
  unreadable(hold: Hold, what: string, cause: unknown): GatewayError | undefined {
    if (this.known.has(hold.key)) return undefined;
    return new GatewayError(LIMIT_ERRORS.limits_unavailable, `The budget of ${what} cannot be read (the state store is unreachable) and this replica has no recent figure; the request is refused rather than risk overspending.`, {
      retryAfterMs: 1000,
      cause,
    });
  }

  /** The store is unreachable: decides from the last figure read (unreadable said there is one), taking the reservation locally. */
  decideLocally(hold: Hold, policy: LimitsPolicy): boolean {
    const known = this.known.get(hold.key) as KnownSpend;
    hold.local = true;
    const allowed = known.committed + known.local < (policy.budgetUsd as number);
    if (allowed) known.local += hold.amount;
    return allowed;
  }

  /** The refusal of a spent budget. */
  exceeded(hold: Hold, policy: LimitsPolicy, what: string): GatewayError {
    return new GatewayError(LIMIT_ERRORS.budget_exceeded, `The ${policy.budgetPeriod === 'day' ? 'daily' : 'monthly'} budget of ${what} ($${policy.budgetUsd}) is spent; it renews at ${new Date(hold.periodEndsAt).toISOString()}.`, {
      retryAfterMs: hold.periodEndsAt - this.now(),
    });
  }

  /** The step that replaces the reservation by what the call cost; undefined when there is nothing to write. */
  settleStep(hold: Hold, spent: number): LimitStep | undefined {
    const known = this.known.get(hold.key);
    if (known) known.local += spent - (hold.local ? hold.amount : 0);
    if (hold.amount === 0 && spent === 0) return undefined;
    return { kind: 'settle', key: hold.key, id: hold.id, spent, ttlMs: hold.ttlMs };
  }
}
