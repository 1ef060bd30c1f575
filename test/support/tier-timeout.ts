/**
 * In every test file (jest's setupFilesAfterEnv): the default timeout of the file's tier, from
 * the project's `globals.TIER_TIMEOUT_MS` in jest.config.js, because jest takes testTimeout
 * only from the top-level config. A file or test that sets its own timeout still wins.
 */
const tierTimeoutMs = (globalThis as { TIER_TIMEOUT_MS?: unknown }).TIER_TIMEOUT_MS;
if (typeof tierTimeoutMs === 'number') jest.setTimeout(tierTimeoutMs);
