/**
 * The reasoning envelope: one opaque string that carries a provider's signed reasoning
 * (thinking blocks, thought signatures) through a client whose format has only an opaque
 * slot for it (a reasoning item's encrypted content, a signature field), and back to the
 * provider on the next turn.
 *
 * `mgw1.` + base64url(JSON {f: family, b: blocks}). The family is an opaque id supplied by
 * the plugin that sealed it, so a block is only ever restored to the provider family that
 * signed it (another family could not verify it and would refuse the turn).
 */
const PREFIX = 'mgw1.';

export interface ReasoningEnvelope {
  /** Which provider family produced the blocks; opaque to core. */
  family: string;
  /** The family's own reasoning blocks, as it will want them back. */
  blocks: unknown[];
}

export function sealReasoning(family: string, blocks: readonly unknown[]): string {
  return PREFIX + Buffer.from(JSON.stringify({ f: family, b: blocks }), 'utf8').toString('base64url');
}

/** The envelope in `value`, or undefined when it is not one (a provider's own signature, say). */
export function openReasoning(value: string | undefined | null): ReasoningEnvelope | undefined {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value.slice(PREFIX.length), 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { f, b } = parsed as { f?: unknown; b?: unknown };
    if (typeof f !== 'string' || !Array.isArray(b)) return undefined;
    return { family: f, blocks: b };
  } catch {
    return undefined;
  }
}

/** Whether `value` is an envelope (of any family). */
export function isReasoningEnvelope(value: string | undefined | null): boolean {
  return typeof value === 'string' && value.startsWith(PREFIX);
}
