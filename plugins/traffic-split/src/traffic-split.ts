import { inject, injectable } from 'tsyringe';
import type { Logger } from 'pino';
import { TOKENS, type CallContext, type PipelinePlugin, type StateStore, type Target } from '@model-gateway/core';
import { weightedSequence } from './weighted-sequence';

/** Split positions outlive any gap in traffic worth remembering; the key is renewed on every call. */
const POSITION_TTL_MS = 24 * 3600_000;

/**
 * The traffic split. Among the endpoint's split targets the circuit breaker
 * admitted, it picks one by smooth weighted round robin over a position counter
 * in the shared store: every replica advances the same counter, so the shares
 * are exact in aggregate, not just on average. A target in cooldown is left out
 * of the cycle, so its share goes to the others by their weights. The call then
 * tries the pick, followed by the endpoint's fallbacks in order.
 */
@injectable()
export class TrafficSplit implements PipelinePlugin {
  readonly name = 'traffic-split';
  readonly priority = 300;
  private readonly sequences = new Map<string, number[]>();
  /** Per-process positions for when the store cannot be reached: the split degrades to this replica's share. */
  private readonly localPositions = new Map<string, number>();

  constructor(
    @inject(TOKENS.StateStore) private readonly store: StateStore,
    @inject(TOKENS.Logger) private readonly logger: Logger,
  ) {}

  resolve(call: CallContext): Promise<void> | undefined {
    // One split candidate needs no choice and no store round trip: the common single-provider endpoint stays free (and sync).
    let splitCount = 0;
    for (const target of call.targets) if (target.role === 'split') splitCount++;
    return splitCount <= 1 ? undefined : this.pick(call);
  }

  private async pick(call: CallContext): Promise<void> {
    const split: Target[] = [];
    const fallbacks: Target[] = [];
    for (const target of call.targets) (target.role === 'split' ? split : fallbacks).push(target);
    const signature = split.map((t) => `${t.key}*${t.weight}`).join('|');
    const position = await this.nextPosition(`split:${call.endpointName}`);
    const sequence = this.sequence(signature, split);
    call.targets = [split[sequence[(position - 1) % sequence.length]], ...fallbacks];
  }

  private async nextPosition(key: string): Promise<number> {
    try {
      return await this.store.increment(key, 1, POSITION_TTL_MS);
    } catch (error) {
      this.logger.warn({ err: (error as Error).message }, 'split position unavailable; using this replica\'s own counter');
      const next = (this.localPositions.get(key) ?? 0) + 1;
      this.localPositions.set(key, next);
      return next;
    }
  }

  private sequence(signature: string, split: Target[]): number[] {
    let sequence = this.sequences.get(signature);
    if (!sequence) {
      sequence = weightedSequence(split.map((t) => t.weight));
      this.sequences.set(signature, sequence);
    }
    return sequence;
  }
}
