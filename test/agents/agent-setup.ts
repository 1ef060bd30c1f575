import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What the real-CLI tests share: the README's coding-agent settings (kept in
 * docs/examples/coding-agents, which the README shows verbatim) with the gateway's URL and
 * an endpoint put in, throwaway homes, and a bounded, non-interactive CLI run.
 */

const EXAMPLES = path.join(__dirname, '../../docs/examples/coding-agents');
/** What the examples write where the reader puts their own gateway and endpoint. */
export const EXAMPLE_BASE = 'http://127.0.0.1:8080';
export const EXAMPLE_ENDPOINT = 'my-endpoint';

export async function exampleFile(name: 'claude-code.env' | 'codex-config.toml'): Promise<string> {
  return readFile(path.join(EXAMPLES, name), 'utf8');
}

/** The README, whose "Coding agents" section shows the example files. */
export function readme(): Promise<string> {
  return readFile(path.join(__dirname, '../../README.md'), 'utf8');
}

/** The example's text for one gateway and endpoint. */
export function fill(text: string, gatewayUrl: string, endpoint: string): string {
  return text.split(EXAMPLE_BASE).join(gatewayUrl).split(EXAMPLE_ENDPOINT).join(endpoint);
}

/** `export NAME=value` lines as an environment. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^export ([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}

/** A scratch directory: the agent's working directory, home and config live here and go away after. */
export async function scratch(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `mg-${prefix}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function writeIn(dir: string, name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Runs a CLI with stdin closed and a hard time limit (the machine has no internet: an agent
 * that waits on a network call must not hang the suite). The environment is the given one
 * on top of PATH alone, so nothing of the developer's own agent setup leaks in.
 */
export function runCli(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // The whole process group: the CLIs start helpers (sandboxes, shells) of their own.
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}

/** The run's output, for the message of a failed expectation. */
export function describeRun(run: CliRun): string {
  const tail = (text: string) => text.split('\n').slice(-60).join('\n');
  return `exit ${run.code}${run.signal ? ` (signal ${run.signal})` : ''}${run.timedOut ? ', timed out' : ''}\n--- stdout\n${tail(run.stdout)}\n--- stderr\n${tail(run.stderr)}`;
}
