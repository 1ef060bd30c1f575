import type { AttemptRecord } from '@model-gateway/core';
import type { Cost } from './usage-cost';

/**
 * What a usage log line holds: every field of the attempt record, in the record's order,
 * then how it was priced. Every key is listed, so a field added to AttemptRecord must be
 * added here too (the compiler says so).
 */
export type UsageLine = { [K in keyof Required<AttemptRecord>]: AttemptRecord[K] | undefined } & {
  costUsd: number;
  priced: boolean;
  costNote: string | undefined;
};

/**
 * The usage line of one attempt, as one object literal of fixed shape. A copy made by
 * Object.assign grew past V8's limit for fields added by key and became a dictionary,
 * which the logger's JSON.stringify then serialised on its slow path (docs/performance.md).
 * Undefined fields are left out of the JSON line, as the record's own unset fields are.
 */
export function usageLine(record: AttemptRecord, cost: Cost): UsageLine {
  return {
    requestId: record.requestId,
    endpoint: record.endpoint,
    kind: record.kind,
    apiStyle: record.apiStyle,
    caller: record.caller,
    principal: record.principal,
    provider: record.provider,
    providerType: record.providerType,
    model: record.model,
    catalogModel: record.catalogModel,
    attempt: record.attempt,
    stream: record.stream,
    status: record.status,
    errorCode: record.errorCode,
    errorMessage: record.errorMessage,
    failure: record.failure,
    usage: record.usage,
    startedAt: record.startedAt,
    latencyMs: record.latencyMs,
    ttfbMs: record.ttfbMs,
    costUsd: cost.usd,
    priced: cost.priced,
    costNote: cost.note,
  };
}
