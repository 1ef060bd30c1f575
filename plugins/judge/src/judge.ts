import { endpointOf } from './gateway-model';
import { GatewayClient, type RetryPolicy } from './gateway-client';
import { JudgeError } from './judge-error';
import { judgeMessages, templateVariables, verdictResponseFormat, type JudgeCase } from './judge-prompt';
import { summarize, type CaseResult, type JudgeSummary } from './judge-summary';
import { parseVerdict } from './parse-verdict';
import type { VerdictType } from './verdict-type';

export const DEFAULT_GATEWAY_URL = 'http://127.0.0.1:8080';

export interface JudgeOptions {
  /** `gateway:/<endpoint>`: a chat endpoint of the gateway. */
  model: string;
  /** The criteria, using `{{ inputs }}`, `{{ outputs }}` and/or `{{ expectations }}`. */
  instructions: string;
  cases: readonly JudgeCase[];
  /** Default: `$MODEL_GATEWAY_URL`, else http://127.0.0.1:8080. */
  gatewayUrl?: string;
  /** A gateway key, for a gateway that requires them; default `$MODEL_GATEWAY_API_KEY`. */
  apiKey?: string;
  /** Default yes-no. */
  verdict?: VerdictType;
  /** Cases judged at once; default 4. */
  concurrency?: number;
  /** Default 3 retries from 500 ms, doubling up to 8 s. */
  retry?: Partial<RetryPolicy>;
  /** Called after each case, for progress displays. */
  onCase?: (result: CaseResult, done: number, total: number) => void;
}

export interface JudgeRun {
  endpoint: string;
  gatewayUrl: string;
  verdict: VerdictType;
  /** False when the model refused the JSON schema and verdicts were read from its text. */
  structuredOutput: boolean;
  results: CaseResult[];
  summary: JudgeSummary;
}

/**
 * LLM-as-a-judge over `cases` through a running gateway: each case becomes one chat call to
 * the endpoint, asking for `{result, rationale}` as structured output, tagged as judge traffic
 * and costed by the gateway. Cases run `concurrency` at a time; a case that fails after its
 * retries is reported with its error and the others go on. Throws JudgeError before any case
 * when the identifier, the gateway or the endpoint is wrong.
 */
export async function judge(options: JudgeOptions): Promise<JudgeRun> {
  const endpoint = endpointOf(options.model);
  const variables = templateVariables(options.instructions);
  options.cases.forEach((testCase, i) => {
    const missing = variables.find((name) => testCase?.[name] === undefined);
    if (missing) throw new JudgeError(`Case ${i + 1} has no "${missing}", which the instructions use.`, 'usage');
  });
  const gatewayUrl = (options.gatewayUrl ?? process.env.MODEL_GATEWAY_URL ?? DEFAULT_GATEWAY_URL).replace(/\/+$/, '');
  const verdict = options.verdict ?? { kind: 'yes-no' };
  const apiKey = options.apiKey ?? (process.env.MODEL_GATEWAY_API_KEY || undefined);
  const client = new GatewayClient(gatewayUrl, { retries: 3, backoffMs: 500, maxBackoffMs: 8000, ...options.retry }, Math.random, apiKey);
  await client.checkEndpoint(endpoint);

  const responseFormat = verdictResponseFormat(verdict);
  const results: CaseResult[] = new Array(options.cases.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < options.cases.length) {
      const index = next++;
      results[index] = await judgeOne(client, endpoint, options.instructions, variables, verdict, responseFormat, options.cases[index], index + 1);
      options.onCase?.(results[index], ++done, options.cases.length);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, options.cases.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return { endpoint, gatewayUrl, verdict, structuredOutput: client.structuredOutput, results, summary: summarize(results, verdict) };
}

async function judgeOne(
  client: GatewayClient,
  endpoint: string,
  instructions: string,
  variables: ReturnType<typeof templateVariables>,
  verdict: VerdictType,
  responseFormat: Record<string, unknown>,
  testCase: JudgeCase,
  index: number,
): Promise<CaseResult> {
  const started = performance.now();
  let requests = 0;
  try {
    const call = await client.complete(endpoint, judgeMessages(instructions, variables, verdict, testCase), responseFormat);
    requests = call.requests;
    const usage = call.usage;
    const tokens = usage ? { prompt: usage.prompt_tokens ?? 0, completion: usage.completion_tokens ?? 0, total: usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0) } : undefined;
    const base = { index, tokens, costUsd: call.costUsd, requests, latencyMs: performance.now() - started };
    try {
      return { ...base, ...parseVerdict(call.content, verdict) };
    } catch (error) {
      return { ...base, error: (error as Error).message, latencyMs: performance.now() - started };
    }
  } catch (error) {
    return { index, error: (error as Error).message, requests, latencyMs: performance.now() - started };
  }
}
