import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensurePythonVenv } from '../python-venv';

/**
 * Checks bodies against the official Python SDKs' pydantic models (validate_answers.py,
 * in the test venv): one Python process per batch, since starting one imports all three
 * SDKs. Usable for any body an SDK parses, answers or, with a model kind added, requests.
 */

export type AnswerKind =
  | 'openai.ChatCompletion'
  | 'openai.ChatCompletionChunk'
  | 'openai.Response'
  | 'openai.ResponseStreamEvent'
  | 'openai.CreateEmbeddingResponse'
  | 'anthropic.Message'
  | 'anthropic.RawMessageStreamEvent'
  | 'anthropic.MessageTokensCount'
  | 'genai.CountTokensResponse'
  | 'genai.GenerateContentResponse'
  | 'genai.EmbedContentResponse'
  | 'genai.SingleEmbedContentResponse';

export interface AnswerCheck {
  kind: AnswerKind;
  body: unknown;
  /** Shown with each problem, e.g. "chat × anthropic, stream event 3". */
  label: string;
}

const SCRIPT = join(__dirname, 'validate_answers.py');
const TIMEOUT_MS = 60_000;

/** Every problem of every check, each prefixed with its label; empty when all validate. */
export async function answerProblems(checks: AnswerCheck[]): Promise<string[]> {
  if (checks.length === 0) return [];
  const python = await ensurePythonVenv();
  const results = JSON.parse(await runValidator(python, JSON.stringify(checks.map(({ kind, body }) => ({ kind, body }))))) as string[][];
  return results.flatMap((problems, i) => problems.map((problem) => `${checks[i].label} (${checks[i].kind}): ${problem}`));
}

function runValidator(python: string, input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'], timeout: TIMEOUT_MS, killSignal: 'SIGKILL', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`validate_answers.py exited ${code}:\n${stderr}`))));
    child.stdin.end(input);
  });
}
