import type { Dispatcher } from 'undici';
import { errors } from 'undici';
import { GatewayError } from '../errors/gateway-error';

/**
 * Unread body a stream may hold before the socket is paused: a slow client of a
 * stream must not make the gateway buffer a provider's whole answer.
 */
const HIGH_WATER_BYTES = 64 * 1024;

/**
 * A provider's answer body, fed by the dispatch handler of UpstreamClient, without a
 * Node stream. undici's own `request()` wraps every body in a Readable; for an
 * answer read whole (`text()`) or chunk by chunk (async iteration) that is a stream
 * object, its state and several ticks per answer that nothing here needs.
 *
 * A consumer that stops iterating early, or calls `destroy()`, aborts the transfer, as
 * destroying a Readable did. An error (idle timeout, reset, cancellation) discards
 * what was not read and is thrown by the next read.
 */
export class UpstreamBody implements AsyncIterable<Buffer> {
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private failure: Error | undefined;
  /** Reading the whole body: nothing to hold back, so the socket is never paused. */
  private wholeBody = false;
  private wake: (() => void) | undefined;

  /** `maxWholeBytes`: the most `text()` holds in memory; a longer answer is aborted (server.upstream_body_limit). */
  constructor(
    private readonly controller: Dispatcher.DispatchController,
    private readonly maxWholeBytes: number,
  ) {}

  /** From the handler: a piece of the body. */
  push(chunk: Buffer): void {
    if (this.failure) return;
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    if (this.wholeBody && this.buffered > this.maxWholeBytes) return this.destroy(this.tooLarge());
    if (!this.wholeBody && this.buffered >= HIGH_WATER_BYTES) this.controller.pause();
    this.notify();
  }

  /** From the handler: the provider sent the whole body. */
  end(): void {
    this.ended = true;
    this.notify();
  }

  /** From the handler: the transfer failed (timeout, reset, abort). */
  fail(error: Error): void {
    if (this.ended || this.failure) return;
    this.failure = error;
    this.chunks.length = 0;
    this.buffered = 0;
    this.notify();
  }

  /** Stops the transfer; what was not read is dropped. */
  destroy(error?: Error): void {
    if (this.ended || this.failure) return;
    const reason = error ?? new errors.RequestAbortedError();
    this.fail(reason);
    this.controller.abort(reason);
  }

  /** The whole body as UTF-8 text; throws upstream_response_too_large past `maxWholeBytes`. */
  async text(): Promise<string> {
    this.wholeBody = true;
    if (this.buffered > this.maxWholeBytes) this.destroy(this.tooLarge());
    if (this.controller.paused) this.controller.resume();
    while (!this.ended) {
      if (this.failure) throw this.failure;
      await this.nextEvent();
    }
    if (this.failure) throw this.failure;
    if (this.buffered > this.maxWholeBytes) throw this.tooLarge();
    return this.takeText();
  }

  /**
   * The whole body as UTF-8 text if it has all arrived (and is within `maxWholeBytes`), else
   * undefined: then read it with `text()`, which also says why it cannot. A small answer
   * usually arrives with its head, and reading it this way costs no promise.
   */
  textIfComplete(): string | undefined {
    return this.ended && !this.failure && this.buffered <= this.maxWholeBytes ? this.takeText() : undefined;
  }

  private takeText(): string {
    const { chunks, buffered } = this;
    const text = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks, buffered).toString('utf8');
    this.chunks.length = 0;
    this.buffered = 0;
    return text;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
    try {
      for (;;) {
        const chunk = this.chunks.shift();
        if (chunk) {
          this.buffered -= chunk.length;
          if (this.controller.paused && this.buffered < HIGH_WATER_BYTES) this.controller.resume();
          yield chunk;
        } else if (this.failure) {
          throw this.failure;
        } else if (this.ended) {
          return;
        } else {
          await this.nextEvent();
        }
      }
    } finally {
      // A consumer that breaks out or throws is done with the answer.
      this.destroy();
    }
  }

  private tooLarge(): GatewayError {
    return new GatewayError('upstream_response_too_large', `The provider's answer exceeds ${this.maxWholeBytes} bytes (server.upstream_body_limit).`);
  }

  private nextEvent(): Promise<void> {
    return new Promise((resolve) => (this.wake = resolve));
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
