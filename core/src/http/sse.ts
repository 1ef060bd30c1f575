import type { ServerResponse } from 'node:http';
import type { Cancellation } from '../contracts/cancellation';

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  // Tells nginx-style proxies in front of the gateway not to buffer the stream.
  'x-accel-buffering': 'no',
} as const;

/** Writes one SSE `data:` event. */
export function sseData(payload: unknown): string {
  return `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}\n\n`;
}

/** Resolves when the client's socket can take more, rejects if the call is cancelled first. */
export function waitForDrain(res: ServerResponse, cancellation: Cancellation): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      res.off('drain', onDrain);
      res.off('close', onDrain);
      stopListening();
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onAbort = () => {
      cleanup();
      reject(cancellation.reason);
    };
    res.once('drain', onDrain);
    res.once('close', onDrain);
    const stopListening = cancellation.onCancel(onAbort);
  });
}
