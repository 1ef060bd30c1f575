/** Where a BatchedLineStream's batches go: a synchronous writer such as sonic-boom in sync mode. */
export interface SyncWriter {
  write(text: string): unknown;
}

/** How long a line waits for others before they go out together. */
export const BATCH_WINDOW_MS = 2;
/** Pending text past this is written at once rather than at the end of the window. */
const MAX_PENDING_CHARS = 64 * 1024;

/**
 * Collects log lines for a short window (BATCH_WINDOW_MS) and hands them to `target` in
 * one write. A write(2) per line was a measurable share of the gateway's CPU under load,
 * and at low concurrency a write right after each answer, waking the log reader as the
 * next request came in, cost a measurable share of each request's latency
 * (docs/performance.md); a window of a few requests' worth spares both.
 */
export class BatchedLineStream {
  private pending = '';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly target: SyncWriter,
    private readonly windowMs = BATCH_WINDOW_MS,
  ) {}

  write(line: string): void {
    this.pending += line;
    if (this.pending.length >= MAX_PENDING_CHARS) this.flushNow();
    else if (this.timer === undefined) this.timer = setTimeout(this.flushNow, this.windowMs);
  }

  /** Writes what is pending now; `done` is for pino's logger.flush(cb). */
  flush(done?: (error?: Error) => void): void {
    this.flushNow();
    done?.();
  }

  /** Bound, so that it can be handed to setTimeout and process.once('exit') as is. */
  readonly flushNow = (): void => {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.target.write(text);
  };
}
