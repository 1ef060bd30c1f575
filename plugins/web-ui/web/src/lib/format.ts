/** Display formats shared by the pages; pure, so they are unit-tested under jest. */

/**
 * A context window as people write it: 128000 -> `128K`, 1048576 -> `1M`. Round decimal
 * sizes stay decimal; other multiples of 1024 (131072, 32768) are binary, as providers quote them.
 */
export function formatContextWindow(tokens: number | null | undefined): string | undefined {
  if (!tokens || tokens <= 0) return undefined;
  const base = tokens % 1000 !== 0 && tokens % 1024 === 0 ? 1024 : 1000;
  if (tokens >= base * base) return `${trim(tokens / (base * base))}M`;
  if (tokens >= base) return `${trim(tokens / base)}K`;
  return String(tokens);
}

function trim(value: number): string {
  return value >= 10 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}

/** One price per million tokens: `$0.15`, `$15.00`, `$0.075`, `Free` at 0. */
export function formatPrice(usd: number | null | undefined): string | undefined {
  if (usd === null || usd === undefined || !Number.isFinite(usd)) return undefined;
  if (usd === 0) return 'Free';
  if (Number.isInteger(Math.round(usd * 1e6) / 1e4)) return `$${usd.toFixed(2)}`;
  return `$${Number(usd.toPrecision(3)).toString()}`;
}

/**
 * Input and output prices together, each labelled (a bare `$0.15 / $0.60` leaves the reader
 * guessing which is which): `$0.15 input · $0.60 output per 1M tokens`, or `Free`.
 */
export function formatPricing(input: number | null | undefined, output: number | null | undefined): string {
  const inPrice = formatPrice(input);
  const outPrice = formatPrice(output);
  if (inPrice === undefined && outPrice === undefined) return 'Price unknown';
  if (inPrice === 'Free' && (outPrice === 'Free' || outPrice === undefined)) return 'Free';
  const terms = [inPrice && `${priceTerm(inPrice)} input`, outPrice && `${priceTerm(outPrice)} output`].filter(Boolean);
  return `${terms.join(' · ')} per 1M tokens`;
}

/** A price inside a sentence: `free` in lower case, as in `free input · $0.60 output`. */
function priceTerm(price: string): string {
  return price === 'Free' ? 'free' : price;
}

/** A cost in USD: cents for everyday amounts, two significant digits for the tiny costs of single calls. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (Math.abs(usd) >= 0.01) return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  if (Math.abs(usd) < 0.000001) return '< $0.000001';
  const decimals = Math.min(8, 1 - Math.floor(Math.log10(Math.abs(usd))));
  return `$${usd.toFixed(decimals).replace(/0+$/, '')}`;
}

/** A cost to the last counted fraction of a cent (12 decimals, trailing zeros cut): `$0.000016875`, for a tooltip. */
export function formatUsdExact(usd: number): string {
  const text = Math.abs(usd).toFixed(12).replace(/\.?0+$/, '');
  return `${usd < 0 ? '-' : ''}$${text}`;
}

/** Latency percentiles together, with one unit: `4.2 / 11 / 36 ms`. */
export function formatLatencies(values: ReadonlyArray<number | null | undefined>): string {
  if (values.every((v) => v === null || v === undefined)) return '—';
  if (values.some((v) => v !== null && v !== undefined && v >= 10_000)) return values.map((v) => formatMs(v)).join(' / ');
  return `${values.map((v) => (v === null || v === undefined ? '—' : formatMs(v).replace(' ms', ''))).join(' / ')} ms`;
}

/** Counts with thousands separators, and K/M beyond six digits: `12,345`, `1.2M`. */
export function formatCount(value: number): string {
  if (Math.abs(value) >= 1e6) return `${trim(value / 1e6)}M`;
  return value.toLocaleString('en-US');
}

/** Milliseconds, with one decimal under 10 ms and seconds past 10 s. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms >= 10_000) return `${trim(ms / 1000)} s`;
  if (ms < 10) return `${Math.round(ms * 10) / 10} ms`;
  return `${Math.round(ms)} ms`;
}

/** `4.2%` of requests, or `0%`. */
export function formatRate(part: number, whole: number): string {
  if (whole === 0 || part === 0) return '0%';
  const percent = (part / whole) * 100;
  return `${percent >= 10 ? Math.round(percent) : Math.round(percent * 10) / 10}%`;
}

/** A moment in the reader's time zone: `25 Nov 2026, 14:30`. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
}

/** A day in the reader's time zone: `25 Nov 2026`. */
export function formatDate(iso: string, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone });
}

/** How long ago: `just now`, `5 min ago`, `3 h ago`, `2 days ago`; ahead of now, `in 3 days`. */
export function formatAgo(iso: string, now = Date.now()): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seconds = Math.round((now - at) / 1000);
  const span = Math.abs(seconds);
  const text = span < 60 ? '' : span < 3600 ? `${Math.floor(span / 60)} min` : span < 86_400 ? `${Math.floor(span / 3600)} h` : `${Math.floor(span / 86_400)} day${Math.floor(span / 86_400) === 1 ? '' : 's'}`;
  if (!text) return 'just now';
  return seconds >= 0 ? `${text} ago` : `in ${text}`;
}
