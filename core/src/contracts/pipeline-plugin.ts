import type { GatewayError } from '../errors/gateway-error';
import type { AttemptContext } from './attempt-context';
import type { Usage } from '../canonical/usage';
import type { ChatRequest } from '../canonical/chat';
import type { AttemptRecord } from './attempt-record';
import type { AnswerWatcher, ChatOutput } from './call-outputs';
import type { CallContext, Target } from './call-context';
import type { Endpoint } from './endpoint';
import type { EndpointQuery } from './endpoint-query';
import type { UpstreamRequest } from './upstream-request';

/** The phases of a call, in the order they run (onFinish and onError end a call, one or the other). */
export const PIPELINE_PHASES = ['onRequest', 'resolve', 'prepareChat', 'fitRequest', 'authorize', 'answerHeaders', 'watchAnswer', 'onAttemptEnd', 'onFinish', 'onError'] as const;

export type PipelinePhase = (typeof PIPELINE_PHASES)[number];

/** The phases that run by descending priority (the response side). */
export const DESCENDING_PHASES: ReadonlySet<PipelinePhase> = new Set(['onAttemptEnd', 'onFinish', 'onError']);

/**
 * A step of the request pipeline. Phases, in order (docs/plugins.md):
 * onRequest -> resolve -> [prepareChat] -> per attempt: [fitRequest] -> authorize -> (send)
 * -> [answerHeaders] -> [watchAnswer] -> onAttemptEnd -> onFinish | onError. Request-side
 * phases run by ascending priority, response-side (onAttemptEnd, onFinish, onError) by descending priority.
 * onAttemptEnd, onFinish and onError run after the client has its answer and
 * must not throw; the pipeline logs what they throw and goes on.
 * `filterEndpoints` runs outside calls, for routes that list or look up endpoints.
 */
export interface PipelinePlugin {
  readonly name: string;
  /** Lower runs earlier on the way in. Built-ins use multiples of 100. */
  readonly priority: number;
  onRequest?(call: CallContext): void | Promise<void>;
  /** Sets `call.endpoint` and `call.targets` (candidates in order). */
  resolve?(call: CallContext): void | Promise<void>;
  /**
   * The call's canonical chat request once it is known, before the first attempt (after resolve;
   * for a passthrough call only when it is translated, never when relayed): a plugin may complete
   * its messages in place from the gateway's own state (what the client's format could not carry
   * back). By ascending priority; return undefined at once for calls it has nothing to do for.
   */
  prepareChat?(call: CallContext, request: ChatRequest): void | Promise<void>;
  /**
   * The chat request as this attempt's target gets it, before the provider encodes it: a plugin
   * that knows what the target's model cannot honour (the catalogue's `reasoning` flag) returns
   * the request without it and reports each field through `attempt.dropField`; undefined keeps
   * the request. Synchronous (it runs on every chat attempt), by ascending priority; never for relayed calls.
   */
  fitRequest?(attempt: AttemptContext, request: ChatRequest): ChatRequest | undefined;
  /** Adds credentials to an outgoing provider request. The only phase that sees secrets. */
  authorize?(attempt: AttemptContext, request: UpstreamRequest): void | Promise<void>;
  /**
   * Headers for a complete answer (not a stream, not relayed bytes), given its usage: runs
   * after the provider answered and before the response head is written, so it adds to
   * each such response's time: return undefined at once for calls it has nothing to add to.
   * What it throws is logged and the answer goes out without its headers.
   */
  answerHeaders?(call: CallContext, target: Target, usage: Usage | undefined): Readonly<Record<string, string>> | undefined;
  /**
   * A watcher for the chat answer about to go out in `output`'s format (not for relayed bytes),
   * for a plugin that keeps part of it for the next turn; asked once per answered chat call.
   * Return undefined at once when there is nothing to keep: the answer then costs nothing more.
   */
  watchAnswer?(call: CallContext, output: ChatOutput): AnswerWatcher | undefined;
  onAttemptEnd?(record: AttemptRecord, call: CallContext): void;
  onFinish?(call: CallContext): void;
  onError?(call: CallContext, error: GatewayError): void;
  /**
   * Narrows the endpoints a listing or lookup shows (GatewayRuntime.listEndpoints and
   * findEndpoint), by ascending priority; may throw to refuse the request (rendered in
   * the route's format). Return the array given when there is nothing to remove.
   */
  filterEndpoints?(query: EndpointQuery, endpoints: readonly Endpoint[]): readonly Endpoint[] | Promise<readonly Endpoint[]>;
  /**
   * Whether, under the config in force, this plugin refuses every data-plane call (and
   * endpoint listing) that presents no credential, as gateway keys do when required. Say
   * true only when no call gets through without one. While no plugin says true, core
   * refuses requests whose `Host` is not one of the gateway's names (DNS rebinding). Asked
   * at start and again only when a reload replaced the config, never per request; answer
   * from the live config. Absent: false.
   */
  requiresCredential?(): boolean;
}
