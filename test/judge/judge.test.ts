import { judge, JudgeError, type JudgeCase, type JudgeRun } from '@model-gateway/judge';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake, respondOpenAi, type OpenAiRequest } from '../fakes/openai-fake';
import { schemaAnswer } from '../fakes/schema-answer';
import { findFreePort } from '../support/redis-server';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * The TypeScript judge through a real gateway in front of the fakes, on OpenAI-, Anthropic-
 * and Gemini-format endpoints: verdicts and rationales travel as JSON-schema structured
 * output and back; a model without it gets a 400 and the judge reads JSON from its text;
 * 429s and 5xx are retried; concurrency is bounded; costs come from the gateway.
 */

const INSTRUCTIONS = 'Does {{ outputs }} answer {{ inputs }} correctly, as {{ expectations }} says?';

/** Three cases the fakes answer yes, no, yes (through the [[name=value]] markers). */
const CASES: JudgeCase[] = [
  { inputs: { question: '2 + 2?' }, outputs: '4', expectations: { expected: '4 [[result=yes]] [[rationale=the sum is right]]' } },
  { inputs: { question: 'Capital of France?' }, outputs: 'Lyon', expectations: { expected: 'Paris [[result=no]] [[rationale=it is Paris]]' } },
  { inputs: { question: 'Sky colour?' }, outputs: 'blue', expectations: { expected: 'blue [[result=yes]] [[rationale=blue it is]]' } },
];

const VERDICT_SCHEMA = { type: 'object', properties: { result: { type: 'string', enum: ['yes', 'no'] }, rationale: { type: 'string' } } };
const FAST_RETRY = { backoffMs: 5, maxBackoffMs: 20 };

describe('judge()', () => {
  let openai: OpenAiFake;
  let plain: OpenAiFake;
  let slow: OpenAiFake;
  let anthropic: AnthropicFake;
  let gemini: GeminiFake;
  let gw: TestGateway;
  let inFlight = 0;
  let maxInFlight = 0;

  beforeAll(async () => {
    openai = await OpenAiFake.start();
    // A model without structured output: 400 on response_format, JSON in prose without it.
    plain = await OpenAiFake.start({
      rules: (req) => (req.body?.response_format ? 'response_format is not supported with this model' : undefined),
      script: (req: OpenAiRequest) => (req.body?.response_format ? undefined : respondOpenAi.chat({ content: `Sure. ${schemaAnswer(VERDICT_SCHEMA, req.view)} Hope that helps.` })),
    });
    // Counts calls in progress, to check the judge's concurrency bound.
    slow = await OpenAiFake.start({
      script: () => async (req, res) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await new Promise((r) => setTimeout(r, 40));
        inFlight--;
        respondOpenAi.chat()(req, res);
      },
    });
    anthropic = await AnthropicFake.start();
    gemini = await GeminiFake.start();
    gw = await startGateway(`
providers:
  gpt: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-judge-1" }
  gpt-plain: { type: openai, base_url: "${plain.baseUrl}", api_key: "sk-judge-2" }
  gpt-slow: { type: openai, base_url: "${slow.baseUrl}", api_key: "sk-judge-3" }
  claude: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-judge-4" }
  gem: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-judge-5" }
endpoints:
  - { name: judge-openai, kind: chat, provider: gpt, model: gpt-4o-mini }
  - { name: judge-anthropic, kind: chat, provider: claude, model: claude-haiku-4-5 }
  - { name: judge-gemini, kind: chat, provider: gem, model: gemini-2.5-flash }
  - { name: judge-plain, kind: chat, provider: gpt-plain, model: gpt-4o-mini }
  - { name: judge-slow, kind: chat, provider: gpt-slow, model: gpt-4o-mini }
  - { name: judge-mock, kind: chat, provider: mock, model: echo }
  - { name: my-embed, kind: embeddings, provider: gpt, model: text-embedding-3-small, retry: { attempts: 0 } }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await Promise.all([openai?.close(), plain?.close(), slow?.close(), anthropic?.close(), gemini?.close()]);
  });

  const run = (endpoint: string, extra: Partial<Parameters<typeof judge>[0]> = {}): Promise<JudgeRun> =>
    judge({ model: `gateway:/${endpoint}`, instructions: INSTRUCTIONS, cases: CASES, gatewayUrl: gw.url, retry: FAST_RETRY, ...extra });

  it.each(['judge-openai', 'judge-anthropic', 'judge-gemini'])('gets each verdict and rationale back through %s as structured output', async (endpoint) => {
    const result = await run(endpoint);
    expect(result.structuredOutput).toBe(true);
    expect(result.results.map((r) => [r.index, r.verdict, r.rationale, r.error])).toEqual([
      [1, 'yes', 'the sum is right', undefined],
      [2, 'no', 'it is Paris', undefined],
      [3, 'yes', 'blue it is', undefined],
    ]);
    expect(result.summary).toMatchObject({ cases: 3, judged: 3, errors: 0, unpricedCases: 0 });
    expect(result.summary.passRate).toBeCloseTo(2 / 3, 12);
    for (const r of result.results) {
      expect(r.tokens!.total).toBeGreaterThan(0);
      expect(r.costUsd).toBeGreaterThan(0);
    }
    expect(result.summary.totalCostUsd).toBeCloseTo(result.results.reduce((usd, r) => usd + r.costUsd!, 0), 15);
    expect(result.summary.latencyMs.p50).toBeGreaterThan(0);
    expect(result.summary.latencyMs.p95).toBeGreaterThanOrEqual(result.summary.latencyMs.p50!);
  });

  it('puts the schema and the templated case in the provider request, tagged as judge traffic', async () => {
    anthropic.reset();
    await run('judge-anthropic', { cases: [CASES[0]] });
    const [request] = anthropic.requests;
    expect(request.body.output_config.format.schema.properties.result.enum).toEqual(['yes', 'no']);
    expect(request.body.system).toContain('Your task: Does {{ outputs }} answer {{ inputs }} correctly');
    expect(request.view.turns[0].text).toBe('outputs: 4\ninputs: {"question":"2 + 2?"}\nexpectations: {"expected":"4 [[result=yes]] [[rationale=the sum is right]]"}');
    const usage: any = await (await fetch(`${gw.url}/api/usage?endpoint=judge-anthropic&caller=judge`)).json();
    expect(usage.data[0].requests).toBeGreaterThanOrEqual(1);
  });

  it('falls back to JSON in the text after a 400 refusing the schema, and says so', async () => {
    plain.reset();
    const result = await run('judge-plain', { concurrency: 1 });
    expect(result.structuredOutput).toBe(false);
    expect(result.results.map((r) => r.verdict)).toEqual(['yes', 'no', 'yes']);
    // One refused call, then every case without the schema.
    expect(plain.requests.map((r) => Boolean(r.body.response_format))).toEqual([true, false, false, false]);
  });

  it('retries a case after a 429 and a 503, and reports how many requests it took', async () => {
    openai.reset();
    openai.enqueue(
      respondOpenAi.error(429, 'rate_limit_exceeded', 'slow down', null, { 'retry-after': '0' }),
      respondOpenAi.error(503, 'server_error', 'overloaded'),
    );
    const result = await run('judge-openai', { cases: [CASES[1]] });
    expect(result.results[0]).toMatchObject({ verdict: 'no', requests: 3 });
    expect(openai.requests).toHaveLength(3);
  });

  it('gives up on a case after its retries, reports the error and judges the rest', async () => {
    openai.reset();
    openai.enqueue(...Array.from({ length: 3 }, () => respondOpenAi.error(500, 'server_error', 'broken')));
    const result = await run('judge-openai', { concurrency: 1, retry: { ...FAST_RETRY, retries: 2 } });
    expect(result.results[0].error).toMatch(/^the gateway answered 502: /);
    expect(result.results.slice(1).map((r) => r.verdict)).toEqual(['no', 'yes']);
    expect(result.summary).toMatchObject({ judged: 2, errors: 1 });
    expect(result.summary.passRate).toBe(0.5);
  });

  it('judges at most `concurrency` cases at once', async () => {
    maxInFlight = 0;
    const cases = Array.from({ length: 6 }, () => CASES[0]);
    const result = await run('judge-slow', { cases, concurrency: 2 });
    expect(result.summary.judged).toBe(6);
    expect(maxInFlight).toBe(2);
  });

  it('reports an answer that is not a verdict as that case\'s error', async () => {
    // The mock echoes the prompt back: no JSON object in it.
    const result = await run('judge-mock', { cases: [CASES[0]] });
    expect(result.results[0].error).toMatch(/no JSON object|is not a yes-no verdict/);
    // The mock's model has no price: the case is unpriced, not free.
    expect(result.results[0].costUsd).toBeUndefined();
  });

  it('summarizes scores as a distribution with their mean', async () => {
    const scored: JudgeCase[] = [3, 5, 5].map((score) => ({ outputs: `answer [[result=${score}]]` }));
    const result = await run('judge-gemini', { instructions: 'Rate {{ outputs }} from 1 to 5.', cases: scored, verdict: { kind: 'score', min: 1, max: 5 } });
    expect(result.summary.distribution).toEqual({ '3': 1, '5': 2 });
    expect(result.summary.meanScore).toBeCloseTo(13 / 3, 12);
  });

  describe('refuses to start, with a clear message', () => {
    it.each([
      ['gateway:/', /names no endpoint/],
      ['gateway:x', /must be "gateway:\/<endpoint>"/],
      ['openai:/gpt-4o', /must be "gateway:\/<endpoint>"/],
      ['gateway:/has space', /not an endpoint name/],
    ])('a malformed identifier %s', async (model, message) => {
      await expect(judge({ model, instructions: INSTRUCTIONS, cases: CASES, gatewayUrl: gw.url })).rejects.toThrow(message);
    });

    it('an unknown endpoint, or one that is not chat', async () => {
      await expect(run('nope')).rejects.toThrow(`The gateway at ${gw.url} has no endpoint "nope"`);
      await expect(run('my-embed')).rejects.toThrow('Endpoint "my-embed" is an embeddings endpoint; a judge needs a chat endpoint.');
    });

    it('an unreachable gateway', async () => {
      const port = await findFreePort();
      const error = await run('judge-openai', { gatewayUrl: `http://127.0.0.1:${port}` }).catch((e) => e);
      expect(error).toBeInstanceOf(JudgeError);
      expect(error.message).toBe(`Cannot reach the gateway at http://127.0.0.1:${port} (ECONNREFUSED). Start it, or point MODEL_GATEWAY_URL (or --gateway) at it.`);
    });

    it('instructions without a template variable, or a case without a field they use', async () => {
      await expect(run('judge-openai', { instructions: 'Is it good?' })).rejects.toThrow('must use at least one of {{ inputs }}');
      await expect(run('judge-openai', { cases: [CASES[0], { inputs: 'x', outputs: 'y' }] })).rejects.toThrow('Case 2 has no "expectations"');
    });
  });
});

describe('judge() on a gateway that requires keys', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(`
auth: { require_keys: true }
providers:
  gpt: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-judge-keys-1" }
endpoints:
  - { name: judge-openai, kind: chat, provider: gpt, model: gpt-4o-mini }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  it('says to set MODEL_GATEWAY_API_KEY without a key, and judges with one, its calls counted under the key', async () => {
    const without = judge({ model: 'gateway:/judge-openai', instructions: INSTRUCTIONS, cases: CASES, gatewayUrl: gw.url, retry: FAST_RETRY });
    await expect(without).rejects.toThrow(/requires a gateway key: .*Set MODEL_GATEWAY_API_KEY/);
    const created = await fetch(`${gw.url}/api/keys`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'judge', endpoints: ['judge-openai'] }) });
    const { id, key } = (await created.json()) as { id: string; key: string };
    const result = await judge({ model: 'gateway:/judge-openai', instructions: INSTRUCTIONS, cases: CASES, gatewayUrl: gw.url, retry: FAST_RETRY, apiKey: key });
    expect(result.summary).toMatchObject({ cases: 3, judged: 3, errors: 0 });
    const lines = gw.logs.map((l) => JSON.parse(l)).filter((e) => e.msg === 'usage');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.usage).toMatchObject({ caller: 'judge', principal: id });
  });
});
