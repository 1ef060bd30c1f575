import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { snippetEnv, type SnippetLanguage } from './snippet-envs';

/**
 * Runs a code example exactly as the UI shows it: a Python file or an ES module in a fresh
 * environment holding only what the example's install line installs (snippet-envs.ts), or
 * a shell command line. Python files go to the git-ignored test-results/snippets, ES modules
 * into their environment's directory (where their imports resolve).
 */

const REPO = resolve(__dirname, '..', '..');
const DIR = join(REPO, 'test-results', 'snippets');
export const SNIPPET_TIMEOUT_MS = 60_000;

export interface SnippetRun {
  code: number | null;
  stdout: string;
  output: string;
}

/**
 * The install line in the text of an example's install note ("Install: pip install openai"),
 * undefined when the note says there is nothing to install; anything else is an error.
 */
export function installLineOf(note: string | null): string | undefined {
  const text = (note ?? '').trim();
  if (text.startsWith('Nothing to install')) return undefined;
  const match = /^Install: (.+)$/.exec(text);
  if (!match) throw new Error(`an example's install note reads ${JSON.stringify(note)}, not "Install: <command>" or "Nothing to install..."`);
  return match[1];
}

/** Runs an example in the fresh environment of the install line shown beside it (undefined: the UI shows none). */
export async function runSnippetAsShown(language: SnippetLanguage, installLine: string | undefined, source: string): Promise<SnippetRun> {
  const env = await snippetEnv(language, installLine);
  return language === 'python' ? run(env.command, [await save(source, 'py')]) : run(env.command, [await save(source, 'mjs', env.dir)]);
}

export async function runShellSnippet(source: string): Promise<SnippetRun> {
  return run('bash', ['-c', source]);
}

async function save(source: string, extension: string, dir = DIR): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${randomUUID()}.${extension}`);
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
