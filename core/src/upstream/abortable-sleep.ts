import type { Cancellation } from '../contracts/cancellation';

/** setTimeout as a promise that rejects with the cancellation's reason when it is cancelled first. */
export function abortableSleep(ms: number, cancellation: Cancellation): Promise<void> {
  if (cancellation.aborted) return Promise.reject(cancellation.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stopListening();
      resolve();
    }, ms);
    const stopListening = cancellation.onCancel(() => {
      clearTimeout(timer);
      reject(cancellation.reason);
    });
  });
}
