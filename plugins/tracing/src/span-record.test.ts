import { ROOT_CONTEXT, SpanKind, SpanStatusCode, defaultTextMapGetter, defaultTextMapSetter, trace, type AttributeValue, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type IdGenerator, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SCOPE_NAME, SpanRecorder } from './span-record';
import { spanReader, type WireSpan } from './span-wire';
import { samplerOf } from './tracing-settings';

/** The same ids, in the same order, for the SDK's tracer and the recorder. */
class CountingIds implements IdGenerator {
  private spans = 0;
  constructor(private readonly traceId = 'a'.repeat(31) + '1') {}
  generateTraceId(): string {
    return this.traceId;
  }
  generateSpanId(): string {
    return (++this.spans).toString(16).padStart(16, 'b');
  }
}

const propagator = new W3CTraceContextPropagator();
const resource = resourceFromAttributes({ 'service.name': 'record-test' });
const START = 1_795_797_290_979.25;

interface Facts {
  parent: Context;
  server: Record<string, AttributeValue>;
  client: Record<string, AttributeValue>;
  later: Record<string, AttributeValue>;
}

/** A call's two spans as the gateway makes them, by the SDK's tracer. */
function bySdk(facts: Facts, sampler = samplerOf(undefined, undefined), traceId?: string): ReadableSpan[] {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ resource, sampler, idGenerator: new CountingIds(traceId), spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer(SCOPE_NAME);
  const server = tracer.startSpan('native chat', { kind: SpanKind.SERVER, startTime: START, attributes: facts.server }, facts.parent);
  const client = tracer.startSpan('chat gpt-4o-mini', { kind: SpanKind.CLIENT, startTime: START + 1.5, attributes: facts.client }, trace.setSpan(facts.parent, server));
  for (const [key, value] of Object.entries(facts.later)) client.setAttribute(key, value);
  client.setStatus({ code: SpanStatusCode.ERROR });
  client.end(START + 40.123);
  server.setAttribute('http.response.status_code', 502);
  server.end(START + 41);
  return exporter.getFinishedSpans();
}

/** The same by the recorder, through the wire form and the worker's reader. */
function byRecorder(facts: Facts, sampler = samplerOf(undefined, undefined), traceId?: string): { spans: ReadableSpan[]; injected: Record<string, string> } {
  const wires: WireSpan[] = [];
  const recorder = new SpanRecorder(sampler, new CountingIds(traceId), (wire) => wires.push(wire));
  const server = recorder.start('native chat', SpanKind.SERVER, START, facts.parent, facts.server);
  const client = recorder.startChild(server, 'chat gpt-4o-mini', SpanKind.CLIENT, START + 1.5);
  for (const [key, value] of Object.entries(facts.client)) client.set(key, value);
  const injected: Record<string, string> = {};
  client.inject(injected);
  // The W3C propagator's own headers for the same span: what the recorder writes must be them.
  const byPropagator: Record<string, string> = {};
  propagator.inject(trace.setSpanContext(ROOT_CONTEXT, client.context), byPropagator, defaultTextMapSetter);
  expect(injected).toEqual(byPropagator);
  for (const [key, value] of Object.entries(facts.later)) client.set(key, value);
  client.setError();
  client.end(START + 40.123);
  server.set('http.response.status_code', 502);
  server.end(START + 41);
  // Set or ended again after its end, a span is as it was when it ended.
  server.set('late', 1);
  server.end(START + 99);
  const read = spanReader(resource);
  // structuredClone is what postMessage does to the wire form on its way to the worker.
  return { spans: wires.map((wire) => read(structuredClone(wire))), injected };
}

const incoming = (flags: string) =>
  propagator.extract(ROOT_CONTEXT, { traceparent: `00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-${flags}`, tracestate: 'vendor=abc,other=1' }, defaultTextMapGetter);

const FACTS: Omit<Facts, 'parent'> = {
  server: { 'http.request.method': 'POST', 'url.path': '/gateway/native/v1/chat/completions', 'model_gateway.request_id': 'req-1' },
  client: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-4o-mini', 'model_gateway.attempt': 1 },
  later: { 'gen_ai.usage.input_tokens': 12, flag: true, list: ['a', 'b'], ratio: 0.5 },
};

describe('SpanRecorder', () => {
  it.each([
    ['continuing a sampled remote parent with a trace state', () => incoming('01')],
    ['as a new trace', () => ROOT_CONTEXT],
  ])('records spans that encode to the same OTLP protobuf and JSON bytes as the SDK tracer\'s, %s', (_label, parent) => {
    const sdk = bySdk({ ...FACTS, parent: parent() });
    const ours = byRecorder({ ...FACTS, parent: parent() }).spans;
    expect(sdk).toHaveLength(2);
    expect(ours).toHaveLength(2);
    expect(Buffer.from(ProtobufTraceSerializer.serializeRequest(ours)!)).toEqual(Buffer.from(ProtobufTraceSerializer.serializeRequest(sdk)!));
    expect(Buffer.from(JsonTraceSerializer.serializeRequest(ours)!).toString()).toBe(Buffer.from(JsonTraceSerializer.serializeRequest(sdk)!).toString());
  });

  it('an unsampled caller: nothing is recorded or exported, and the provider still gets the trace with flags 00', () => {
    const { spans, injected } = byRecorder({ ...FACTS, parent: incoming('00') });
    expect(bySdk({ ...FACTS, parent: incoming('00') })).toEqual([]);
    expect(spans).toEqual([]);
    expect(injected.traceparent).toMatch(/^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-00$/);
    expect(injected.tracestate).toBe('vendor=abc,other=1');
  });

  it.each(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])(
    'with OTEL_TRACES_SAMPLER=%s, the server and client spans of sampled and unsampled callers and new traces are what the SDK records',
    async (name) => {
      const encode = (spans: ReadableSpan[]) => (spans.length ? Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!) : undefined);
      for (const parent of [() => incoming('01'), () => incoming('00'), () => ROOT_CONTEXT]) {
        for (const traceId of ['0'.repeat(31) + '1', 'f'.repeat(32)]) {
          const sdk = bySdk({ ...FACTS, parent: parent() }, samplerOf(name, '0.5'), traceId);
          const ours = byRecorder({ ...FACTS, parent: parent() }, samplerOf(name, '0.5'), traceId).spans;
          expect(encode(ours)).toEqual(encode(sdk));
        }
      }
    },
  );

  it('a ratio sampler decides as in the SDK: the same traces sampled, some and not all', () => {
    const sampler = samplerOf('traceidratio', '0.5');
    const sampled = (by: (traceId: string) => ReadableSpan[]) =>
      Array.from({ length: 16 }, (_, i) => (Math.imul(i + 1, 0x9e3779b1) >>> 0).toString(16).padStart(8, '0') + '0'.repeat(24)).filter((id) => by(id).length > 0);
    const sdk = sampled((id) => bySdk({ ...FACTS, parent: ROOT_CONTEXT }, sampler, id));
    const ours = sampled((id) => byRecorder({ ...FACTS, parent: ROOT_CONTEXT }, sampler, id).spans);
    expect(ours).toEqual(sdk);
    expect(sdk.length).toBeGreaterThan(0);
    expect(sdk.length).toBeLessThan(16);
  });
});
