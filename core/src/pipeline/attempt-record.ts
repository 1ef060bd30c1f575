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
    catalogModel: attempt.target.catalogModel,
    attempt: attempt.index,
    stream: call.kind === 'chat' && (call.request as ChatRequest).stream,
    status,
    errorCode: error?.code,
    // Scrubbed again here, as the connection check does: a message built from provider text must never carry a key.
    errorMessage: error ? attempt.scrub(error.message) : undefined,
    failure: error ? (failure ?? classifyFailure(error)) : undefined,
    usage,
    startedAt: attempt.startedAt,
    latencyMs: attempt.elapsedMs(),
    ttfbMs: attempt.ttfbMs,
  };
  call.attempts.push(record);
  pipeline.attemptEnd(record, call);
}
