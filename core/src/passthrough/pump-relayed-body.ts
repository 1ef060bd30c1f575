import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Usage } from '../canonical/usage';
import { GatewayError } from '../errors/gateway-error';
import { waitForDrain } from '../http/sse';
import type { AttemptContext } from '../contracts/attempt-context';
import { transportError } from '../upstream/transport-error';
import { relayedResponseHeaders } from './passthrough-headers';
import { sseErrorScrubber } from './sse-error-scrubber';
import { jsonArrayErrorScrubber } from './json-array-error-scrubber';
import type { PassthroughTarget } from '../contracts/passthrough-target';
import type { RelayInput, ResponseFilter } from '../contracts/relay-input';

export interface PumpResult {
  usage?: Usage;
  failure?: GatewayError;
}

/**
 * Streams a provider's successful response to the client, tapping usage on the
 * way, with the endpoint's idle timeout between chunks; the error events of an event
 * stream, and the error elements of a streamed JSON array, are scrubbed of the
 * connection's secrets. A failure after the head was sent ends a stream with the
 * style's in-band error, and cuts any other body (the client sees a broken
 * response, never a silently truncated one).
 */
export async function pumpRelayedBody(
  upstream: IncomingMessage,
  res: ServerResponse,
  attempt: AttemptContext,
  input: RelayInput,
  target: PassthroughTarget,
): Promise<PumpResult> {
  const filter = input.responseFilter?.(target);
  const scrubber = errorScrubber(upstream.headers['content-type'], input.stream, (text) => attempt.scrub(text));
  const tap = input.usageTap();
  res.writeHead(upstream.statusCode ?? 200, relayedResponseHeaders(upstream.headers, filter === undefined && scrubber === undefined));
  const idle = setTimeout(() => {
    upstream.destroy(new GatewayError('upstream_timeout', `Provider "${attempt.target.connectionName}" timed out (idle timeout).`));
  }, attempt.timeouts.idleMs);
  let failure: GatewayError | undefined;
  try {
    for await (const chunk of upstream as AsyncIterable<Buffer>) {
      idle.refresh();
      tap.write(chunk);
      const filtered = filter ? filter.write(chunk) : chunk;
      const out = scrubber ? scrubber.write(filtered) : filtered;
      if (out.length > 0 && !res.write(out)) await waitForDrain(res, attempt.cancellation);
    }
    const tail = filter?.end();
    res.end(scrubber ? Buffer.concat([scrubber.write(tail ?? Buffer.alloc(0)), scrubber.end()]) : tail);
  } catch (thrown) {
    failure = thrown instanceof GatewayError ? thrown : transportError(thrown, attempt.cancellation, attempt.target.connectionName);
    const inBand = input.stream ? input.streamError(failure) : undefined;
    if (!res.destroyed) {
      if (inBand !== undefined) res.end(inBand);
      else res.destroy();
    }
  } finally {
    clearTimeout(idle);
  }
  return { usage: tap.end(), failure };
}

/**
 * The scrubber for the error text a provider can send after a 2xx head: an event stream's
 * error events, or the error elements of a streamed call answered as one JSON array written
 * element by element. A whole JSON body of a call that did not stream is a success with
 * nothing to scrub (error statuses are scrubbed whole by relayAttempt), so it is left alone.
 */
function errorScrubber(contentType: string | undefined, stream: boolean, scrub: (text: string) => string): ResponseFilter | undefined {
  const type = contentType?.toLowerCase() ?? '';
  if (type.startsWith('text/event-stream')) return sseErrorScrubber(scrub);
  if (stream && type.startsWith('application/json')) return jsonArrayErrorScrubber(scrub);
  return undefined;
}

/** Reads an error body whole, at most `maxBytes` of it (server.upstream_body_limit); past that the transfer is cut. */
export async function readBodyText(message: IncomingMessage, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      message.destroy();
      throw new GatewayError('upstream_response_too_large', `The provider's answer exceeds ${maxBytes} bytes (server.upstream_body_limit).`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
