import { AlwaysOffSampler, ParentBasedSampler, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace-base';
import { parseHeaders, samplerOf, tracingSettings } from './tracing-settings';

describe('tracingSettings', () => {
  it('is undefined without an endpoint variable, whatever else is set', () => {
    expect(tracingSettings({ OTEL_SERVICE_NAME: 'x', OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'a=b', OTEL_TRACES_SAMPLER: 'always_on' })).toBeUndefined();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBeUndefined();
  });

  it('appends /v1/traces to the generic endpoint and uses the traces one as given (which wins)', () => {
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })?.url).toBe('http://collector:4318/v1/traces');
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:5000/v1/traces' })?.url).toBe('http://b:5000/v1/traces');
  });

  it('reads the defaults and the standard overrides', () => {
    const defaults = tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })!;
    expect(defaults).toMatchObject({ protocol: 'http/protobuf', serviceName: 'model-gateway', captureContent: false, headers: {}, timeoutMillis: undefined });
    expect(defaults.sampler).toBeInstanceOf(ParentBasedSampler);
    const set = tracingSettings({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'gw-eu',
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'TRUE',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-tenant=a,authorization=Basic%20abc',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=b',
      OTEL_EXPORTER_OTLP_TIMEOUT: '2500',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    })!;
    expect(set).toMatchObject({ protocol: 'http/json', serviceName: 'gw-eu', captureContent: true, timeoutMillis: 2500, batch: { scheduledDelayMillis: 100 } });
    // The traces variable wins per header; values are URL-decoded.
    expect(set.headers).toEqual({ 'x-tenant': 'b', authorization: 'Basic abc' });
  });

  it('refuses what it cannot honour, naming the variable', () => {
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_PROTOCOL "grpc"/);
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http or https URL/);
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT is not a URL/);
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_BSP_SCHEDULE_DELAY: '-1' })).toThrow(/OTEL_BSP_SCHEDULE_DELAY/);
    expect(() => parseHeaders('=novalue', 'OTEL_EXPORTER_OTLP_HEADERS')).toThrow(/OTEL_EXPORTER_OTLP_HEADERS/);
  });
});

describe('samplerOf', () => {
  it('maps the spec names, with the ratio argument', () => {
    expect(samplerOf('always_off', undefined)).toBeInstanceOf(AlwaysOffSampler);
    expect(samplerOf('traceidratio', '0.25').toString()).toBe(new TraceIdRatioBasedSampler(0.25).toString());
    expect(samplerOf('parentbased_traceidratio', '0.5').toString()).toContain('TraceIdRatioBased{0.5}');
    expect(() => samplerOf('traceidratio', '2')).toThrow(/OTEL_TRACES_SAMPLER_ARG "2"/);
    expect(() => samplerOf('jaeger_remote', undefined)).toThrow(/OTEL_TRACES_SAMPLER "jaeger_remote"/);
  });
});
