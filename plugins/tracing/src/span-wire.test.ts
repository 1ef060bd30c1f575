import { SpanKind, SpanStatusCode, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { spanReader, toWireSpan } from './span-wire';

/** Spans made by the SDK itself, with every part a span can carry. */
function endedSpans(): ReadableSpan[] {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ resource: resourceFromAttributes({ 'service.name': 'wire-test' }), spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('@model-gateway/tracing', '1.2.3');
  const remote = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
    traceState: new TraceState('vendor=abc,other=1'),
  });
  const server = tracer.startSpan('native chat', { kind: SpanKind.SERVER, attributes: { 'url.path': '/x', 'model_gateway.attempt': 2, flag: true, list: ['a', 'b'] } }, remote);
  const client = tracer.startSpan(
    'chat gpt-4o-mini',
    { kind: SpanKind.CLIENT, links: [{ context: server.spanContext(), attributes: { why: 'retry' } }] },
    trace.setSpan(remote, server),
  );
  client.addEvent('first token', { index: 0 });
  client.setStatus({ code: SpanStatusCode.ERROR, message: 'upstream 500' });
  client.end();
  server.end();
  return exporter.getFinishedSpans();
}

describe('span-wire', () => {
  it('a span sent across as plain data encodes to the same OTLP protobuf and JSON bytes as the SDK span', () => {
    const spans = endedSpans();
    expect(spans).toHaveLength(2);
    // structuredClone is what postMessage does to the wire form on its way to the worker.
    const read = spanReader(spans[0].resource);
    const across = spans.map((span) => read(structuredClone(toWireSpan(span))));
    expect(Buffer.from(ProtobufTraceSerializer.serializeRequest(across)!)).toEqual(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!));
    expect(Buffer.from(JsonTraceSerializer.serializeRequest(across)!).toString()).toBe(Buffer.from(JsonTraceSerializer.serializeRequest(spans)!).toString());
  });

  it('keeps the trace state, the remote parent and the duration', () => {
    const [client, server] = endedSpans();
    const read = spanReader(server.resource);
    const back = read(structuredClone(toWireSpan(server)));
    expect(back.spanContext().traceState?.get('vendor')).toBe('abc');
    expect(back.parentSpanContext).toMatchObject({ spanId: 'b7ad6b7169203331', isRemote: true });
    const clientBack = read(structuredClone(toWireSpan(client)));
    expect(clientBack.duration).toEqual(client.duration);
    expect(clientBack.links[0].context.spanId).toBe(server.spanContext().spanId);
  });
});
