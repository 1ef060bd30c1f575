/** Starts a timer that calls `fire` after `ms` and returns its cancel; tests pass one they fire by hand. */
export type StartTimer = (fire: () => void, ms: number) => () => void;

const realTimer: StartTimer = (fire, ms) => {
  const timer = setTimeout(fire, ms);
  return () => clearTimeout(timer);
};

/**
 * The first part of a graceful stop (`server.shutdown_delay_ms`): from the first stop signal
 * the replica says it is draining (/ready answers 503) yet keeps serving, so a load balancer's
 * health check or an orchestrator's endpoint update takes it out of rotation while its
 * listener still accepts; only then does the listener close. Without the delay a balancer
 * learns of the stop from refused connections.
 */
export class ShutdownDelay {
  private started = false;
  private cut = false;
  private endDelay?: () => void;

  constructor(private readonly startTimer: StartTimer = realTimer) {}

  /** True from the first signal on: /ready answers 503 and answers close their connection. */
  get draining(): boolean {
    return this.started;
  }

  /**
   * Marks the replica draining and resolves once `delayMs` have passed, or at once when
   * `skip()` is (or already was) called. A second call only marks; it does not wait again.
   */
  wait(delayMs: number): Promise<void> {
    if (this.started) return Promise.resolve();
    this.started = true;
    if (delayMs <= 0 || this.cut) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const cancel = this.startTimer(() => this.endDelay?.(), delayMs);
      this.endDelay = () => {
        this.endDelay = undefined;
        cancel();
        resolve();
      };
    });
  }

  /** Ends the delay now (a second stop signal): the listener closes without waiting out the rest. */
  skip(): void {
    this.cut = true;
    this.endDelay?.();
  }
}
