import { ROOT_CONTEXT, SamplingDecision, TraceFlags, trace, type AttributeValue, type Context, type SpanContext, type SpanKind } from '@opentelemetry/api';
import type { IdGenerator, Sampler } from '@opentelemetry/sdk-trace-base';
import { endWireSpan, startWireSpan, type WireSpan } from './span-wire';

/** The instrumentation scope every span of the gateway's carries. */
export const SCOPE_NAME = '@model-gateway/tracing';

/**
 * One span on the request's thread: what the OTLP exporter will need, as plain fields, and
 * nothing else. It stands in for the SDK's live Span, whose bookkeeping (attribute checks,
 * limits, clocks, the processor chain) cost a traced call about 30 µs of its own time in the
 * bench; the SDK's batch processor and exporter take it up on the export worker, and a test
 * checks it encodes to the same bytes as the SDK's span of the same facts.
 */
export class SpanRecord {
  /** The span's wire form, attributes pushed as they are set; undefined when not recording, and once ended (handed over). */
  private wire: WireSpan | undefined;
  private statusCode = 0;

  constructor(
    readonly context: SpanContext,
    name: string,
    kind: SpanKind,
    parent: SpanContext | undefined,
    startMs: number,
    /** False for a span the sampler left out: it still propagates its context, but records nothing. */
    readonly recording: boolean,
    private readonly sink: (wire: WireSpan) => void,
  ) {
    if (recording) this.wire = startWireSpan(name, kind, context, parent, startMs, SCOPE_NAME);
  }

  /** The W3C `traceparent` naming this span (and `tracestate`, when there is one), for the request it sends. */
  inject(headers: Record<string, string>): void {
    const context = this.context;
    headers.traceparent = `00-${context.traceId}-${context.spanId}-${context.traceFlags & TraceFlags.SAMPLED ? '01' : '00'}`;
    const state = context.traceState?.serialize();
    if (state) headers.tracestate = state;
  }

  /** Each key is set once per span (the tracer's hooks own distinct keys); undefined is left out, as the SDK does, and so is anything set after end. */
  set(key: string, value: AttributeValue | undefined): void {
    if (this.wire && value !== undefined && value !== null) this.wire.push(key, value);
  }

  setError(): void {
    this.statusCode = 2;
  }

  end(endMs: number): void {
    const wire = this.wire;
    if (!wire) return;
    this.wire = undefined;
    endWireSpan(wire, endMs, this.statusCode);
    this.sink(wire);
  }
}

/**
 * Starts SpanRecords the way the SDK's tracer starts spans: a root gets a new trace id, a span
 * continuing a caller's trace keeps its trace id and trace state, and the configured sampler
 * (OTEL_TRACES_SAMPLER) decides with the same arguments; only sampled spans are recorded and exported.
 * A child of a recorded span takes its parent's decision without asking the sampler: every sampler
 * `samplerOf` makes decides a local child so (the parent-based ones by the parent's flag, the others
 * by the trace id, which the child shares), so `sampler` must be one of those.
 */
export class SpanRecorder {
  constructor(
    private readonly sampler: Sampler,
    private readonly ids: IdGenerator,
    private readonly sink: (wire: WireSpan) => void,
  ) {}

  /** `parent`: the context an incoming traceparent was extracted into, or ROOT_CONTEXT. */
  start(name: string, kind: SpanKind, startMs: number, parent: Context, attributes: Record<string, AttributeValue>): SpanRecord {
    const parentContext = parent === ROOT_CONTEXT ? undefined : trace.getSpanContext(parent);
    const validParent = parentContext && trace.isSpanContextValid(parentContext) ? parentContext : undefined;
    const traceId = validParent ? validParent.traceId : this.ids.generateTraceId();
    const spanId = this.ids.generateSpanId();
    const sampling = this.sampler.shouldSample(parent, traceId, name, kind, attributes, []);
    const sampled = sampling.decision === SamplingDecision.RECORD_AND_SAMPLED;
    const traceState = sampling.traceState ?? validParent?.traceState;
    const context: SpanContext = { traceId, spanId, traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE };
    if (traceState) context.traceState = traceState;
    const record = new SpanRecord(context, name, kind, validParent, startMs, sampled, this.sink);
    if (sampled) {
      for (const key in attributes) record.set(key, attributes[key]);
      if (sampling.attributes) for (const key in sampling.attributes) record.set(key, sampling.attributes[key]);
    }
    return record;
  }

  /** A child of `parent` (an upstream attempt under the call's server span), its attributes set after. */
  startChild(parent: SpanRecord, name: string, kind: SpanKind, startMs: number): SpanRecord {
    const of = parent.context;
    const context: SpanContext = { traceId: of.traceId, spanId: this.ids.generateSpanId(), traceFlags: of.traceFlags };
    if (of.traceState) context.traceState = of.traceState;
    return new SpanRecord(context, name, kind, of, startMs, parent.recording, this.sink);
  }
}
