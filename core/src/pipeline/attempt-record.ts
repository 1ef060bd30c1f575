import type { ChatRequest } from '../canonical/chat';
import type { Usage } from '../canonical/usage';
import type { GatewayError } from '../errors/gateway-error';
import { classifyFailure, type FailureClass } from '../routing/failure-class';
import type { Attempt } from './attempt';
import type { Call } from './call';
import type { Pipeline } from './pipeline';

/**
 * Ends an attempt: releases its timers, adds its record to the call and hands the record to the
 * plugins' attempt-end hooks. Every attempt, answered or failed, ends here exactly once.
 */
export function endAttempt(pipeline: Pipeline, attempt: Attempt, call: Call, status: number, error?: GatewayError, usage?: Usage, failure?: FailureClass): void {
  attempt.dispose();
  const record = {
    requestId: call.requestId,
    endpoint: call.endpointName,
    kind: call.kind,
    apiStyle: call.apiStyle,
    caller: call.caller,
    principal: call.principal?.id,
    provider: attempt.target.connectionName,
    providerType: attempt.target.definition.type,
    model: attempt.target.model,
    attempt: attempt.index,
    stream: call.kind === 'chat' && (call.request as ChatRequest).stream,
    status,
    errorCode: error?.code,
    failure: error ? (failure ?? classifyFailure(error)) : undefined,
    usage,
    startedAt: attempt.startedAt,
    latencyMs: attempt.elapsedMs(),
    ttfbMs: attempt.ttfbMs,
  };
  call.attempts.push(record);
  pipeline.attemptEnd(record, call);
}
