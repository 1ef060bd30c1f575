import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { LoggedExporter } from './logged-exporter';

/** An exporter whose every export fails, as one to an unreachable collector does. */
const failing: SpanExporter = {
  export: (_spans, done) => done({ code: ExportResultCode.FAILED, error: new Error('connect ECONNREFUSED') }),
  shutdown: () => Promise.resolve(),
};

describe('LoggedExporter', () => {
  it('logs failed exports at most once a minute, counting the spans dropped in between; passes results through', () => {
    let now = 1_000_000;
    const lines: Array<Record<string, unknown>> = [];
    const log = { warn: (detail: Record<string, unknown>) => lines.push(detail), info: () => undefined };
    const exporter = new LoggedExporter(failing, 'http://collector/v1/traces', () => log, () => now);
    const results: ExportResult[] = [];
    const spans = [{}, {}] as ReadableSpan[];
    exporter.export(spans, (result) => results.push(result));
    now += 30_000;
    exporter.export(spans, (result) => results.push(result));
    expect(lines).toHaveLength(1);
    now += 30_001;
    exporter.export(spans, (result) => results.push(result));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ collector: 'http://collector/v1/traces', droppedSpans: 2, err: 'connect ECONNREFUSED' });
    // The second line counts the batch it was not logged for and its own.
    expect(lines[1]).toMatchObject({ droppedSpans: 4 });
    expect(results.map((result) => result.code)).toEqual([ExportResultCode.FAILED, ExportResultCode.FAILED, ExportResultCode.FAILED]);
  });
});
