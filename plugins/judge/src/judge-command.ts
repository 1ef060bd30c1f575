import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CliCommand, CliCommandContext } from '@model-gateway/core';
import { DEFAULT_GATEWAY_URL, judge } from './judge';
import { JudgeError } from './judge-error';
import type { JudgeCase } from './judge-prompt';
import { renderReport } from './judge-report';
import { ProgressBar } from './progress-bar';
import { parseVerdictType, type VerdictType } from './verdict-type';

const USAGE = `model-gateway judge --model gateway:/<endpoint> --instructions <file or text> --data <cases.jsonl> [options]

  LLM-as-a-judge through a running gateway: one chat call per case to the endpoint, asking
  for {result, rationale} as JSON-schema structured output (or JSON in its text when the
  model lacks structured output), tagged as judge traffic (x-gateway-caller: judge).

  --model gateway:/<endpoint>   the gateway's chat endpoint that judges
  --instructions <file|text>    the criteria; use {{ inputs }}, {{ outputs }}, {{ expectations }}
  --data <cases.jsonl>          one JSON object per line with inputs, outputs, expectations
  --verdict <type>              yes-no (default), boolean, text, score (1-5) or score:<min>-<max>
  --gateway <url>               default $MODEL_GATEWAY_URL, else ${DEFAULT_GATEWAY_URL}
                                a gateway that requires keys gets $MODEL_GATEWAY_API_KEY
  --concurrency <n>             cases judged at once (default 4)
  --retries <n>                 retries of a case after a 429, a 5xx or a lost connection (default 3)
  --json                        print the results and summary as JSON

  Exit status: 0 when every case was judged, 1 when a case failed or the gateway or endpoint
  cannot be used, 2 for a usage error.
`;

const FLAGS = new Set(['model', 'instructions', 'data', 'verdict', 'gateway', 'concurrency', 'retries', 'json']);

/** `model-gateway judge`: the judge module as a command. */
export const judgeCommand: CliCommand = {
  name: 'judge',
  summary: 'Judge cases (JSONL) with an LLM through a running gateway: verdicts, rationales, cost, latency.',
  usage: USAGE,
  async run(argv, context) {
    let options: ReturnType<typeof parseOptions>;
    try {
      options = parseOptions(argv, context);
    } catch (error) {
      context.stderr.write(`error: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    const progress = new ProgressBar(context.stderr, options.cases.length);
    let failed = 0;
    try {
      const run = await judge({
        ...options,
        onCase: (result, done) => {
          if (result.error) failed++;
          progress.update(done, failed);
        },
      });
      progress.finish();
      context.stdout.write(options.json ? `${JSON.stringify({ endpoint: run.endpoint, gateway: run.gatewayUrl, verdict: run.verdict, structured_output: run.structuredOutput, results: run.results, summary: run.summary }, null, 2)}\n` : renderReport(run));
      return run.summary.errors > 0 ? 1 : 0;
    } catch (error) {
      progress.finish();
      context.stderr.write(`error: ${(error as Error).message}\n`);
      return error instanceof JudgeError && error.kind === 'usage' ? 2 : 1;
    }
  },
};

function parseOptions(argv: readonly string[], context: CliCommandContext) {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (!FLAGS.has(name)) throw new Error(`unknown option --${name}`);
    if (name === 'json') {
      values.set(name, 'true');
      continue;
    }
    const value = eq < 0 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new Error(`--${name} needs a value`);
    values.set(name, value);
  }
  for (const required of ['model', 'instructions', 'data']) if (!values.has(required)) throw new Error(`--${required} is required`);
  const verdict: VerdictType | undefined = values.has('verdict') ? parseVerdictType(values.get('verdict')!) : { kind: 'yes-no' };
  if (!verdict) throw new Error(`--verdict must be yes-no, boolean, text, score or score:<min>-<max>, got "${values.get('verdict')}"`);
  return {
    model: values.get('model')!,
    instructions: textOrFile(values.get('instructions')!, context.cwd),
    cases: readCases(resolve(context.cwd, values.get('data')!)),
    gatewayUrl: values.get('gateway') ?? context.env.MODEL_GATEWAY_URL ?? DEFAULT_GATEWAY_URL,
    // From the environment only: a key on the command line would show in process listings.
    apiKey: context.env.MODEL_GATEWAY_API_KEY || undefined,
    verdict,
    concurrency: positiveInt(values.get('concurrency'), 'concurrency', 4),
    retry: { retries: positiveInt(values.get('retries'), 'retries', 3, 0) },
    json: values.has('json'),
  };
}

/** A path to an existing file is read; anything else is the instructions themselves. */
function textOrFile(value: string, cwd: string): string {
  const path = resolve(cwd, value);
  return existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : value;
}

function readCases(path: string): JudgeCase[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read --data ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const cases: JudgeCase[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${path}:${i + 1}: not a JSON object`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${path}:${i + 1}: not a JSON object`);
    cases.push(value as JudgeCase);
  });
  if (cases.length === 0) throw new Error(`${path} holds no cases`);
  return cases;
}

function positiveInt(value: string | undefined, name: string, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return n;
}
