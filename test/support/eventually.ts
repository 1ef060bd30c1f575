/**
 * Retries `check` until it stops throwing (or `waitFor`'s condition holds). Things
 * that land shortly after a response (reloads, store writes, aborts) are polled,
 * because a fixed sleep would be either slow or flaky.
 */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 3000): Promise<T> {
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

export async function waitFor(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  await eventually(() => {
    if (!condition()) throw new Error(`condition not met within ${timeoutMs} ms`);
  }, timeoutMs);
}
