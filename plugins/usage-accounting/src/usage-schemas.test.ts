import { z } from 'zod';
import { latencyField } from './latency-histogram';
import { aggregateUsage } from './usage-aggregate';
import { counterField } from './usage-counters';
import { usageSchemas } from './usage-schemas';

const { answer } = usageSchemas(z);
const strict = (value: unknown) => answer.parse(value);

/** The OpenAPI document (and the web UI's generated types) say what GET /api/usage answers: real rows pass its schema whole. */
describe('usageSchemas', () => {
  it('describes the rows aggregateUsage builds, field for field, grouped by caller and key too', () => {
    const counters: Record<string, number> = {};
    for (const [field, n] of Object.entries({ requests: 2, prompt_tokens: 10, cost_usd: 0.5, latency_ms_sum: 40, [latencyField(20)]: 2 })) {
      counters[counterField('a/m', field, 'judge')] = n;
    }
    for (const view of [{}, { byCaller: true, byKey: true }]) {
      const data = aggregateUsage('smart', [{ bucketStart: 0, counters }], 60, view);
      expect(data.length).toBe(1);
      const body = { object: 'usage', bucket_seconds: 60, from: '1970-01-01T00:00:00.000Z', to: '1970-01-01T00:01:00.000Z', data };
      // zod strips what the schema does not name: equal means every field is described.
      expect(strict(body)).toEqual(body);
    }
    expect(() => strict({ object: 'usage', bucket_seconds: 60, from: 'x', to: 'y', data: [{ endpoint: 'e' }] })).toThrow();
  });
});
