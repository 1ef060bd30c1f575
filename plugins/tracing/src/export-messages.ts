import type { WireSpan } from './span-wire';

/** What the request thread sends the export worker. */
export type ToWorker =
  | { type: 'spans'; spans: WireSpan[] }
  /** Export what is queued now; answered with `done` and the same id. */
  | { type: 'flush'; id: number }
  /** Export what is queued, then stop exporting; answered with `done`. */
  | { type: 'shutdown'; id: number };

/** What the export worker answers. */
export type FromWorker =
  /** `count` spans left the hand-off and are in the worker's batch queue. */
  | { type: 'accepted'; count: number }
  | { type: 'done'; id: number }
  /** A line for the gateway's log (the worker has no logger of its own). */
  | { type: 'log'; level: 'warn' | 'info'; detail: Record<string, unknown>; message: string };
