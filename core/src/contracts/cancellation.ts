type Listener = () => void;

/**
 * Why a call or an attempt stops early (the client left, the total timeout fired).
 *
 * Not an AbortController, because of what Node 20 does with AbortSignal listeners:
 * each `addEventListener` on an AbortSignal is slow, and the signal and everything its
 * listeners reach then survive young-generation collections (docs/performance.md). With two listeners per call (the attempt's and undici's), every call's
 * objects were promoted to the old generation. Not an EventEmitter either: two are
 * made per call, and an emitter's set-up costs more than this list.
 *
 * UpstreamClient's dispatch handler listens here directly. An AbortSignal is made only
 * when some code asks for one (`signal`).
 */
export class Cancellation {
  aborted = false;
  reason: unknown = undefined;
  private listeners: Listener[] | undefined;
  private controller: AbortController | undefined;

  /** Cancels once; later calls keep the first reason. */
  cancel(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) for (const listener of listeners) listener();
  }

  /** Runs `listener` once when cancelled (now, if already cancelled). Returns its remover. */
  onCancel(listener: Listener): () => void {
    if (this.aborted) {
      listener();
      return noop;
    }
    (this.listeners ??= []).push(listener);
    return () => this.remove(listener);
  }

  /** How many listeners wait for the cancel; for tests. */
  listenerCount(): number {
    return this.listeners?.length ?? 0;
  }

  private remove(listener: Listener): void {
    const listeners = this.listeners;
    if (!listeners) return;
    const index = listeners.indexOf(listener);
    if (index >= 0) listeners.splice(index, 1);
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
