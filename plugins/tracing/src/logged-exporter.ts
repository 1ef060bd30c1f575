import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';

/** A collector that stays down is worth one line a minute, not one per batch. */
const LOG_INTERVAL_MS = 60_000;

export interface ExportFailureLog {
  warn(detail: Record<string, unknown>, message: string): void;
  info(detail: Record<string, unknown>, message: string): void;
}

/**
 * The OTLP exporter, with failed exports reported to the gateway's log at most once a minute
 * (the SDK otherwise reports them only to its own diagnostics, which nobody reads).
 */
export class LoggedExporter implements SpanExporter {
  private lastLogged = -Infinity;
  private dropped = 0;

  constructor(
    private readonly inner: SpanExporter,
    private readonly url: string,
    private readonly log: () => ExportFailureLog | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.inner.export(spans, (result) => {
      if (result.code !== ExportResultCode.SUCCESS) this.failed(spans.length, result.error);
      done(result);
    });
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }

  private failed(count: number, error: Error | undefined): void {
    this.dropped += count;
    const now = this.now();
    if (now - this.lastLogged < LOG_INTERVAL_MS) return;
    this.lastLogged = now;
    // The URL is the operator's own setting; the headers (which may hold a collector token) are never logged.
    this.log()?.warn({ collector: this.url, droppedSpans: this.dropped, err: error?.message }, 'tracing: spans could not be exported (OTLP collector unreachable or refusing)');
    this.dropped = 0;
  }
}
