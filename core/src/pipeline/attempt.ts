import type { AttemptContext } from '../contracts/attempt-context';
import type { Target } from '../contracts/call-context';
import { Cancellation } from '../contracts/cancellation';
import type { Endpoint, Timeouts } from '../contracts/endpoint';
import type { UpstreamRequest, UpstreamResponse } from '../contracts/upstream-request';
import { GatewayError } from '../errors/gateway-error';
import { Secret } from '../secrets/secret';
import { scrubSecrets } from '../secrets/scrub-secrets';
import { redirectError } from '../upstream/upstream-status-error';
import type { UpstreamClient } from '../upstream/upstream-client';
import type { Call } from './call';

/** The pipeline's credential phase, as an attempt needs it. */
export type Authorizer = (attempt: AttemptContext, request: UpstreamRequest) => void | Promise<void>;

/**
 * One try of one target: the runtime's AttemptContext. Provider plugins call `send`,
 * which runs credential injection and applies the endpoint's timeouts, so no
 * provider can skip either.
 */
export class Attempt implements AttemptContext {
  readonly startedAt = Date.now();
  private readonly startedHr = performance.now();
  private firstByteHr?: number;
  /** Cancelled when the client leaves or the total timeout expires. */
  readonly cancellation = new Cancellation();
  private totalTimer?: NodeJS.Timeout;
  private readonly stopFollowingClient: () => void;

  constructor(
    readonly call: Call,
    readonly target: Target,
    readonly index: number,
    private readonly upstream: UpstreamClient,
    private readonly authorize: Authorizer,
  ) {
    this.stopFollowingClient = call.cancellation.onCancel(() => this.cancellation.cancel(call.cancellation.reason));
  }

  get endpoint(): Endpoint {
    return this.call.endpoint as Endpoint;
  }

  get model(): string {
    return this.target.model;
  }

  get connectionName(): string {
    return this.target.connectionName;
  }

  get timeouts(): Timeouts {
    return this.target.timeouts;
  }

  /** `cancellation` as an AbortSignal, for APIs that need one (made on first use). */
  get signal(): AbortSignal {
    return this.cancellation.signal;
  }

  /**
   * Bounds a non-streaming call by what is left of the call's deadline (earlier
   * attempts used some of it); streams are bounded by the idle timeout instead.
   */
  startTotalTimer(): void {
    const ms = Math.max(1, Math.round(Math.min(this.target.timeouts.totalMs, this.call.remainingMs())));
    this.totalTimer = setTimeout(() => {
      this.cancellation.cancel(
        new GatewayError('upstream_timeout', `Provider "${this.target.connectionName}" did not answer within ${ms} ms (total timeout).`, { retryable: true }),
      );
    }, ms);
  }

  async send(request: UpstreamRequest): Promise<UpstreamResponse> {
    const authorizing = this.authorize(this, request);
    if (authorizing) await authorizing;
    // Inlined rather than through timeUpstream: this is every provider's hot path.
    const sentHr = performance.now();
    try {
      const response = await this.upstream.send(request, {
        cancellation: this.cancellation,
        timeouts: this.target.timeouts,
        connection: this.target.connectionName,
        egress: this.target.connection.settings.egress,
      });
      this.markFirstByte();
      if (response.status >= 300 && response.status < 400) {
        response.body.destroy();
        throw redirectError(this.target.connectionName, response.status);
      }
      return response;
    } finally {
      this.countUpstream(sentHr);
    }
  }

  /**
   * Counts a wait as upstream time in the Server-Timing header. `send` does this
   * itself; a connection that reaches its provider another way (a relay, or
   * an in-process provider's simulated latency) wraps the wait for the provider's head.
   */
  async timeUpstream<T>(wait: Promise<T>): Promise<T> {
    const startedHr = performance.now();
    try {
      return await wait;
    } finally {
      this.countUpstream(startedHr);
    }
  }

  /** Adds the time since `sinceHr` (`performance.now()`) to the call's upstream time. */
  countUpstream(sinceHr: number): void {
    this.call.upstreamMs += performance.now() - sinceHr;
  }

  /**
   * Removes this connection's key from provider text that is about to be relayed:
   * some providers echo the key they rejected in their error message.
   */
  scrub(text: string): string {
    const { apiKey, options, headers } = this.target.connection.settings;
    // Every secret the connection holds, not just api_key: access keys, service-account JSON, ...
    const values = [apiKey, ...Object.values(options)].filter((v): v is Secret => v instanceof Secret).map((secret) => secret.reveal());
    // Custom header values are credentials in practice (x-custom-auth), so a provider echoing one is scrubbed too.
    for (const value of Object.values(headers)) values.push(value);
    return scrubSecrets(text, values);
  }

  markFirstByte(): void {
    this.firstByteHr ??= performance.now();
  }

  /** Canonical names of the request fields this attempt's target could not honour, in the order they were dropped. */
  readonly droppedFields: string[] = [];

  dropField(field: string): void {
    if (!this.droppedFields.includes(field)) this.droppedFields.push(field);
  }

  /** For streams the useful figure is the first chunk (time to first token), not the headers. */
  markFirstChunk(): void {
    this.firstByteHr = performance.now();
  }

  get ttfbMs(): number | undefined {
    return this.firstByteHr === undefined ? undefined : this.firstByteHr - this.startedHr;
  }

  elapsedMs(): number {
    return performance.now() - this.startedHr;
  }

  /** Releases the timer and the listener on the client's signal. Safe to call twice. */
  dispose(): void {
    clearTimeout(this.totalTimer);
    this.stopFollowingClient();
  }
}
