import { AnswerProblemsError, takeAnswerProblems } from './answer-tap';

/**
 * In every test file (jest's setupFilesAfterEnv): after each test, the answers the file's
 * test gateways gave are checked (answer-tap.ts) and the SDK models' refusals fail that
 * test, whether its gateway was started in the test or in a beforeAll. Hooks rather than a
 * throw from close(), which would skip the rest of a test's cleanup (its fakes stay open and
 * jest never exits). The afterAll catches answers given after the last test's afterEach.
 */

async function reportAnswerProblems(): Promise<void> {
  const problems = await takeAnswerProblems();
  if (problems.length > 0) throw new AnswerProblemsError(problems);
}

afterEach(reportAnswerProblems);
afterAll(reportAnswerProblems);
