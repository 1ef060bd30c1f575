import type { GatewayError } from '../errors/gateway-error';
import type { RouteDefinition } from './api-style-definition';
import type { AttemptContext } from './attempt-context';
import type { AttemptRecord } from './attempt-record';
import type { CallContext } from './call-context';
import type { GatewayRuntime } from './gateway-runtime';
import type { UpstreamRequest } from './upstream-request';

/**
 * A step of the request pipeline. Phases, in order (docs/plugins.md):
 * onRequest -> resolve -> per attempt: authorize -> (send) -> onAttemptEnd
 * -> onFinish | onError. Request-side phases run by ascending priority,
 * response-side (onAttemptEnd, onFinish, onError) by descending priority.
 * onAttemptEnd, onFinish and onError run after the client has its answer and
 * must not throw; the pipeline logs what they throw and goes on.
 */
export interface PipelinePlugin {
  readonly name: string;
  /** Lower runs earlier on the way in. Built-ins use multiples of 100. */
  readonly priority: number;
  onRequest?(call: CallContext): void | Promise<void>;
  /** Sets `call.endpoint` and `call.targets` (candidates in order). */
  resolve?(call: CallContext): void | Promise<void>;
  /** Adds credentials to an outgoing provider request. The only phase that sees secrets. */
  authorize?(attempt: AttemptContext, request: UpstreamRequest): void | Promise<void>;
  onAttemptEnd?(record: AttemptRecord, call: CallContext): void;
  onFinish?(call: CallContext): void;
  onError?(call: CallContext, error: GatewayError): void;
  /** Extra HTTP routes (admin or metrics APIs), rendered in the gateway's own error shape. */
  routes?(runtime: GatewayRuntime): RouteDefinition[];
}
