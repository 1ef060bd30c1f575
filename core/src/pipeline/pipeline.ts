import type { Logger } from 'pino';
import type { AttemptContext } from '../contracts/attempt-context';
import type { Usage } from '../canonical/usage';
import type { ChatChunk, ChatRequest, ChatResponse } from '../canonical/chat';
import type { AttemptRecord } from '../contracts/attempt-record';
import type { AnswerWatcher, ChatOutput } from '../contracts/call-outputs';
import type { CallContext, Target } from '../contracts/call-context';
import type { Endpoint } from '../contracts/endpoint';
import type { EndpointQuery } from '../contracts/endpoint-query';
import type { PipelinePlugin } from '../contracts/pipeline-plugin';
import type { UpstreamRequest } from '../contracts/upstream-request';
import type { GatewayError } from '../errors/gateway-error';
import { HOPS_HEADER, upstreamHops } from './gateway-hops';

type Hook<K extends keyof PipelinePlugin> = NonNullable<PipelinePlugin[K]>;
/** A request-side hook: one or two arguments, finishing now or later. */
type RequestHook<A, B> = (a: A, b: B) => void | Promise<void>;

/**
 * The plugins' phase hooks, gathered once at startup into per-phase lists so a
 * request only walks the plugins that implement a phase. Request-side phases
 * run in priority order; response-side phases in reverse.
 */
export class Pipeline {
  private readonly onRequestHooks: Array<RequestHook<CallContext, undefined>>;
  private readonly resolveHooks: Array<RequestHook<CallContext, undefined>>;
  private readonly prepareChatHooks: Array<RequestHook<CallContext, ChatRequest>>;
  private readonly watchAnswerHooks: Array<[string, Hook<'watchAnswer'>]>;
  private readonly authorizeHooks: Array<RequestHook<AttemptContext, UpstreamRequest>>;
  private readonly fitRequestHooks: Array<Hook<'fitRequest'>>;
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
    this.prepareChatHooks = sorted.filter((p) => p.prepareChat).map((p) => p.prepareChat!.bind(p));
    this.watchAnswerHooks = sorted.filter((p) => p.watchAnswer).map((p) => [p.name, p.watchAnswer!.bind(p)]);
    this.authorizeHooks = sorted.filter((p) => p.authorize).map((p) => p.authorize!.bind(p));
    this.fitRequestHooks = sorted.filter((p) => p.fitRequest).map((p) => p.fitRequest!.bind(p));
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

  /**
   * The request-side phases return a promise only when some hook did: a call whose hooks
   * all finish synchronously (the common case) costs no promise and no microtask turn.
   * A hook that throws gives a rejected promise, as an async phase would.
   */
  onRequest(call: CallContext): Promise<void> | undefined {
    return runHooks(this.onRequestHooks, call, undefined);
  }

  resolve(call: CallContext): Promise<void> | undefined {
    return runHooks(this.resolveHooks, call, undefined);
  }

  prepareChat(call: CallContext, request: ChatRequest): Promise<void> | undefined {
    return runHooks(this.prepareChatHooks, call, request);
  }

  /** The plugins' watchers of a chat answer, as one; undefined (the common case) when none watches it. */
  watchAnswer(call: CallContext, output: ChatOutput): AnswerWatcher | undefined {
    let watchers: Array<[string, AnswerWatcher]> | undefined;
    for (const [name, hook] of this.watchAnswerHooks) {
      try {
        const watcher = hook(call, output);
        if (watcher) (watchers ??= []).push([name, watcher]);
      } catch (error) {
        this.failed(name, 'watchAnswer', error);
      }
    }
    return watchers && new GuardedWatchers(watchers, (name, error) => this.failed(name, 'watchAnswer', error));
  }

  /**
   * Every upstream request passes here (unified attempts, relays, connection checks), so
   * this is where the hop count is set, over whatever the client sent, before a signer
   * in the hooks sees the headers.
   */
  readonly authorize = (attempt: AttemptContext, request: UpstreamRequest): Promise<void> | undefined => {
    request.headers[HOPS_HEADER] = upstreamHops(attempt.call.headers);
    return runHooks(this.authorizeHooks, attempt, request);
  };

  /** The chat request as `attempt`'s target gets it: each plugin may leave out what the target cannot honour (and reports it on the attempt). */
  fitRequest(attempt: AttemptContext, request: ChatRequest): ChatRequest {
    let fitted = request;
    for (const hook of this.fitRequestHooks) fitted = hook(attempt, fitted) ?? fitted;
    return fitted;
  }

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

  // The after-the-fact phases must never break a response that is already on its way: each
  // hook runs in its own try, written out per phase so a call allocates no closure per hook.
  attemptEnd(record: AttemptRecord, call: CallContext): void {
    for (const [name, hook] of this.attemptEndHooks) {
      try {
        this.watch(name, 'onAttemptEnd', hook(record, call));
      } catch (error) {
        this.failed(name, 'onAttemptEnd', error);
      }
    }
  }

  finish(call: CallContext): void {
    for (const [name, hook] of this.finishHooks) {
      try {
        this.watch(name, 'onFinish', hook(call));
      } catch (error) {
        this.failed(name, 'onFinish', error);
      }
    }
  }

  error(call: CallContext, error: GatewayError): void {
    for (const [name, hook] of this.errorHooks) {
      try {
        this.watch(name, 'onError', hook(call, error));
      } catch (thrown) {
        this.failed(name, 'onError', thrown);
      }
    }
  }

  /** An `async` hook fails by rejecting, not throwing; left unobserved, that rejection would end the process. */
  private watch(plugin: string, phase: string, result: unknown): void {
    if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') Promise.resolve(result).catch((error: unknown) => this.failed(plugin, phase, error));
  }

  private failed(plugin: string, phase: string, error: unknown): void {
    this.logger.error({ plugin, phase, err: error }, 'pipeline hook failed');
  }
}

/** Runs `hooks` in order, synchronously until one returns a promise; the rest then run after it settles. */
function runHooks<A, B>(hooks: ReadonlyArray<RequestHook<A, B>>, a: A, b: B): Promise<void> | undefined {
  for (let i = 0; i < hooks.length; i++) {
    let pending: void | Promise<void>;
    try {
      pending = hooks[i](a, b);
    } catch (error) {
      return Promise.reject(error);
    }
    if (pending) return continueHooks(hooks, i + 1, a, b, pending);
  }
  return undefined;
}

async function continueHooks<A, B>(hooks: ReadonlyArray<RequestHook<A, B>>, from: number, a: A, b: B, pending: Promise<void>): Promise<void> {
  await pending;
  for (let i = from; i < hooks.length; i++) {
    const next = hooks[i](a, b);
    if (next) await next;
  }
}

/** Watchers run so that one that throws or rejects is logged and never breaks the answer. */
class GuardedWatchers implements AnswerWatcher {
  constructor(
    private readonly watchers: ReadonlyArray<[string, AnswerWatcher]>,
    private readonly failed: (plugin: string, error: unknown) => void,
  ) {}

  chunk(chunk: ChatChunk): void {
    for (const [name, watcher] of this.watchers) {
      try {
        watcher.chunk(chunk);
      } catch (error) {
        this.failed(name, error);
      }
    }
  }

  async end(response: ChatResponse | undefined): Promise<void> {
    for (const [name, watcher] of this.watchers) {
      try {
        await watcher.end(response);
      } catch (error) {
        this.failed(name, error);
      }
    }
  }
}
