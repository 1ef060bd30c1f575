import { randomBytes } from 'node:crypto';
import { GatewayError, type StateStore } from '@model-gateway/core';
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
}

/** What this replica last read of a budget (settled plus reserved), and what it has added on its own since. */
interface KnownSpend {
  committed: number;
  local: number;
}

/**
 * Budgets as reservations: before a call, its maximum cost is reserved in one atomic step
 * that also checks the budget (StateStore.reserve: admitted while settled + reserved is
 * below the budget); when it ends, the reservation is replaced by what it cost
 * (StateStore.settle). So concurrent calls overshoot by at most one call's reservation.
 * During a store outage the replica goes on from the last figure it read, adding what
 * it reserves and spends itself; a budget it never read is refused.
 */
export class BudgetLedger {
  private readonly known = new Map<string, KnownSpend>();
  /** Reservation ids are this replica's and a counter: unique across replicas without a random draw per call. */
  private readonly replica = randomBytes(6).toString('base64url');
  private sequence = 0;

  /** `now` is the gateway's clock (TOKENS.Clock), so a test turns the day over without waiting for it. */
  constructor(
    private readonly store: StateStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reserves `amount` USD of `scope`'s budget for the period now, or throws budget_exceeded (or limits_unavailable). */
  async reserve(scope: string, what: string, policy: LimitsPolicy, amount: number, leaseMs: number): Promise<Hold> {
    const now = this.now();
    const period = budgetPeriod(policy.budgetPeriod, now);
    const limit = policy.budgetUsd as number;
    const hold: Hold = { key: `budget:${scope}:${period.id}`, id: `${this.replica}.${++this.sequence}`, amount, ttlMs: period.endsAt - now + BUDGET_TTL_MARGIN_MS, local: false };
    let allowed: boolean;
    try {
      const state = await this.store.reserve(hold.key, hold.id, amount, limit, leaseMs, hold.ttlMs);
      this.remember(hold.key, state.spent + state.reserved);
      allowed = state.allowed;
    } catch (error) {
      const known = this.known.get(hold.key);
      if (!known) {
        throw new GatewayError(LIMIT_ERRORS.limits_unavailable, `The budget of ${what} cannot be read (the state store is unreachable) and this replica has no recent figure; the request is refused rather than risk overspending.`, {
          retryAfterMs: 1000,
          cause: error,
        });
      }
      allowed = known.committed + known.local < limit;
      if (allowed) known.local += amount;
      hold.local = true;
    }
    if (!allowed) {
      throw new GatewayError(LIMIT_ERRORS.budget_exceeded, `The ${policy.budgetPeriod === 'day' ? 'daily' : 'monthly'} budget of ${what} ($${policy.budgetUsd}) is spent; it renews at ${new Date(period.endsAt).toISOString()}.`, {
        retryAfterMs: period.endsAt - now,
      });
    }
    return hold;
  }

  /** Replaces the reservation by what the call cost; a store failure is handed to `failed` (the resilient store buffers the spend). */
  settle(hold: Hold, spent: number, failed: (error: Error) => void): void {
    const known = this.known.get(hold.key);
    if (known) known.local += spent - (hold.local ? hold.amount : 0);
    if (hold.amount === 0 && spent === 0) return;
    this.store.settle(hold.key, hold.id, spent, hold.ttlMs).catch(failed);
  }

  private remember(key: string, committed: number): void {
    const known = this.known.get(key);
    if (known) {
      known.committed = committed;
      known.local = 0;
    } else {
      this.known.set(key, { committed, local: 0 });
    }
  }
}
