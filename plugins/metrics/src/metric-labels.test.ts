import { Cancellation, GatewayError, type AttemptRecord } from '@model-gateway/core';
import { Call } from '@model-gateway/core/testing';
import { CallRecorder } from './call-recorder';
import { GatewayMetrics } from './gateway-metrics';
import { endpointLabel, errorType, fallbacksTaken, UNKNOWN_ENDPOINT } from './metric-labels';

const known = (name: string) => name === 'talk';

function call(endpoint: string, attempts: Array<Partial<AttemptRecord>> = []): Call {
  const c = new Call('req-1', 'openai-chat', 'chat', endpoint, { messages: [], stream: false, streamUsage: false, extra: {} } as never, {}, new Cancellation());
  for (const a of attempts) (c.attempts as AttemptRecord[]).push(a as AttemptRecord);
  return c;
}

async function seriesCount(metrics: GatewayMetrics): Promise<number> {
  const families = await metrics.registry.getMetricsAsJSON();
  return families.reduce((n, f) => n + f.values.length, 0);
}

describe('metric labels', () => {
  it('names a configured endpoint, and every other name "unknown"', () => {
    expect(endpointLabel('talk', known)).toBe('talk');
    expect(endpointLabel('talk2', known)).toBe(UNKNOWN_ENDPOINT);
    expect(endpointLabel('', known)).toBe(UNKNOWN_ENDPOINT);
  });

  it("uses the error's code as error_type, the HTTP status when it has none", () => {
    expect(errorType('upstream_error', 502)).toBe('upstream_error');
    expect(errorType(undefined, 429)).toBe('429');
  });

  it('counts a switch of target as a fallback, a retry of the same target not', () => {
    const a = { provider: 'up', model: 'm1' };
    const b = { provider: 'spare', model: 'm1' };
    const c = { provider: 'spare', model: 'm2' };
    expect(fallbacksTaken([])).toBe(0);
    expect(fallbacksTaken([a, a, a])).toBe(0);
    expect(fallbacksTaken([a, b])).toBe(1);
    expect(fallbacksTaken([a, a, b, c])).toBe(2);
  });
});

describe('CallRecorder', () => {
  it('adds no series for 50 invented endpoint names after the first', async () => {
    const metrics = new GatewayMetrics();
    const recorder = new CallRecorder(metrics, known);
    const notFound = new GatewayError('endpoint_not_found', 'no such endpoint');
    recorder.failed(call('bogus-0'), notFound);
    const after = await seriesCount(metrics);
    for (let i = 1; i < 50; i++) recorder.failed(call(`bogus-${i}`), notFound);
    expect(await seriesCount(metrics)).toBe(after);
    const requests = await metrics.requests.get();
    expect(requests.values).toEqual([{ labels: { endpoint: UNKNOWN_ENDPOINT, route: 'openai-chat', status: '404' }, value: 50 }]);
  });

  it('keeps in flight at zero when a call ends that it never saw start (refused before its onRequest)', async () => {
    const metrics = new GatewayMetrics();
    const recorder = new CallRecorder(metrics, known);
    const started = call('talk');
    recorder.started(started);
    expect((await metrics.inFlight.get()).values[0].value).toBe(1);
    recorder.failed(call('talk'), new GatewayError('host_not_allowed', 'refused before the metrics hook'));
    expect((await metrics.inFlight.get()).values[0].value).toBe(1);
    recorder.finished(started);
    recorder.finished(started);
    expect((await metrics.inFlight.get()).values[0].value).toBe(0);
  });

  it('labels an attempt with the configured model and provider type, error_type only on failure', async () => {
    const metrics = new GatewayMetrics();
    const recorder = new CallRecorder(metrics, known);
    const base = { endpoint: 'talk', kind: 'chat', providerType: 'openai', provider: 'up', model: 'gpt-4o-mini', stream: true, latencyMs: 1500, ttfbMs: 200 } as const;
    recorder.attemptEnded({ ...base, status: 200, usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18 } } as AttemptRecord);
    recorder.attemptEnded({ ...base, status: 502, errorCode: 'upstream_error' } as AttemptRecord);
    const durations = (await metrics.operationDuration.get()).values.filter((v) => v.metricName?.endsWith('_count'));
    expect(durations.map((v) => v.labels)).toEqual([
      { gen_ai_operation_name: 'chat', gen_ai_provider_name: 'openai', gen_ai_request_model: 'gpt-4o-mini', endpoint: 'talk' },
      { gen_ai_operation_name: 'chat', gen_ai_provider_name: 'openai', gen_ai_request_model: 'gpt-4o-mini', endpoint: 'talk', error_type: 'upstream_error' },
    ]);
    const tokenSums = (await metrics.tokenUsage.get()).values.filter((v) => v.metricName?.endsWith('_sum'));
    expect(tokenSums.map((v) => [v.labels.gen_ai_token_type, v.value])).toEqual([['input', 11], ['output', 7]]);
    // Only the answered stream has a time to first token.
    const ttft = (await metrics.timeToFirstToken.get()).values.filter((v) => v.metricName?.endsWith('_sum'));
    expect(ttft.map((v) => v.value)).toEqual([0.2]);
  });

  it("counts a stream that broke after its attempt answered under the status its response went out with", async () => {
    const metrics = new GatewayMetrics();
    const recorder = new CallRecorder(metrics, known);
    recorder.failed(call('talk', [{ provider: 'up', model: 'm', status: 200 }]), new GatewayError('upstream_error', 'the stream broke'));
    recorder.failed(call('talk', [{ provider: 'up', model: 'm', status: 502 }]), new GatewayError('upstream_error', 'refused'));
    const requests = await metrics.requests.get();
    expect(requests.values.map((v) => [v.labels.status, v.value])).toEqual([['200', 1], ['502', 1]]);
  });
});
