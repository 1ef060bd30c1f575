import type { FromWorker, ToWorker } from './export-messages';
import type { ExportFailureLog } from './logged-exporter';
import type { WireSpan } from './span-wire';

/** The part of a node:worker_threads Worker this uses (a fake one in unit tests). */
export interface ExportThread {
  postMessage(message: ToWorker): void;
  on(event: 'message', listener: (message: FromWorker) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  terminate(): Promise<number>;
}

export interface HandOffOptions {
  /** Spans handed over in one message: one postMessage for this many spans. */
  batch: number;
  /** The longest an ended span waits on this thread before it is handed over. */
  delayMs: number;
  /** Spans handed over but not yet queued by the worker, past which new ones are dropped (OTEL_BSP_MAX_QUEUE_SIZE). */
  maxPending: number;
}

/** Trouble on this side is worth one line a minute, as the exporter's is. */
const LOG_INTERVAL_MS = 60_000;

/**
 * The request thread's side of export: ended spans (in their wire form) are handed, a batch per
 * message, to the export worker, where the SDK's batch processor and OTLP exporter do the rest.
 * A worker that falls behind (or dies) costs dropped spans and a log line, never a request's
 * time or an unbounded queue.
 */
export class SpanHandOff {
  private pending: WireSpan[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Handed over and not yet acknowledged as queued by the worker. */
  private unacknowledged = 0;
  private dropped = 0;
  private lastLogged = -Infinity;
  private nextId = 0;
  private readonly waiting = new Map<number, () => void>();
  private stopped = false;

  constructor(
    private readonly thread: ExportThread,
    private readonly options: HandOffOptions,
    private readonly log: () => ExportFailureLog | undefined,
    private readonly now: () => number = Date.now,
  ) {
    thread.on('message', (message) => this.received(message));
    thread.on('error', (error) => this.lost(`tracing: the span export worker failed: ${error.message}`));
    thread.on('exit', (code) => this.lost(`tracing: the span export worker exited (code ${code})`));
  }

  /** An ended, sampled span. */
  add(span: WireSpan): void {
    if (this.stopped) return;
    if (this.pending.length + this.unacknowledged >= this.options.maxPending) {
      this.drop(1);
      return;
    }
    this.pending.push(span);
    if (this.pending.length >= this.options.batch) this.handOff();
    else this.timer ??= setTimeout(() => this.handOff(), this.options.delayMs).unref();
  }

  forceFlush(): Promise<void> {
    this.handOff();
    return this.ask('flush');
  }

  async shutdown(): Promise<void> {
    if (this.stopped) return;
    this.handOff();
    await this.ask('shutdown');
    this.stopped = true;
    await this.thread.terminate();
  }

  private handOff(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0 || this.stopped) return;
    const spans = this.pending;
    this.pending = [];
    this.unacknowledged += spans.length;
    this.thread.postMessage({ type: 'spans', spans });
  }

  private ask(type: 'flush' | 'shutdown'): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const id = this.nextId++;
    return new Promise<void>((resolve) => {
      this.waiting.set(id, resolve);
      this.thread.postMessage({ type, id });
    });
  }

  private received(message: FromWorker): void {
    if (message.type === 'accepted') this.unacknowledged = Math.max(0, this.unacknowledged - message.count);
    else if (message.type === 'done') {
      this.waiting.get(message.id)?.();
      this.waiting.delete(message.id);
    } else this.log()?.[message.level](message.detail, message.message);
  }

  private drop(count: number): void {
    this.dropped += count;
    const now = this.now();
    if (now - this.lastLogged < LOG_INTERVAL_MS) return;
    this.lastLogged = now;
    this.log()?.warn({ droppedSpans: this.dropped }, 'tracing: spans dropped (the export worker is behind)');
    this.dropped = 0;
  }

  /** The worker is gone: nothing more is exported, and nobody waits for it. */
  private lost(message: string): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.pending = [];
    this.log()?.warn({}, message);
    for (const resolve of this.waiting.values()) resolve();
    this.waiting.clear();
  }
}
