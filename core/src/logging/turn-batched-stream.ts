/** Where a TurnBatchedStream's batches go: a synchronous writer such as sonic-boom in sync mode. */
export interface SyncWriter {
  write(text: string): unknown;
}

/**
 * Collects the log lines written during one event-loop turn and hands them to
 * `target` in one write, in that turn's check phase (setImmediate). Under load one
 * turn answers many requests, each with a usage line, and a write(2) per line was a
 * measurable share of the gateway's CPU (docs/performance.md). At concurrency 1 a turn
 * has one line, which goes out as before, a moment later.
 */
export class TurnBatchedStream {
  private pending = '';
  private scheduled = false;

  constructor(private readonly target: SyncWriter) {}

  write(line: string): void {
    this.pending += line;
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flushNow);
    }
  }

  /** Writes what is pending now; `done` is for pino's logger.flush(cb). */
  flush(done?: (error?: Error) => void): void {
    this.flushNow();
    done?.();
  }

  /** Bound, so that it can be handed to setImmediate and process.once('exit') as is. */
  readonly flushNow = (): void => {
    this.scheduled = false;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.target.write(text);
  };
}
