import type { RelayedAnswerRewrite } from '../contracts/passthrough-target';
import type { ResponseFilter } from '../contracts/relay-input';
import { completeEventsEnd } from './sse-error-scrubber';

/** Past this, bytes still waiting for their end (a whole answer, or one event) pass on as they came rather than being held. */
const MAX_HELD_BYTES = 16 * 1024 * 1024;
const MAX_HELD_EVENT_BYTES = 1024 * 1024;

const EMPTY = Buffer.alloc(0);
const EVENT_BOUNDARY = /(\r\n\r\n|\n\n|\r\r)/;

/**
 * Applies a provider's answer rewrite to a relayed body: a whole answer is held to its end
 * and rewritten once; a stream is handed on at event boundaries, and only an event whose
 * bytes the rewrite `touches` is parsed, rewritten and written again (every other byte
 * passes as it came). Bytes that do not parse as JSON pass unchanged: the client gets
 * what the provider sent rather than an error of the gateway's making.
 */
export function answerRewriteFilter(rewrite: RelayedAnswerRewrite, stream: boolean): ResponseFilter {
  return stream ? eventRewriter(rewrite) : wholeRewriter(rewrite);
}

/** Runs `first`'s output through `second`; undefined filters are left out, and none at all is undefined. */
export function chainFilters(...filters: Array<ResponseFilter | undefined>): ResponseFilter | undefined {
  const present = filters.filter((filter): filter is ResponseFilter => filter !== undefined);
  if (present.length <= 1) return present[0];
  return present.reduce((first, second) => ({
    write: (chunk) => second.write(first.write(chunk)),
    end: () => Buffer.concat([second.write(first.end()), second.end()]),
  }));
}

function wholeRewriter(rewrite: RelayedAnswerRewrite): ResponseFilter {
  let held: Buffer[] = [];
  let size = 0;
  let passing = false;
  return {
    write(chunk) {
      if (passing) return chunk;
      held.push(chunk);
      size += chunk.length;
      if (size <= MAX_HELD_BYTES) return EMPTY;
      passing = true;
      const out = Buffer.concat(held);
      held = [];
      return out;
    },
    end() {
      if (passing) return EMPTY;
      const bytes = Buffer.concat(held);
      held = [];
      if (!rewrite.touches(bytes)) return bytes;
      const text = bytes.toString('utf8');
      const out = rewriteJson(text, (answer) => rewrite.whole(answer));
      return out === text ? bytes : Buffer.from(out, 'utf8');
    },
  };
}

function eventRewriter(rewrite: RelayedAnswerRewrite): ResponseFilter {
  let held: Buffer | undefined;
  return {
    write(chunk) {
      const bytes = held ? Buffer.concat([held, chunk]) : chunk;
      const end = completeEventsEnd(bytes);
      if (end === 0) {
        held = bytes.length > MAX_HELD_EVENT_BYTES ? undefined : bytes;
        return held ? EMPTY : bytes;
      }
      held = end === bytes.length ? undefined : bytes.subarray(end);
      return rewriteEvents(end === bytes.length ? bytes : bytes.subarray(0, end), rewrite);
    },
    end() {
      const rest = held;
      held = undefined;
      return rest ? rewriteEvents(rest, rewrite) : EMPTY;
    },
  };
}

/** `region` holds whole events; one look at its bytes decides whether any of them is read at all. */
function rewriteEvents(region: Buffer, rewrite: RelayedAnswerRewrite): Buffer {
  if (region.length === 0 || !rewrite.touches(region)) return region;
  const parts = region.toString('utf8').split(EVENT_BOUNDARY);
  let changed = false;
  // Even indexes are events, odd ones the blank lines between them.
  for (let i = 0; i < parts.length; i += 2) {
    if (!rewrite.touches(Buffer.from(parts[i], 'utf8'))) continue;
    const out = rewriteEvent(parts[i], rewrite);
    if (out !== parts[i]) {
      parts[i] = out;
      changed = true;
    }
  }
  return changed ? Buffer.from(parts.join(''), 'utf8') : region;
}

/** The event with its data (all its `data:` lines, joined) rewritten into one `data:` line where the first one was; other fields stay. */
function rewriteEvent(event: string, rewrite: RelayedAnswerRewrite): string {
  const lines = event.split(/\r\n|\r|\n/);
  const data = lines.filter(isData).map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
  if (data.length === 0) return event;
  const joined = data.join('\n');
  const out = rewriteJson(joined, (chunk) => rewrite.chunk(chunk));
  if (out === joined) return event;
  const eol = /\r\n|\r|\n/.exec(event)?.[0] ?? '\n';
  const first = lines.findIndex(isData);
  return lines.flatMap((line, i) => (i === first ? [`data: ${out}`] : isData(line) ? [] : [line])).join(eol);
}

/** The JSON text rewritten, or the same text when it does not parse or nothing changed. */
function rewriteJson(text: string, rewrite: (value: unknown) => unknown): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const out = rewrite(parsed);
  return out === parsed ? text : JSON.stringify(out);
}

function isData(line: string): boolean {
  return line.startsWith('data:');
}
