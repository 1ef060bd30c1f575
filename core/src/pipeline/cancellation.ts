import { EventEmitter } from 'node:events';

/**
 * Why a call or an attempt stops early (the client left, the total timeout fired).
 *
 * An EventEmitter, not an AbortController, because of what Node 20 does with
 * AbortSignal listeners: measured on Node 20.20, each `addEventListener` on an
 * AbortSignal costs ~9 µs, and the signal and everything its listeners reach then
 * survive young-generation collections. With two listeners per call (the attempt's
 * and undici's), every call's objects were promoted to the old generation, and the
 * collector paused 2–3 ms every few hundred calls (`test/bench`, c=1). undici takes
 * any EventEmitter with `aborted` and `reason` as a request's signal, so the hot path
 * passes this; an AbortSignal is made only when some code asks for one.
 */
export class Cancellation extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;
  private controller?: AbortController;

  /** Cancels once; later calls keep the first reason. */
  cancel(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.emit('abort');
  }

  /** Runs `listener` once when cancelled (now, if already cancelled). Returns its remover. */
  onCancel(listener: () => void): () => void {
    if (this.aborted) {
      listener();
      return noop;
    }
    this.once('abort', listener);
    return () => this.off('abort', listener);
  }

  /** An AbortSignal that follows this cancellation, for APIs that need one. Made on first use. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }
}

function noop(): void {}
