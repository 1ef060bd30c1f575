const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const ZERO = 0x30;
const NINE = 0x39;
/** A run of numbers and separators, skipped by the regex engine rather than char by char (token-id arrays). */
const NUMBER_RUN = /[-+.0-9eE,\s]*/y;

/**
 * Whether JSON text nests arrays and objects deeper than `max`. Checked before
 * parsing: code that walks a parsed value recursively (serialisers, validators)
 * overflows the stack a few thousand levels down, and parsing such a body is itself
 * slow. A body with at most `max` characters, or at most `max` brackets, cannot be
 * deeper, which its length or two native `indexOf` passes settle for most bodies;
 * others are scanned, strings skipped with `indexOf`. Malformed JSON gets an answer too; the parser then reports it.
 * docs/performance.md has what it costs next to JSON.parse.
 */
export function exceedsJsonDepth(text: string, max: number): boolean {
  return text.length > max && !atMostOpeners(text, max) && deeperThan(text, max);
}

function atMostOpeners(text: string, max: number): boolean {
  let count = 0;
  for (let at = text.indexOf('{'); at !== -1; at = text.indexOf('{', at + 1)) if (++count > max) return false;
  for (let at = text.indexOf('['); at !== -1; at = text.indexOf('[', at + 1)) if (++count > max) return false;
  return true;
}

function deeperThan(text: string, max: number): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < OPEN_ARRAY) {
      if (code === QUOTE) {
        i = closingQuote(text, i + 1);
        if (i === -1) return false;
      } else if (code >= ZERO && code <= NINE) {
        NUMBER_RUN.lastIndex = i;
        NUMBER_RUN.test(text);
        i = NUMBER_RUN.lastIndex - 1;
      }
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/** The index of the quote that ends a string whose content starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  for (let at = text.indexOf('"', from); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    // An even run of backslashes escapes itself, not the quote.
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
