import type { Attributes, AttributeValue, Link, SpanContext, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace-base';

/** A span context as structured clone can carry it: the trace state as its header text. */
interface WireContext {
  traceId: string;
  spanId: string;
  traceFlags: number;
  isRemote?: boolean;
  traceState?: string;
}

/** What few spans have (the gateway's own have neither), carried as objects. */
interface WireExtras {
  events: TimedEvent[];
  links: Array<{ context: WireContext; attributes?: Attributes; droppedAttributesCount?: number }>;
}

/**
 * An ended span as one flat array, the form a span crosses to the export worker in: everything
 * the OTLP serialisers read of a ReadableSpan but its resource, which the worker has once for
 * all. Flat because postMessage clones a flat array in about a third of the time it takes for
 * the same span as nested objects (docs/observability.md). Positions are the constants below;
 * the attributes follow them as key, value pairs.
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
/** 1 for a remote parent, 0 for a local one, -1 when the SDK did not say. */
const PARENT_REMOTE = 7;
const START_S = 8;
const START_NS = 9;
const END_S = 10;
const END_NS = 11;
const STATUS_CODE = 12;
/** The status message, or undefined. */
const STATUS_MESSAGE = 13;
const DROPPED_ATTRIBUTES = 14;
const DROPPED_EVENTS = 15;
const DROPPED_LINKS = 16;
const SCOPE_NAME = 17;
const SCOPE_VERSION = 18;
const SCOPE_SCHEMA_URL = 19;
/** A WireExtras object, or 0 when the span has no events and no links. */
const EXTRAS = 20;
const ATTRIBUTES = 21;

function toWireContext(context: SpanContext): WireContext {
  const wire: WireContext = { traceId: context.traceId, spanId: context.spanId, traceFlags: context.traceFlags };
  if (context.isRemote !== undefined) wire.isRemote = context.isRemote;
  const state = context.traceState?.serialize();
  if (state) wire.traceState = state;
  return wire;
}

function fromWireContext(wire: WireContext): SpanContext {
  const context: SpanContext = { traceId: wire.traceId, spanId: wire.spanId, traceFlags: wire.traceFlags };
  if (wire.isRemote !== undefined) context.isRemote = wire.isRemote;
  if (wire.traceState !== undefined) context.traceState = new TraceState(wire.traceState);
  return context;
}

/** On the request's thread: only field reads, so a span costs the hand-off next to nothing. */
export function toWireSpan(span: ReadableSpan): WireSpan {
  const context = span.spanContext();
  const parent = span.parentSpanContext;
  const scope = span.instrumentationScope;
  const extras: WireExtras | 0 =
    span.events.length === 0 && span.links.length === 0 ? 0 : { events: span.events, links: span.links.map((link) => ({ ...link, context: toWireContext(link.context) })) };
  const wire: unknown[] = [
    span.name,
    span.kind,
    context.traceId,
    context.spanId,
    context.traceFlags,
    context.traceState?.serialize() ?? '',
    parent?.spanId ?? '',
    parent?.isRemote === undefined ? -1 : parent.isRemote ? 1 : 0,
    span.startTime[0],
    span.startTime[1],
    span.endTime[0],
    span.endTime[1],
    span.status.code,
    span.status.message,
    span.droppedAttributesCount,
    span.droppedEventsCount,
    span.droppedLinksCount,
    scope.name,
    scope.version,
    scope.schemaUrl,
    extras,
  ];
  const attributes = span.attributes;
  for (const key in attributes) wire.push(key, attributes[key]);
  return wire;
}

type Scope = ReadableSpan['instrumentationScope'];

/**
 * In the export worker: turns wire spans back into the ReadableSpans the SDK's processor and the
 * OTLP exporters take. Spans of one scope share one scope object, as on the request's thread:
 * the protobuf serialiser groups spans by that object, the JSON one by the scope's name.
 */
export function spanReader(resource: Resource): (wire: WireSpan) => ReadableSpan {
  const scopes = new Map<string, Scope>();
  return (wire) => {
    const name = wire[SCOPE_NAME] as string;
    const version = wire[SCOPE_VERSION] as string | undefined;
    const schemaUrl = wire[SCOPE_SCHEMA_URL] as string | undefined;
    const key = `${name}\n${version ?? ''}\n${schemaUrl ?? ''}`;
    let scope = scopes.get(key);
    if (!scope) {
      scope = { name, ...(version === undefined ? {} : { version }), ...(schemaUrl === undefined ? {} : { schemaUrl }) };
      scopes.set(key, scope);
    }
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
  const extras = wire[EXTRAS] as WireExtras | 0;
  const links: Link[] = extras === 0 ? [] : extras.links.map((link) => ({ ...link, context: fromWireContext(link.context) }));
  const startTime: [number, number] = [wire[START_S] as number, wire[START_NS] as number];
  const endTime: [number, number] = [wire[END_S] as number, wire[END_NS] as number];
  const durationNanos = Math.max(0, (endTime[0] - startTime[0]) * 1e9 + (endTime[1] - startTime[1]));
  const message = wire[STATUS_MESSAGE] as string | undefined;
  return {
    name: wire[NAME] as string,
    kind: wire[KIND] as SpanKind,
    spanContext: () => context,
    ...(parentSpanContext ? { parentSpanContext } : {}),
    startTime,
    endTime,
    status: { code: wire[STATUS_CODE] as SpanStatusCode, ...(message === undefined ? {} : { message }) },
    attributes,
    links,
    events: extras === 0 ? [] : extras.events,
    duration: [Math.floor(durationNanos / 1e9), durationNanos % 1e9],
    ended: true,
    resource,
    instrumentationScope: scope,
    droppedAttributesCount: wire[DROPPED_ATTRIBUTES] as number,
    droppedEventsCount: wire[DROPPED_EVENTS] as number,
    droppedLinksCount: wire[DROPPED_LINKS] as number,
  };
}
