import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkAnswer, registerAnswerSource, routeAnswer, type AnswerSource } from './answer-tap';
import { sdkValidationEnabled, sdkValidator } from './sdk-validator';

/**
 * The answer check for a gateway in its own process (gateway-process.ts): the process,
 * started with answer-capture-preload.cjs, appends each 2xx answer to a file; this reads
 * the lines not read yet whenever the jest hooks (answer-check-hooks.ts) ask and checks
 * them as the in-process tap does. An answer whose line lands after a test's afterEach is
 * checked at the next hook (the file is read from where the last read stopped).
 */

const PRELOAD = path.join(__dirname, 'answer-capture-preload.cjs');
let files = 0;

interface CapturedAnswer {
  url: string;
  status: number;
  contentType: string;
  contentEncoding: string;
  body: string;
}

export class ProcessAnswerCapture implements AnswerSource {
  closed = false;
  private offset = 0;

  private constructor(readonly file: string) {
    registerAnswerSource(this);
  }

  /** Undefined when the check is off (SDK_VALIDATE=off, or the test opted out). */
  static start(enabled = true): ProcessAnswerCapture | undefined {
    if (!enabled || !sdkValidationEnabled()) return undefined;
    // As startGateway: the SDK imports overlap the test.
    void sdkValidator().catch(() => undefined);
    return new ProcessAnswerCapture(path.join(os.tmpdir(), `mg-answers-${process.pid}-${Date.now()}-${++files}.jsonl`));
  }

  /** What the gateway process needs: the preload on node's command line, the file in its environment. */
  get nodeArgs(): string[] {
    return ['--require', PRELOAD];
  }

  get env(): Record<string, string> {
    return { ANSWER_CAPTURE_FILE: this.file };
  }

  async problems(): Promise<string[]> {
    let text: Buffer;
    try {
      text = await readFile(this.file);
    } catch {
      return []; // No answer yet: the process creates the file on its first.
    }
    const complete = text.lastIndexOf('\n') + 1;
    const lines = text.subarray(this.offset, complete).toString('utf8').split('\n').filter(Boolean);
    this.offset = Math.max(this.offset, complete);
    const found = await Promise.all(lines.map((line) => this.check(JSON.parse(line) as CapturedAnswer)));
    if (this.closed) await rm(this.file, { force: true });
    return found.flat();
  }

  private check(answer: CapturedAnswer): Promise<string[]> {
    const url = new URL(answer.url, 'http://gateway');
    const route = routeAnswer(url.pathname);
    if (!route) return Promise.resolve([]);
    const label = `POST ${url.pathname}${url.search} (gateway process) → ${answer.status}`;
    return checkAnswer(route, label, answer.contentType, answer.contentEncoding, Buffer.from(answer.body, 'base64'));
  }
}
