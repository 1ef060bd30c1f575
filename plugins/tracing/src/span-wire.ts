import type { Attributes, AttributeValue, SpanContext, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';

/**
 * An ended span as one flat array, the form a span crosses to the export worker in: what the
 * OTLP serialisers read of a ReadableSpan, less what the gateway's spans never have (events,
 * links, a status message, dropped counts) and the resource, which the worker has once for all.
 * Flat because postMessage clones a flat array in about a third of the time it takes for the
 * same span as nested objects (docs/observability.md). Positions are the constants below; the
 * attributes follow them as key, value pairs.
 */
export type WireSpan = unknown[];

const NAME = 0;
const KIND = 1;
const TRACE_ID = 2;
const SPAN_ID = 3;
const TRACE_FLAGS = 4;
/** The trace state's header text, or ''. */
const TRACE_STATE = 5;
/** The parent's span id, or '' for a root span. */
const PARENT_ID = 6;
/** 1 for a remote parent, 0 for a local one, -1 when unknown. */
const PARENT_REMOTE = 7;
const START_S = 8;
const START_NS = 9;
const END_S = 10;
const END_NS = 11;
const STATUS_CODE = 12;
/** The instrumentation scope's name. */
const SCOPE = 13;
const ATTRIBUTES = 14;

/** Milliseconds since the epoch as OTLP's [seconds, nanoseconds], rounded as the SDK rounds them. */
function hrTime(ms: number): [number, number] {
  return [Math.trunc(ms / 1000), Math.round((ms % 1000) * 1e6)];
}

/**
 * A started span's wire form: its header filled but the end time and status, which
 * `endWireSpan` sets; the recorder pushes attributes onto it as key, value pairs as they come,
 * so an ended span is handed over without another copy.
 */
export function startWireSpan(name: string, kind: SpanKind, context: SpanContext, parent: SpanContext | undefined, startMs: number, scopeName: string): WireSpan {
  const [startS, startNs] = hrTime(startMs);
  return [
    name,
    kind,
    context.traceId,
    context.spanId,
    context.traceFlags,
    context.traceState?.serialize() ?? '',
    parent?.spanId ?? '',
    parent?.isRemote === undefined ? -1 : parent.isRemote ? 1 : 0,
    startS,
    startNs,
    startS,
    startNs,
    0,
    scopeName,
  ];
}

/** Sets an ended span's end time (never before its start, as the SDK clamps it) and status. */
export function endWireSpan(wire: WireSpan, endMs: number, statusCode: SpanStatusCode): void {
  const [endS, endNs] = hrTime(endMs);
  const startS = wire[START_S] as number;
  if (endS > startS || (endS === startS && endNs >= (wire[START_NS] as number))) {
    wire[END_S] = endS;
    wire[END_NS] = endNs;
  }
  wire[STATUS_CODE] = statusCode;
}

type Scope = ReadableSpan['instrumentationScope'];

/**
 * In the export worker: turns wire spans back into the ReadableSpans the SDK's processor and the
 * OTLP exporters take. Spans of one scope share one scope object, as the SDK's spans of one
 * tracer do: the protobuf serialiser groups spans by that object.
 */
export function spanReader(resource: Resource): (wire: WireSpan) => ReadableSpan {
  const scopes = new Map<string, Scope>();
  return (wire) => {
    const name = wire[SCOPE] as string;
    let scope = scopes.get(name);
    if (!scope) scopes.set(name, (scope = { name }));
    return fromWireSpan(wire, resource, scope);
  };
}

function fromWireSpan(wire: WireSpan, resource: Resource, scope: Scope): ReadableSpan {
  const traceId = wire[TRACE_ID] as string;
  const traceFlags = wire[TRACE_FLAGS] as number;
  const context: SpanContext = { traceId, spanId: wire[SPAN_ID] as string, traceFlags };
  if (wire[TRACE_STATE] !== '') context.traceState = new TraceState(wire[TRACE_STATE] as string);
  // A parent is always of the same trace; its flags are not exported, so the span's stand in.
  let parentSpanContext: SpanContext | undefined;
  if (wire[PARENT_ID] !== '') {
    parentSpanContext = { traceId, spanId: wire[PARENT_ID] as string, traceFlags };
    if (wire[PARENT_REMOTE] !== -1) parentSpanContext.isRemote = wire[PARENT_REMOTE] === 1;
  }
  const attributes: Attributes = {};
  for (let i = ATTRIBUTES; i < wire.length; i += 2) attributes[wire[i] as string] = wire[i + 1] as AttributeValue;
  const startTime: [number, number] = [wire[START_S] as number, wire[START_NS] as number];
  const endTime: [number, number] = [wire[END_S] as number, wire[END_NS] as number];
  const durationNanos = Math.max(0, (endTime[0] - startTime[0]) * 1e9 + (endTime[1] - startTime[1]));
  return {
    name: wire[NAME] as string,
    kind: wire[KIND] as SpanKind,
    spanContext: () => context,
    ...(parentSpanContext ? { parentSpanContext } : {}),
    startTime,
    endTime,
    status: { code: wire[STATUS_CODE] as SpanStatusCode },
    attributes,
    links: [],
    events: [],
    duration: [Math.floor(durationNanos / 1e9), durationNanos % 1e9],
    ended: true,
    resource,
    instrumentationScope: scope,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}
