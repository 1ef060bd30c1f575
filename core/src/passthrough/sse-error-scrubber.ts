import type { ResponseFilter } from '../contracts/relay-input';

/** Past this, an event still without its end is passed on (scrubbed as raw text) rather than held. */
const MAX_HELD_BYTES = 1024 * 1024;

const EMPTY = Buffer.alloc(0);
const ERROR = Buffer.from('error');
const LF = 0x0a;
const CR = 0x0d;

/**
 * Scrubs provider secrets from the error events of a relayed SSE stream, whose text a
 * provider may fill with the key it rejected: an event named `error`, or one whose JSON
 * holds an `"error"` member (the two ways providers report a failure mid-stream). Such an event is
 * decoded, its data scrubbed as the client will decode it (`scrub`: JSON-aware) and
 * written again; every other byte passes as it came. Bytes are handed on at event
 * boundaries, so a key split across chunks is whole when scrubbed; the only work on
 * an ordinary chunk is finding its last boundary and one search for `error`.
 */
export function sseErrorScrubber(scrub: (text: string) => string): ResponseFilter {
  let held: Buffer | undefined;
  return {
    write(chunk) {
      const bytes = held ? Buffer.concat([held, chunk]) : chunk;
      const end = completeEventsEnd(bytes);
      if (end === bytes.length) {
        held = undefined;
        return scrubEvents(bytes, scrub);
      }
      if (end === 0) {
        held = bytes.length > MAX_HELD_BYTES ? undefined : bytes;
        return held ? EMPTY : scrubEvents(bytes, scrub);
      }
      held = bytes.subarray(end);
      return scrubEvents(bytes.subarray(0, end), scrub);
    },
    end() {
      const rest = held;
      held = undefined;
      return rest ? scrubEvents(rest, scrub) : EMPTY;
    },
  };
}

/** Where the last complete event ends (after its blank line), 0 when no event is complete. */
export function completeEventsEnd(bytes: Buffer): number {
  const n = bytes.length;
  // The common case, a chunk that ends where an event does (LF or CRLF lines), needs no search.
  if (n >= 2 && bytes[n - 1] === LF && (bytes[n - 2] === LF || (n >= 4 && bytes[n - 2] === CR && bytes[n - 3] === LF && bytes[n - 4] === CR))) return n;
  return Math.max(after(bytes.lastIndexOf('\n\n'), 2), after(bytes.lastIndexOf('\r\n\r\n'), 4), after(bytes.lastIndexOf('\r\r'), 2));
}

function after(index: number, length: number): number {
  return index < 0 ? 0 : index + length;
}

/** `region` holds whole events (or an oversized piece of one); only the error events in it are rewritten. */
function scrubEvents(region: Buffer, scrub: (text: string) => string): Buffer {
  if (region.length === 0 || region.indexOf(ERROR) === -1) return region;
  const parts = region.toString('utf8').split(/(\r\n\r\n|\n\n|\r\r)/);
  let changed = false;
  // Even indexes are events, odd ones the blank lines between them.
  for (let i = 0; i < parts.length; i += 2) {
    if (!isErrorEvent(parts[i])) continue;
    const scrubbed = scrubEvent(parts[i], scrub);
    if (scrubbed !== parts[i]) {
      parts[i] = scrubbed;
      changed = true;
    }
  }
  return changed ? Buffer.from(parts.join(''), 'utf8') : region;
}

/**
 * An unescaped `"error"` is a JSON member name or value, never text inside a JSON string
 * (whose quotes are escaped), so a content delta that mentions an error is not one.
 */
function isErrorEvent(event: string): boolean {
  return event.includes('"error"') || /^event:\s*error\s*$/m.test(event);
}

/** The event with its data scrubbed as one text (JSON-aware) and its other fields as raw text. */
function scrubEvent(event: string, scrub: (text: string) => string): string {
  const lines = event.split(/\r\n|\r|\n/);
  const data: string[] = [];
  for (const line of lines) if (isData(line)) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
  const joined = data.join('\n');
  const scrubbedData = data.length > 0 ? scrub(joined) : joined;
  const others = lines.map((line) => (isData(line) ? line : scrub(line)));
  if (scrubbedData === joined && others.every((line, i) => line === lines[i])) return event;
  const out: string[] = [];
  let dataWritten = false;
  others.forEach((line) => {
    if (!isData(line)) out.push(line);
    else if (!dataWritten) {
      dataWritten = true;
      for (const piece of scrubbedData.split('\n')) out.push(`data: ${piece}`);
    }
  });
  return out.join('\n');
}

function isData(line: string): boolean {
  return line.startsWith('data:');
}
