import http from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

/** One span as the receiver decoded it, from either encoding, in one shape. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: 'UNSPECIFIED' | 'INTERNAL' | 'SERVER' | 'CLIENT' | 'PRODUCER' | 'CONSUMER';
  attributes: Record<string, unknown>;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  startNanos: bigint;
  endNanos: bigint;
  resource: Record<string, unknown>;
  scope: string;
}

/** What every export request carried besides its spans. */
export interface ReceivedExport {
  contentType: string;
  headers: http.IncomingHttpHeaders;
  spans: ReceivedSpan[];
}

const KINDS: ReceivedSpan['kind'][] = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'];

/**
 * The part of opentelemetry-proto (collector/trace/v1, trace/v1, common/v1, resource/v1) the
 * receiver decodes, field numbers as in the .proto files: written out here so the fake needs
 * no generated code, and decoded with protobufjs.
 */
const OTLP_TRACE_PROTO = {
  nested: {
    ExportTraceServiceRequest: { fields: { resourceSpans: { rule: 'repeated', type: 'ResourceSpans', id: 1 } } },
    ResourceSpans: { fields: { resource: { type: 'Resource', id: 1 }, scopeSpans: { rule: 'repeated', type: 'ScopeSpans', id: 2 }, schemaUrl: { type: 'string', id: 3 } } },
    Resource: { fields: { attributes: { rule: 'repeated', type: 'KeyValue', id: 1 }, droppedAttributesCount: { type: 'uint32', id: 2 } } },
    ScopeSpans: { fields: { scope: { type: 'InstrumentationScope', id: 1 }, spans: { rule: 'repeated', type: 'Span', id: 2 }, schemaUrl: { type: 'string', id: 3 } } },
    InstrumentationScope: { fields: { name: { type: 'string', id: 1 }, version: { type: 'string', id: 2 }, attributes: { rule: 'repeated', type: 'KeyValue', id: 3 } } },
    Span: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        traceState: { type: 'string', id: 3 },
        parentSpanId: { type: 'bytes', id: 4 },
        name: { type: 'string', id: 5 },
        kind: { type: 'int32', id: 6 },
        startTimeUnixNano: { type: 'fixed64', id: 7 },
        endTimeUnixNano: { type: 'fixed64', id: 8 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 9 },
        status: { type: 'Status', id: 15 },
        flags: { type: 'fixed32', id: 16 },
      },
    },
    Status: { fields: { message: { type: 'string', id: 2 }, code: { type: 'int32', id: 3 } } },
    KeyValue: { fields: { key: { type: 'string', id: 1 }, value: { type: 'AnyValue', id: 2 } } },
    AnyValue: {
      oneofs: { value: { oneof: ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'] } },
      fields: {
        stringValue: { type: 'string', id: 1 },
        boolValue: { type: 'bool', id: 2 },
        intValue: { type: 'int64', id: 3 },
        doubleValue: { type: 'double', id: 4 },
        arrayValue: { type: 'ArrayValue', id: 5 },
        kvlistValue: { type: 'KeyValueList', id: 6 },
        bytesValue: { type: 'bytes', id: 7 },
      },
    },
    ArrayValue: { fields: { values: { rule: 'repeated', type: 'AnyValue', id: 1 } } },
    KeyValueList: { fields: { values: { rule: 'repeated', type: 'KeyValue', id: 1 } } },
  },
};

const ExportRequest = protobuf.Root.fromJSON(OTLP_TRACE_PROTO).lookupType('ExportTraceServiceRequest');

/**
 * A fake OTLP/HTTP collector on a free 127.0.0.1 port: takes POST /v1/traces in http/protobuf
 * or http/json (by Content-Type, as a collector does), keeps every span decoded into one shape,
 * and answers 200 with an empty ExportTraceServiceResponse in the request's encoding.
 */
export class OtlpReceiver {
  readonly exports: ReceivedExport[] = [];
  private readonly server = http.createServer((req, res) => void this.handle(req, res));

  static async start(): Promise<OtlpReceiver> {
    const receiver = new OtlpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every span received so far, over every export. */
  get spans(): ReceivedSpan[] {
    return this.exports.flatMap((received) => received.spans);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const contentType = String(req.headers['content-type'] ?? '');
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    try {
      const json = contentType.startsWith('application/json');
      const spans = json ? fromJson(JSON.parse(body.toString('utf8'))) : fromProtobuf(body);
      this.exports.push({ contentType, headers: req.headers, spans });
      if (json) res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.alloc(0));
    } catch (error) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`undecodable export: ${(error as Error).message}`);
    }
  }
}

function fromProtobuf(body: Buffer): ReceivedSpan[] {
  const decoded = ExportRequest.toObject(ExportRequest.decode(body), { longs: String, bytes: String, oneofs: true }) as any;
  // With `bytes: String` protobufjs gives base64; OTLP/JSON and W3C headers use hex.
  const hex = (base64: string): string => Buffer.from(base64, 'base64').toString('hex');
  return spansOf(decoded, hex);
}

function fromJson(body: any): ReceivedSpan[] {
  // OTLP/JSON carries ids as hex strings already.
  return spansOf(body, (id: string) => id ?? '');
}

function spansOf(request: any, id: (value: string) => string): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of request.resourceSpans ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
      for (const span of scopeSpans.spans ?? []) {
        spans.push({
          traceId: id(span.traceId),
          spanId: id(span.spanId),
          parentSpanId: span.parentSpanId ? id(span.parentSpanId) : '',
          name: span.name,
          kind: KINDS[Number(span.kind ?? 0)] ?? 'UNSPECIFIED',
          attributes: attributesOf(span.attributes),
          statusCode: Number(span.status?.code ?? 0),
          startNanos: BigInt(span.startTimeUnixNano ?? 0),
          endNanos: BigInt(span.endTimeUnixNano ?? 0),
          resource,
          scope: scopeSpans.scope?.name ?? '',
        });
      }
    }
  }
  return spans;
}

function attributesOf(list: any[] | undefined): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const { key, value } of list ?? []) attributes[key] = valueOf(value);
  return attributes;
}

/** An AnyValue as plain JS: int64 as a number (token counts are small), arrays and maps unfolded. */
function valueOf(value: any): unknown {
  if (!value) return undefined;
  // protobufjs names the set member in `value` (oneofs: true); OTLP/JSON has just that one key.
  const field = typeof value.value === 'string' ? value.value : Object.keys(value).find((key) => key.endsWith('Value'));
  switch (field) {
    case 'intValue':
      return Number(value.intValue);
    case 'arrayValue':
      return (value.arrayValue.values ?? []).map(valueOf);
    case 'kvlistValue':
      return attributesOf(value.kvlistValue.values);
    default:
      return field === undefined ? undefined : value[field];
  }
}
