import type { Logger } from 'pino';
import type { AttemptContext } from '../contracts/attempt-context';
import type { Usage } from '../canonical/usage';
import type { AttemptRecord } from '../contracts/attempt-record';
import type { CallContext, Target } from '../contracts/call-context';
import type { Endpoint } from '../contracts/endpoint';
import type { EndpointQuery } from '../contracts/endpoint-query';
import type { PipelinePlugin } from '../contracts/pipeline-plugin';
import type { UpstreamRequest } from '../contracts/upstream-request';
import type { GatewayError } from '../errors/gateway-error';

type Hook<K extends keyof PipelinePlugin> = NonNullable<PipelinePlugin[K]>;

/**
 * The plugins' phase hooks, gathered once at startup into per-phase lists so a
 * request only walks the plugins that implement a phase. Request-side phases
 * run in priority order; response-side phases in reverse.
 */
export class Pipeline {
  private readonly onRequestHooks: Array<Hook<'onRequest'>>;
  private readonly resolveHooks: Array<Hook<'resolve'>>;
  private readonly authorizeHooks: Array<Hook<'authorize'>>;
  private readonly answerHeaderHooks: Array<[string, Hook<'answerHeaders'>]>;
  private readonly attemptEndHooks: Array<[string, Hook<'onAttemptEnd'>]>;
  private readonly finishHooks: Array<[string, Hook<'onFinish'>]>;
  private readonly errorHooks: Array<[string, Hook<'onError'>]>;
  private readonly filterHooks: Array<Hook<'filterEndpoints'>>;

  constructor(readonly plugins: readonly PipelinePlugin[], private readonly logger: Logger) {
    const sorted = [...plugins].sort((a, b) => a.priority - b.priority);
    const reversed = [...sorted].reverse();
    this.onRequestHooks = sorted.filter((p) => p.onRequest).map((p) => p.onRequest!.bind(p));
    this.resolveHooks = sorted.filter((p) => p.resolve).map((p) => p.resolve!.bind(p));
    this.authorizeHooks = sorted.filter((p) => p.authorize).map((p) => p.authorize!.bind(p));
    this.answerHeaderHooks = sorted.filter((p) => p.answerHeaders).map((p) => [p.name, p.answerHeaders!.bind(p)]);
    this.attemptEndHooks = reversed.filter((p) => p.onAttemptEnd).map((p) => [p.name, p.onAttemptEnd!.bind(p)]);
    this.finishHooks = reversed.filter((p) => p.onFinish).map((p) => [p.name, p.onFinish!.bind(p)]);
    this.errorHooks = reversed.filter((p) => p.onError).map((p) => [p.name, p.onError!.bind(p)]);
    this.filterHooks = sorted.filter((p) => p.filterEndpoints).map((p) => p.filterEndpoints!.bind(p));
  }

  async filterEndpoints(query: EndpointQuery, endpoints: readonly Endpoint[]): Promise<readonly Endpoint[]> {
    let shown = endpoints;
    for (const hook of this.filterHooks) {
      const result = hook(query, shown);
      shown = 'then' in result ? await result : result;
    }
    return shown;
  }

  async onRequest(call: CallContext): Promise<void> {
    for (const hook of this.onRequestHooks) {
      const pending = hook(call);
      // A hook that finished synchronously costs no await (the common fast path: nothing to look up).
      if (pending) await pending;
    }
  }

  async resolve(call: CallContext): Promise<void> {
    for (const hook of this.resolveHooks) {
      const pending = hook(call);
      if (pending) await pending;
    }
  }

  readonly authorize = async (attempt: AttemptContext, request: UpstreamRequest): Promise<void> => {
    for (const hook of this.authorizeHooks) {
      const pending = hook(attempt, request);
      if (pending) await pending;
    }
  };

  /** Sets the plugins' headers for a complete answer on `res`, before its head is written. */
  answerHeaders(call: CallContext, target: Target, usage: Usage | undefined, res: { setHeader(name: string, value: string): unknown }): void {
    for (const [name, hook] of this.answerHeaderHooks) {
      try {
        const headers = hook(call, target, usage);
        if (headers) for (const header in headers) res.setHeader(header, headers[header]);
      } catch (error) {
        this.logger.error({ plugin: name, phase: 'answerHeaders', err: error }, 'pipeline hook failed');
      }
    }
  }

  attemptEnd(record: AttemptRecord, call: CallContext): void {
    for (const [name, hook] of this.attemptEndHooks) this.guard(name, 'onAttemptEnd', () => hook(record, call));
  }

  finish(call: CallContext): void {
    for (const [name, hook] of this.finishHooks) this.guard(name, 'onFinish', () => hook(call));
  }

  error(call: CallContext, error: GatewayError): void {
    for (const [name, hook] of this.errorHooks) this.guard(name, 'onError', () => hook(call, error));
  }

  /** After-the-fact hooks must never break a response that is already on its way. */
  private guard(plugin: string, phase: string, run: () => unknown): void {
    const failed = (error: unknown) => this.logger.error({ plugin, phase, err: error }, 'pipeline hook failed');
    try {
      const result = run();
      // An `async` hook fails by rejecting, not throwing; left unobserved, that rejection would end the process.
      if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') Promise.resolve(result).catch(failed);
    } catch (error) {
      failed(error);
    }
  }
}
