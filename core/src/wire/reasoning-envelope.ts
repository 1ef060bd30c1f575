/**
 * The reasoning envelope: one opaque string that carries a provider's signed reasoning
 * (thinking blocks, thought signatures) through a client whose format has only an opaque
 * slot for it (a reasoning item's encrypted content, a signature field), and back to the
 * provider on the next turn.
 *
 * Standard base64 of `mgw1` NUL JSON {f: family, b: blocks}: every slot takes a string, and
 * one of them (a thought signature) is declared as bytes in standard base64, so the envelope
 * is valid there too; the magic bytes tell it from a provider's own signature. The family is
 * an opaque id supplied by the plugin that sealed it, so a block is only ever restored to
 * the provider family that signed it (another family could not verify it and would refuse the turn).
 */
const MAGIC = Buffer.from('mgw1\0', 'latin1');
/** What every envelope's text starts with: the base64 of the magic and the JSON's `{` (six bytes, eight characters). */
const TEXT_PREFIX = Buffer.concat([MAGIC, Buffer.from('{')]).toString('base64');

export interface ReasoningEnvelope {
  /** Which provider family produced the blocks; opaque to core. */
  family: string;
  /** The family's own reasoning blocks, as it will want them back. */
  blocks: unknown[];
}

export function sealReasoning(family: string, blocks: readonly unknown[]): string {
  return Buffer.concat([MAGIC, Buffer.from(JSON.stringify({ f: family, b: blocks }), 'utf8')]).toString('base64');
}

/** The envelope in `value`, or undefined when it is not one (a provider's own signature, say). */
export function openReasoning(value: string | undefined | null): ReasoningEnvelope | undefined {
  if (!isReasoningEnvelope(value)) return undefined;
  try {
    const bytes = Buffer.from(value, 'base64');
    if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
    const parsed: unknown = JSON.parse(bytes.subarray(MAGIC.length).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { f, b } = parsed as { f?: unknown; b?: unknown };
    if (typeof f !== 'string' || !Array.isArray(b)) return undefined;
    return { family: f, blocks: b };
  } catch {
    return undefined;
  }
}

/** Whether `value` looks like an envelope (of any family); `openReasoning` checks the magic bytes. */
export function isReasoningEnvelope(value: string | undefined | null): value is string {
  return typeof value === 'string' && value.startsWith(TEXT_PREFIX);
}
