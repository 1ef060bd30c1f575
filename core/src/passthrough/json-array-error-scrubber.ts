import type { ResponseFilter } from '../contracts/relay-input';

/** Past this, an element still without its end is passed on (scrubbed as raw text) rather than held. */
const MAX_HELD_BYTES = 1024 * 1024;

const EMPTY = Buffer.alloc(0);
const ERROR = Buffer.from('error');
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Scrubs provider secrets from the error elements of a relayed stream that is one JSON
 * array written element by element (`[{...}\n,\r\n{...}\n]`), where a failure mid-stream
 * arrives as an element like `{"error": {...}}` whose text may hold the key the provider
 * rejected. A byte scanner tracks depth, strings and escapes across chunks and hands bytes
 * on at element boundaries, so an element split across chunks is whole when examined; a
 * complete element whose bytes hold `error` is decoded, scrubbed as the client will decode it
 * (`scrub`: JSON-aware) and written again, and every other byte passes as it came. A body that
 * is one JSON value rather than an array is treated as a single element.
 */
export function jsonArrayErrorScrubber(scrub: (text: string) => string): ResponseFilter {
  return new JsonArrayErrorScrubber(scrub);
}

class JsonArrayErrorScrubber implements ResponseFilter {
  /** Nesting depth of the bytes seen so far; elements start and end at `base`. */
  private depth = 0;
  /** 1 inside a top-level array, 0 when the body is a lone value, -1 before the first value. */
  private base = -1;
  private inString = false;
  private escaped = false;
  private inElement = false;
  /** The current element's bytes from earlier chunks, not yet handed on. */
  private held: Buffer[] = [];
  private heldBytes = 0;
  /** The current element outgrew the cap, so its remaining bytes pass as they come. */
  private overflowed = false;
  /** Per-chunk cursors: bytes of the chunk before `from` are dealt with; `start` is where the current element began in it. */
  private from = 0;
  private start = 0;
  private out: Buffer[] = [];

  constructor(private readonly scrub: (text: string) => string) {}

  write(chunk: Buffer): Buffer {
    this.from = 0;
    this.start = 0;
    // The scanner state lives in locals for the loop and is stored back after it; `=== true` lets the
    // optimizer treat the flags as plain booleans (a flag read straight from a field made the loop 2-3x slower).
    let depth = this.depth;
    let base = this.base;
    let inString = this.inString === true;
    let escaped = this.escaped === true;
    let inElement = this.inElement === true;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) {
          inString = false;
          // A string is itself an element only when it stands at the element level.
          if (inElement && depth === base) {
            inElement = false;
            this.finishElement(chunk, i + 1);
          }
        }
      } else if (byte === QUOTE || byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (base === -1) base = byte === OPEN_BRACKET ? 1 : 0;
        if (!inElement && depth === base) {
          inElement = true;
          this.start = i;
        }
        if (byte === QUOTE) inString = true;
        else depth++;
      } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        // Never below zero, so a stray closer cannot put every later element out of reach.
        if (depth > 0) depth--;
        if (inElement && depth === base) {
          inElement = false;
          this.finishElement(chunk, i + 1);
        }
      }
    }
    this.depth = depth;
    this.base = base;
    this.inString = inString;
    this.escaped = escaped;
    this.inElement = inElement;
    return this.endOfChunk(chunk);
  }

  end(): Buffer {
    if (this.held.length === 0) return EMPTY;
    // A stream cut inside an element: what arrived of it is still the client's to see, scrubbed.
    const rest = this.scrubElement(Buffer.concat(this.held));
    this.held = [];
    this.heldBytes = 0;
    return rest;
  }

  /** The element that began at `start` (or in an earlier chunk) ends just before `end`. */
  private finishElement(chunk: Buffer, end: number): void {
    if (this.overflowed) {
      this.overflowed = false;
      this.out.push(this.scrubRaw(chunk.subarray(this.from, end)));
      this.from = end;
      return;
    }
    if (this.held.length > 0) {
      this.held.push(chunk.subarray(0, end));
      this.out.push(this.scrubElement(Buffer.concat(this.held)));
      this.held = [];
      this.heldBytes = 0;
      this.from = end;
      return;
    }
    // The usual case, an element wholly inside this chunk, stays in place unless it is rewritten (searched in place: a subarray costs more).
    const found = chunk.indexOf(ERROR, this.start);
    if (found === -1 || found + ERROR.length > end) return;
    const element = chunk.subarray(this.start, end);
    const scrubbed = this.scrubRaw(element);
    if (scrubbed === element) return;
    if (this.start > this.from) this.out.push(chunk.subarray(this.from, this.start));
    this.out.push(scrubbed);
    this.from = end;
  }

  /** Hands on what the chunk completed, and holds the start of an element it left open. */
  private endOfChunk(chunk: Buffer): Buffer {
    if (!this.inElement) {
      if (this.from === 0) return chunk;
      if (this.from < chunk.length) this.out.push(chunk.subarray(this.from));
    } else if (this.overflowed) {
      if (this.from < chunk.length) this.out.push(this.scrubRaw(chunk.subarray(this.from)));
    } else {
      // An element that began in an earlier chunk has start 0 here, so from <= start either way.
      if (this.start > this.from) this.out.push(chunk.subarray(this.from, this.start));
      const open = chunk.subarray(this.start);
      this.held.push(open);
      this.heldBytes += open.length;
      if (this.heldBytes > MAX_HELD_BYTES) {
        this.out.push(this.scrubRaw(Buffer.concat(this.held)));
        this.held = [];
        this.heldBytes = 0;
        this.overflowed = true;
      }
    }
    const out = this.out;
    this.out = [];
    return out.length === 0 ? EMPTY : out.length === 1 ? out[0] : Buffer.concat(out);
  }

  /** A whole element: only one whose bytes hold `error` is decoded, and its bytes kept unless the scrub changed it. */
  private scrubElement(element: Buffer): Buffer {
    return element.indexOf(ERROR) === -1 ? element : this.scrubRaw(element);
  }

  /** Scrubs `bytes` as text (JSON-aware when they parse), the same buffer when nothing changed. */
  private scrubRaw(bytes: Buffer): Buffer {
    const text = bytes.toString('utf8');
    const scrubbed = this.scrub(text);
    return scrubbed === text ? bytes : Buffer.from(scrubbed, 'utf8');
  }
}
