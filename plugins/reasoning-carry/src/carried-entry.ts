/**
 * How a kept reasoning envelope sits in the state store: keyed by the tool call it came with
 * (scoped to the caller's principal, so one key's calls never restore another's reasoning), its
 * value the envelope behind the time it lapses. The lapse time is checked on read, on the
 * gateway's clock, so tests can age an entry without waiting; the store's own TTL removes it.
 */

/** One agent session: long enough for a tool loop's next turn, short enough to hold little. */
export const CARRY_TTL_MS = 60 * 60_000;

const PREFIX = 'reasoning-carry:';

export function carryKey(principal: string | undefined, toolCallId: string): string {
  return `${PREFIX}${principal ?? ''}:${toolCallId}`;
}

export function carriedValue(envelope: string, now: number): string {
  return `${now + CARRY_TTL_MS} ${envelope}`;
}

/** The envelope of a stored value, or undefined when it lapsed (or is not one of ours). */
export function liveEnvelope(value: string | undefined, now: number): string | undefined {
  if (value === undefined) return undefined;
  const space = value.indexOf(' ');
  const lapsesAt = Number(value.slice(0, space));
  return space > 0 && Number.isFinite(lapsesAt) && now < lapsesAt ? value.slice(space + 1) : undefined;
}
