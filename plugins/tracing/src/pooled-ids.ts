import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

/** Hex characters drawn at once: 256 span ids' worth, so the native call and its hex encoding are paid once per 256 ids. */
const POOL_BYTES = 2048;
const SPAN_ID_CHARS = 16;
const TRACE_ID_CHARS = 32;
const ZERO_SPAN_ID = '0'.repeat(SPAN_ID_CHARS);
const ZERO_TRACE_ID = '0'.repeat(TRACE_ID_CHARS);

/**
 * Random W3C trace and span ids, cut from a pool of random hex. The SDK's RandomIdGenerator
 * makes each id with its own Buffer write and hex encoding (a native call per id); this draws
 * the bytes from the OS's generator in bulk and slices each id off the hex text. An all-zero
 * id (invalid in W3C trace context) is skipped, as the SDK avoids one.
 */
export class PooledIds implements IdGenerator {
  private readonly bytes = Buffer.allocUnsafe(POOL_BYTES);
  private hex = '';
  private at = 0;

  generateTraceId(): string {
    let id: string;
    do id = this.take(TRACE_ID_CHARS);
    while (id === ZERO_TRACE_ID);
    return id;
  }

  generateSpanId(): string {
    let id: string;
    do id = this.take(SPAN_ID_CHARS);
    while (id === ZERO_SPAN_ID);
    return id;
  }

  private take(chars: number): string {
    if (this.at + chars > this.hex.length) {
      this.hex = randomFillSync(this.bytes).toString('hex');
      this.at = 0;
    }
    const id = this.hex.slice(this.at, this.at + chars);
    this.at += chars;
    return id;
  }
}
