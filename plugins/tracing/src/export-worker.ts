import { parentPort, workerData } from 'node:worker_threads';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { FromWorker, ToWorker } from './export-messages';
import { LoggedExporter, type ExportFailureLog } from './logged-exporter';
import { exporterFor, withoutUnset, type ExportSettings } from './otlp-exporter';
import { spanReader } from './span-wire';

/**
 * The export worker: the SDK's batch processor and OTLP exporter, on a thread of their own, so
 * that encoding spans (protobuf or JSON) and sending them never takes a request's thread.
 */
const port = parentPort;
if (!port) throw new Error('export-worker runs as a worker thread');
const settings = workerData as ExportSettings;
const send = (message: FromWorker): void => port.postMessage(message);

const log: ExportFailureLog = {
  warn: (detail, message) => send({ type: 'log', level: 'warn', detail, message }),
  info: (detail, message) => send({ type: 'log', level: 'info', detail, message }),
};
// The same resource the request thread's provider has, made once here rather than sent with every span.
const read = spanReader(resourceFromAttributes({ 'service.name': settings.serviceName }));
const processor = new BatchSpanProcessor(new LoggedExporter(exporterFor(settings), settings.url, () => log), withoutUnset(settings.batch));

port.on('message', (message: ToWorker) => {
  if (message.type === 'spans') {
    for (const wire of message.spans) processor.onEnd(read(wire));
    send({ type: 'accepted', count: message.spans.length });
    return;
  }
  const finished = message.type === 'flush' ? processor.forceFlush() : processor.shutdown();
  // An export that fails is logged by LoggedExporter; the caller only waits for the attempt.
  finished.catch(() => undefined).finally(() => send({ type: 'done', id: message.id }));
});
