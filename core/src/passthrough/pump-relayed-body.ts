import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Usage } from '../canonical/usage';
import { GatewayError } from '../errors/gateway-error';
import { waitForDrain } from '../http/sse';
import type { AttemptContext } from '../contracts/attempt-context';
import { transportError } from '../upstream/transport-error';
import { relayedResponseHeaders } from './passthrough-headers';
import { sseErrorScrubber } from './sse-error-scrubber';
import type { PassthroughTarget } from '../contracts/passthrough-target';
import type { RelayInput } from '../contracts/relay-input';

export interface PumpResult {
  usage?: Usage;
  failure?: GatewayError;
}

/**
 * Streams a provider's successful response to the client, tapping usage on the
 * way, with the endpoint's idle timeout between chunks; an event stream's error
 * events are scrubbed of the connection's secrets. A failure after the head
 * was sent ends a stream with the style's in-band error, and cuts any other body
 * (the client sees a broken response, never a silently truncated one).
 */
export async function pumpRelayedBody(
  upstream: IncomingMessage,
  res: ServerResponse,
  attempt: AttemptContext,
  input: RelayInput,
  target: PassthroughTarget,
): Promise<PumpResult> {
  const filter = input.responseFilter?.(target);
  const scrubber = isEventStream(upstream.headers['content-type']) ? sseErrorScrubber((text) => attempt.scrub(text)) : undefined;
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

function isEventStream(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.toLowerCase().startsWith('text/event-stream');
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
