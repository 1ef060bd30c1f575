import { inject, injectable } from 'tsyringe';
import type { Logger } from 'pino';
import {
  DEFAULT_CALLER, TOKENS,
  type AttemptRecord, type CallContext, type PipelinePlugin, type StateStore, type Target, type Usage,
} from '@model-gateway/core';
import { MODEL_CATALOG, type ModelCatalog } from '@model-gateway/model-catalog';
import { CALL_COST_USD } from './call-cost';
import { keepRecentError } from './recent-errors';
import { BUCKET_TTL_SECONDS, counterIncrements, counterNames, MinuteKeys } from './usage-counters';
import { UsageCost } from './usage-cost';
import { usageLine } from './usage-line';

export const COST_HEADER = 'x-gateway-cost-usd';

/**
 * One usage record per upstream attempt: logged as a JSON line and added to the
 * endpoint's per-minute counters in the state store. It runs after the client
 * has its answer, and a store failure costs a warning, never a request.
 */
@injectable()
export class UsageAccounting implements PipelinePlugin {
  readonly name = 'usage-accounting';
  readonly priority = 900;
  private readonly cost: UsageCost;
  private readonly usageLog: Logger;
  private readonly minuteKeys = new MinuteKeys();

  constructor(
    @inject(TOKENS.StateStore) private readonly store: StateStore,
    @inject(TOKENS.Logger) private readonly logger: Logger,
    @inject(MODEL_CATALOG) catalog: ModelCatalog,
  ) {
    this.cost = new UsageCost(catalog);
    // A usage line holds the attempt record's scalars and its token counts, never a header map,
    // so the logger's redact net, a selective clone of the record per line, would only add
    // cost (docs/performance.md).
    this.usageLog = logger.child({}, { redact: { paths: [] } });
  }

  /**
   * A complete answer to a call that names its caller carries what it cost, priced as its
   * usage record will be: `x-gateway-cost-usd` (absent when the catalogue cannot price the
   * model). Unlabelled calls are not priced before their answer, so they pay nothing for it.
   */
  answerHeaders(call: CallContext, target: Target, usage: Usage | undefined): Record<string, string> | undefined {
    if (call.caller === DEFAULT_CALLER) return undefined;
    const cost = this.cost.compute(target.definition.type, target.catalogModel, usage);
    return cost.priced ? { [COST_HEADER]: String(cost.usd) } : undefined;
  }

  onAttemptEnd(record: AttemptRecord, call: CallContext): void {
    const cost = this.cost.compute(record.providerType, record.catalogModel, record.usage, record.startedAt);
    // Budgets (rate-limits) read the call's total from CALL_COST_USD: one pricing per attempt.
    if (cost.priced) CALL_COST_USD.set(call, (CALL_COST_USD.get(call) ?? 0) + cost.usd);
    if (this.usageLog.isLevelEnabled('info')) {
      this.usageLog.info({ usage: usageLine(record, cost) }, 'usage');
    }
    this.store
      .incrementHash(
        this.minuteKeys.of(record.endpoint, record.startedAt),
        counterIncrements(record, cost, counterNames(record.provider, record.model, record.caller, record.principal)),
        BUCKET_TTL_SECONDS,
      )
      .catch((error: Error) => this.logger.warn({ err: error.message, endpoint: record.endpoint }, 'usage counters not written'));
    // Counted as an error above, so its message is kept for the endpoint's health (the UI's last error).
    if (record.status >= 400) {
      keepRecentError(this.store, record).catch((error: Error) => this.logger.warn({ err: error.message, endpoint: record.endpoint }, 'recent error not kept'));
    }
  }
}
