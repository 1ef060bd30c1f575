/** How long after the first stop signal another one is taken as a copy of it rather than as "end requests now". */
export const SIGNAL_REPEAT_WINDOW_MS = 1000;

export type StopDecision = 'stop' | 'same-request' | 'end-now' | 'ignored';

export interface StopSignalOptions {
  /** Starts the graceful drain (the first signal): /ready 503 for server.shutdown_delay_ms, then the grace period. */
  stop: (signal: string) => void;
  /** Skips what is left of the delay and ends the grace period at once (a signal after the window). */
  endNow: (signal: string) => void;
  /** Told of a repeat inside the window, so the operator learns why nothing more happened. */
  repeated?: (signal: string, sinceFirstMs: number) => void;
  /** The clock the window is measured on; tests pass their own so no real time passes. */
  now?: () => number;
  windowMs?: number;
}

/**
 * Decides what each SIGTERM/SIGINT means. Under systemd (KillMode=control-group)
 * or Ctrl-C in a terminal the signal reaches both npm and the gateway, and npm
 * forwards its copy a millisecond later; that copy must not cut every stream.
 * So any stop signal within `windowMs` of the first, whichever of the two it is,
 * is the same request: a forwarder may turn one into the other, and a person who
 * really means "now" sends it again after the window. Only a signal after the
 * window ends requests in flight.
 */
export class StopSignals {
  private firstAt?: number;
  private ended = false;
  private readonly now: () => number;
  private readonly windowMs: number;

  constructor(private readonly options: StopSignalOptions) {
    this.now = options.now ?? Date.now;
    this.windowMs = options.windowMs ?? SIGNAL_REPEAT_WINDOW_MS;
  }

  handle(signal: string): StopDecision {
    const at = this.now();
    if (this.firstAt === undefined) {
      this.firstAt = at;
      this.options.stop(signal);
      return 'stop';
    }
    const since = at - this.firstAt;
    if (since <= this.windowMs) {
      this.options.repeated?.(signal, since);
      return 'same-request';
    }
    // Once ended, the grace period cannot end again: later signals change nothing.
    if (this.ended) return 'ignored';
    this.ended = true;
    this.options.endNow(signal);
    return 'end-now';
  }
}

/** The window from the environment (GATEWAY_SIGNAL_REPEAT_MS, a whole number of ms), else the default. */
export function signalRepeatWindow(env: NodeJS.ProcessEnv): number {
  const raw = env.GATEWAY_SIGNAL_REPEAT_MS;
  if (raw === undefined || raw === '') return SIGNAL_REPEAT_WINDOW_MS;
  if (!/^\d+$/.test(raw)) throw new Error(`GATEWAY_SIGNAL_REPEAT_MS must be a whole number of milliseconds, not "${raw}"`);
  return Number(raw);
}
