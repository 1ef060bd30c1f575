/**
 * Usage counters are kept per minute: calls that straddle a minute's end would split over
 * two rows, so a test that counts them starts well inside one.
 */

/** Long enough for a test's calls to finish inside the minute they start in. */
export const MINUTE_EDGE_MARGIN_MS = 8000;

/** Waits for the next minute when fewer than `marginMs` are left of this one. */
export async function avoidMinuteEdge(marginMs = MINUTE_EDGE_MARGIN_MS): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - marginMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}

/** The start of the current minute bucket, in Unix seconds (as the counters' keys name it). */
export const currentBucket = () => Math.floor(Date.now() / 60_000) * 60;
