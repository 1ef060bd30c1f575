import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Runs a code example exactly as the UI shows it: a Python file in the test venv, an
 * ES module under the repo (so `import 'openai'` finds the SDKs in node_modules), or
 * a shell command line. Files go to the git-ignored test-results/snippets.
 */

const REPO = resolve(__dirname, '..', '..');
const DIR = join(REPO, 'test-results', 'snippets');
export const SNIPPET_TIMEOUT_MS = 60_000;

export interface SnippetRun {
  code: number | null;
  stdout: string;
  output: string;
}

export async function runPythonSnippet(python: string, source: string): Promise<SnippetRun> {
  return run(python, [await save(source, 'py')]);
}

export async function runNodeSnippet(source: string): Promise<SnippetRun> {
  return run(process.execPath, [await save(source, 'mjs')]);
}

export async function runShellSnippet(source: string): Promise<SnippetRun> {
  return run('bash', ['-c', source]);
}

async function save(source: string, extension: string): Promise<string> {
  await mkdir(DIR, { recursive: true });
  const file = join(DIR, `${randomUUID()}.${extension}`);
  await writeFile(file, source);
  return file;
}

function run(command: string, args: string[]): Promise<SnippetRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: REPO,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', NO_PROXY: '127.0.0.1,localhost', no_proxy: '127.0.0.1,localhost' },
      timeout: SNIPPET_TIMEOUT_MS,
      killSignal: 'SIGKILL',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let output = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolvePromise({ code, stdout, output }));
  });
}
