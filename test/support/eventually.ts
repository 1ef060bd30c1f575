/**
 * Retries `check` until it stops throwing (or `waitFor`'s condition holds). Things
 * that land shortly after a response (reloads, store writes, aborts) are polled,
 * because a fixed sleep would be either slow or flaky.
 */
/** Long enough for a loaded 2-core machine: a poll returns as soon as its check passes, so only a failure waits this out. */
const DEFAULT_TIMEOUT_MS = 10_000;

export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

export async function waitFor(condition: () => boolean, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  await eventually(() => {
    if (!condition()) throw new Error(`condition not met within ${timeoutMs} ms`);
  }, timeoutMs);
}
