import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { Usage } from '../canonical/usage';
import type { UsageTap } from '../contracts/relay-input';

/** Bodies above this are relayed without reading their usage (an embeddings batch can be large). */
const MAX_JSON_TAP_BYTES = 32 * 1024 * 1024;

/** Collects a JSON body and reads usage from it once it is complete. */
export function jsonUsageTap(extract: (body: unknown) => Usage | undefined): UsageTap {
  const chunks: Buffer[] = [];
  let size = 0;
  return {
    write(chunk) {
      size += chunk.length;
      if (size <= MAX_JSON_TAP_BYTES) chunks.push(chunk);
    },
    end() {
      if (size === 0 || size > MAX_JSON_TAP_BYTES) return undefined;
      try {
        return extract(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        return undefined;
      }
    },
  };
}

/** Parses an SSE body as it passes; `onEvent` folds each event into the usage seen so far. */
export function sseUsageTap(onEvent: (event: EventSourceMessage, usage: Usage | undefined) => Usage | undefined): UsageTap {
  let usage: Usage | undefined;
  const parser = createParser({
    onEvent: (event) => {
      try {
        usage = onEvent(event, usage);
      } catch {
        // A malformed event is the client's to see; accounting just skips it.
      }
    },
  });
  const decoder = new TextDecoder();
  return {
    write: (chunk) => parser.feed(decoder.decode(chunk, { stream: true })),
    end: () => usage,
  };
}
