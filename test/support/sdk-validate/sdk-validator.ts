import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensurePythonVenv } from '../python-venv';
import type { AnswerKind } from './answer-validate';

/**
 * The TypeScript side of the request oracle: one long-lived `validator.py` per jest
 * worker, asked over newline-delimited JSON whether an official SDK's request type
 * accepts a body. `SDK_VALIDATE=off` turns the oracle off (a machine without Python).
 */

export type SdkFormat =
  | 'openai-chat' | 'openai-embeddings' | 'openai-responses'
  | 'anthropic-messages' | 'anthropic-beta-messages' | 'anthropic-vertex'
  | 'anthropic-count-tokens' | 'anthropic-beta-count-tokens' | 'anthropic-vertex-count-tokens'
  | 'gemini-generate' | 'gemini-embed' | 'gemini-batch-embed'
  | 'mistral-chat' | 'mistral-embeddings'
  | 'bedrock-converse' | 'bedrock-converse-stream' | 'bedrock-invoke'
  | 'cohere-chat' | 'cohere-embed'
  | 'vertex-predict';

export interface Verdict {
  ok: boolean;
  problems: string[];
}

const SCRIPT = join(__dirname, 'validator.py');
/** Python and pydantic start in well under a second; a loaded 2-core machine needs headroom. */
const START_TIMEOUT_MS = 60_000;
/**
 * Jest gives every test file fresh module state and globals, but node's core modules are
 * shared by the whole worker: the process is kept on one so each worker starts it once.
 */
const SLOT = Symbol.for('model-gateway.sdk-validator');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the module object itself, not an interop copy made per test file.
const shared = require('node:child_process') as Record<symbol, Promise<ValidatorProcess> | undefined>;

export const sdkValidationEnabled = (): boolean => process.env.SDK_VALIDATE !== 'off';

/** The worker's validator, started (and its SDK imports warmed) on first use. */
export function sdkValidator(): Promise<ValidatorProcess> {
  shared[SLOT] ??= ValidatorProcess.start().catch((error) => {
    shared[SLOT] = undefined;
    throw error;
  });
  return shared[SLOT];
}

export async function validateRequest(format: SdkFormat, path: string, body: unknown): Promise<Verdict> {
  return (await sdkValidator()).ask({ format, kind: 'request', path, body });
}

/** A gateway's answer against an SDK response model (validate_answers.py), in the same long-lived process. */
export async function validateAnswer(kind: AnswerKind, body: unknown): Promise<Verdict> {
  return (await sdkValidator()).ask({ format: kind, kind: 'answer', path: '', body });
}

export class ValidatorProcess {
  /** Seconds from the Python process's start to its first answer (the SDKs load later, in the background). */
  startupSeconds = 0;
  /** Seconds the background warm-up took to import every SDK and build its types; undefined until it is done. */
  warmSeconds: number | undefined;
  /** Settles with warmSeconds once the warm-up reports, so a test waits for the event itself. */
  readonly warmed: Promise<number>;
  private markWarm!: (seconds: number) => void;
  private nextId = 1;
  private readonly pending = new Map<number, (verdict: Verdict) => void>();
  private exited: string | undefined;
  private stderr = '';

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.warmed = new Promise((resolve) => (this.markWarm = resolve));
  }

  static async start(): Promise<ValidatorProcess> {
    const python = await ensurePythonVenv();
    const child = spawn(python, [SCRIPT, '--warm'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    const validator = new ValidatorProcess(child);
    await validator.ready();
    // The worker may exit while the validator idles; the validator ends when its stdin closes.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr] as any[]) stream.unref?.();
    return validator;
  }

  ask(request: { format: SdkFormat; kind: 'request'; path: string; body: unknown } | { format: AnswerKind; kind: 'answer'; path: string; body: unknown }): Promise<Verdict> {
    if (this.exited) return Promise.resolve(this.failure());
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ id, ...request })}\n`);
    });
  }

  private ready(): Promise<void> {
    const lines = createInterface({ input: this.child.stdout });
    this.child.stderr.on('data', (chunk) => (this.stderr = (this.stderr + chunk).slice(-4000)));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the SDK validator did not start within ${START_TIMEOUT_MS} ms:\n${this.stderr}`)), START_TIMEOUT_MS);
      this.child.once('error', (error) => reject(error));
      this.child.once('exit', (code, signal) => {
        clearTimeout(timer);
        this.exited = `exited (${signal ?? code})`;
        reject(new Error(`the SDK validator ${this.exited}:\n${this.stderr}`));
        for (const resolveOne of this.pending.values()) resolveOne(this.failure());
        this.pending.clear();
      });
      lines.on('line', (line) => {
        const message = JSON.parse(line);
        if (message.warmSeconds !== undefined) {
          this.warmSeconds = message.warmSeconds;
          return this.markWarm(message.warmSeconds);
        }
        if (message.ready) {
          clearTimeout(timer);
          this.startupSeconds = message.startupSeconds;
          return resolve();
        }
        this.pending.get(message.id)?.({ ok: message.ok, problems: message.problems });
        this.pending.delete(message.id);
      });
    });
  }

  /** A dead validator fails every check loudly rather than letting bodies through unchecked. */
  private failure(): Verdict {
    return { ok: false, problems: [`the SDK validator ${this.exited}: ${this.stderr.slice(-1000)}`] };
  }
}
