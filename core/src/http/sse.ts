import type { ServerResponse } from 'node:http';

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

/** Resolves when the client's socket can take more, rejects if the signal aborts first. */
export function waitForDrain(res: ServerResponse, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      res.off('drain', onDrain);
      res.off('close', onDrain);
      signal.removeEventListener('abort', onAbort);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onAbort = () => {
      cleanup();
      reject(signal.reason);
    };
    res.once('drain', onDrain);
    res.once('close', onDrain);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
