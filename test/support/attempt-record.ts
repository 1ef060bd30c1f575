import type { AttemptRecord } from '@model-gateway/core';

/**
 * An attempt record as the runtime builds it: every key present, in the runtime's order
 * (a serialised line keeps that order), a successful non-streamed chat call unless
 * `overrides` say otherwise.
 */
export function attemptRecord(overrides: Partial<AttemptRecord> = {}): AttemptRecord {
  return {
    requestId: 'req-1',
    endpoint: 'chat',
    kind: 'chat',
    apiStyle: 'openai-chat',
    caller: 'app',
    principal: undefined,
    provider: 'up',
    providerType: 'openai',
    model: 'gpt-4o-mini',
    catalogModel: 'gpt-4o-mini',
    attempt: 0,
    stream: false,
    status: 200,
    errorCode: undefined,
    errorMessage: undefined,
    failure: undefined,
    usage: undefined,
    startedAt: 1_700_000_000_123,
    latencyMs: 12.345678,
    ttfbMs: undefined,
    ...overrides,
  };
}
