import { ensurePythonVenv } from '../python-venv';

/**
 * Jest's globalSetup: builds the test venv once, before any worker starts, because every
 * fake starts the request oracle from it and a fresh machine's pip install (minutes)
 * would otherwise land inside the first fake's 20-second beforeAll.
 */
export default async function globalSetup(): Promise<void> {
  // One id per jest run, inherited by the workers started after this: the run's fresh snippet environments (snippet-envs.ts) are shared by its test files.
  process.env.MODEL_GATEWAY_TEST_RUN ??= `run-${Date.now()}-${process.pid}`;
  if (process.env.SDK_VALIDATE !== 'off') await ensurePythonVenv();
}
