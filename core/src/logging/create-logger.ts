import pino, { type DestinationStream, type Logger } from 'pino';
import { BatchedLineStream } from './batched-line-stream';

let stdout: BatchedLineStream | undefined;

/**
 * The one stdout stream of the process, shared by every logger so their lines keep
 * their order. Lines still pending when the process exits (process.exit, the last
 * handle closing, an uncaught exception) are written from the 'exit' event; only a
 * kill that lets no code run (SIGKILL) loses the lines of the current batch window
 * (BatchedLineStream, a couple of milliseconds).
 */
function stdoutStream(): BatchedLineStream {
  if (!stdout) {
    stdout = new BatchedLineStream(pino.destination({ dest: 1, sync: true }));
    process.once('exit', stdout.flushNow);
  }
  return stdout;
}

/**
 * JSON logs on stdout. Secrets are Secret instances that print as [redacted];
 * the redact list is a second net for header maps that pass through a log call.
 *
 * Lines are written synchronously, as Node's own console does for files and pipes,
 * the lines of a few milliseconds in one write (BatchedLineStream). pino's default stdout
 * destination is asynchronous: it hands every write to the libuv thread pool, which
 * for the one usage line per request meant waking a pool thread and then the event
 * loop again (docs/performance.md). A short write to a pipe or file is cheap inline; a
 * log reader that stops reading does stall the gateway, as it would any process
 * logging to it.
 */
/**
 * `credentialHeaders`: the headers the loaded API styles' clients send keys in, redacted
 * wherever a header map is logged, beside the generic ones.
 */
export function createLogger(level: string, destination?: DestinationStream, credentialHeaders: readonly string[] = []): Logger {
  return pino(
    {
      level,
      base: { service: 'model-gateway' },
      redact: {
        paths: ['*.authorization', '*["proxy-authorization"]', '*.api_key', '*.apiKey', 'headers.authorization', ...credentialHeaders.map((h) => `*[${JSON.stringify(h)}]`)],
        censor: '[redacted]',
      },
    },
    destination ?? stdoutStream(),
  );
}
