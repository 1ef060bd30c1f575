import { isValidSpanId, isValidTraceId } from '@opentelemetry/api';
import { PooledIds } from './pooled-ids';

describe('PooledIds', () => {
  it('makes valid, distinct W3C trace and span ids across several refills of its pool', () => {
    const ids = new PooledIds();
    const traceIds = new Set<string>();
    const spanIds = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(isValidTraceId(traceId)).toBe(true);
      expect(isValidSpanId(spanId)).toBe(true);
      traceIds.add(traceId);
      spanIds.add(spanId);
    }
    expect(traceIds.size).toBe(2000);
    expect(spanIds.size).toBe(2000);
  });

  it('skips an all-zero id, which W3C trace context forbids', () => {
    const ids = new PooledIds();
    // The pool's next hex holds a zero span id and then a zero trace id before random ones.
    Object.assign(ids, { hex: '0'.repeat(16) + 'ab'.repeat(8) + '0'.repeat(32) + 'cd'.repeat(16), at: 0 });
    expect(ids.generateSpanId()).toBe('ab'.repeat(8));
    expect(ids.generateTraceId()).toBe('cd'.repeat(16));
  });
});
