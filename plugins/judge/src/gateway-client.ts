import { JudgeError } from './judge-error';

export interface RetryPolicy {
  /** Extra tries after a 429, a 5xx or a failed connection. */
  retries: number;
  /** The first backoff; each retry doubles it (with jitter), up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

export interface ChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

export interface CompletedCall {
  content: string;
  usage?: ChatUsage;
  /** From the gateway's `x-gateway-cost-usd` header: what usage accounting charged for this call; undefined when unpriced. */
  costUsd?: number;
  /** HTTP requests it took (retries and the structured-output fallback included). */
  requests: number;
}

/** The header the gateway files usage under (usage records, `/api/usage?caller=judge`). */
const CALLER = 'judge';
const RETRYABLE = new Set([408, 409, 429, 500, 502, 503, 504, 529]);
/** How providers say they lack structured output (MLflow's judges look for the same words). */
const STRUCTURED_OUTPUT_REFUSAL = /response_format|json_schema|structured output|output_config/i;

/**
 * The judge's client of a running gateway: one endpoint check, then chat calls on the
 * unified API tagged `x-gateway-caller: judge`, retried on 429 and 5xx with exponential
 * backoff (or the Retry-After the gateway relays). After a 400 that refuses the JSON schema,
 * it asks without one for the rest of the run and reads the JSON from the answer's text.
 */
export class GatewayClient {
  /** Cleared by the first refusal of structured output: the model lacks it, so later calls do not ask again. */
  structuredOutput = true;

  private readonly headers: Record<string, string>;

  /** `apiKey`: a gateway key, for a gateway that requires them (sent as `Authorization: Bearer`). */
  constructor(readonly baseUrl: string, private readonly policy: RetryPolicy, private readonly random: () => number = Math.random, apiKey?: string) {
    this.headers = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  }

  /** Fails with a message naming the problem: gateway unreachable, endpoint unknown or not a chat endpoint. */
  async checkEndpoint(endpoint: string): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/gateway/native/v1/models/${encodeURIComponent(endpoint)}`, { headers: this.headers });
    } catch (error) {
      throw new JudgeError(`Cannot reach the gateway at ${this.baseUrl} (${reason(error)}). Start it, or point MODEL_GATEWAY_URL (or --gateway) at it.`);
    }
    if (response.status === 404) throw new JudgeError(`The gateway at ${this.baseUrl} has no endpoint "${endpoint}" (GET /gateway/native/v1/models lists them).`);
    if (response.status === 401) throw new JudgeError(`The gateway at ${this.baseUrl} requires a gateway key: ${await errorMessage(response)} Set MODEL_GATEWAY_API_KEY to one.`);
    if (!response.ok) throw new JudgeError(`The gateway at ${this.baseUrl} answered ${response.status} when asked for endpoint "${endpoint}": ${await errorMessage(response)}`);
    const model = (await response.json().catch(() => ({}))) as { kind?: string };
    if (model.kind && model.kind !== 'chat') throw new JudgeError(`Endpoint "${endpoint}" is an ${model.kind} endpoint; a judge needs a chat endpoint.`);
  }

  async complete(endpoint: string, messages: unknown[], responseFormat: Record<string, unknown>): Promise<CompletedCall> {
    let requests = 0;
    for (let retry = 0; ; ) {
      requests++;
      const body = { model: endpoint, messages, temperature: 0, ...(this.structuredOutput ? { response_format: responseFormat } : {}) };
      let response: Response;
      try {
        response = await fetch(`${this.baseUrl}/gateway/native/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-gateway-caller': CALLER, ...this.headers },
          body: JSON.stringify(body),
        });
      } catch (error) {
        if (retry >= this.policy.retries) throw new Error(`cannot reach the gateway at ${this.baseUrl} (${reason(error)})`);
        await sleep(this.backoff(retry++));
        continue;
      }
      if (response.ok) return answerOf(await response.json(), response.headers, requests);
      const message = await errorMessage(response);
      if (response.status === 400 && this.structuredOutput && STRUCTURED_OUTPUT_REFUSAL.test(message)) {
        this.structuredOutput = false;
        continue;
      }
      if (!RETRYABLE.has(response.status) || retry >= this.policy.retries) throw new Error(`the gateway answered ${response.status}: ${message}`);
      await sleep(retryAfterMs(response.headers) ?? this.backoff(retry));
      retry++;
    }
  }

  /** Full jitter over an exponentially growing ceiling. */
  private backoff(retry: number): number {
    return Math.round(this.random() * Math.min(this.policy.maxBackoffMs, this.policy.backoffMs * 2 ** retry));
  }
}

function answerOf(json: any, headers: Headers, requests: number): CompletedCall {
  const content = json?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new Error('the gateway answered without a message content');
  const cost = headers.get('x-gateway-cost-usd');
  return { content, usage: json.usage, costUsd: cost === null ? undefined : Number(cost), requests };
}

async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const message = JSON.parse(text)?.error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: show the text itself.
  }
  return text.slice(0, 300) || response.statusText;
}

function retryAfterMs(headers: Headers): number | undefined {
  const seconds = Number(headers.get('retry-after'));
  return headers.get('retry-after') !== null && Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : undefined;
}

function reason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
