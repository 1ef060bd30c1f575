import path from 'node:path';
import { FIXTURES } from '../conformance/conformance-fixtures';
import type { ConformanceFake, ProviderProfile } from '../conformance/conformance-types';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { eventually } from '../support/eventually';
import { PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { answerProblems, type AnswerCheck } from '../support/sdk-validate/answer-validate';
import { CHAT_CALLS, CHAT_SCENARIOS, EMBEDDINGS_CALLS, type CallTarget } from './answer-shapes-calls';
import { GATEWAY_EXTENSIONS, isGatewayExtension, isKnownDefect } from './answer-shapes-extensions';

/**
 * Every answer a client gets, in every client format, from every provider family the
 * gateway translates from, validated by the official Python SDKs' own pydantic models
 * (plus a check for keys no model declares). Over real HTTP against the test fakes,
 * which answer the conformance scenarios in each provider's wire format.
 */

const FAMILIES = ['openai', 'anthropic', 'gemini', 'bedrock', 'cohere', 'mistral'];
const DECLARED_REASONING = ['openai', 'cohere'];
const ANTHROPIC_PRICES = { input_price_per_mtok: 1, output_price_per_mtok: 5, cache_read_price_per_mtok: 0.1, cache_write_price_per_mtok: 1.25 };
const profileOf = (type: string) => (require(path.join(__dirname, '../conformance/profiles', `${type}.ts`)) as { profile: ProviderProfile }).profile;
const profiles = FAMILIES.map(profileOf);

interface Answer {
  checks: AnswerCheck[];
  /** A call that failed outright (non-200, unparsable) is a problem too. */
  failure?: string;
}

let fakes: ConformanceFake[] = [];
let gw: TestGateway;
/** Keyed by "{family} {format} {mode} {scenario}" for chat, "{family} {route}" for embeddings. */
const answers = new Map<string, Answer>();
const problems = new Map<string, string[]>();

beforeAll(async () => {
  fakes = await Promise.all(profiles.map((p) => p.startFake()));
  gw = await startGateway(gatewayConfig(profiles, fakes));
  const calls: Array<[string, () => Promise<AnswerCheck[]>]> = [];
  for (const p of profiles) {
    const chat: CallTarget = { gatewayUrl: gw.url, endpoint: `chat-${p.type}`, label: p.type };
    for (const [format, call] of Object.entries(CHAT_CALLS)) {
      for (const stream of [false, true]) {
        for (const scenario of CHAT_SCENARIOS) {
          const key = `${p.type} ${format} ${stream ? 'stream' : 'whole'} ${scenario}`;
          calls.push([key, () => call({ ...chat, label: key }, scenario, stream)]);
        }
      }
    }
    if (!p.embeddingsModel) continue;
    for (const [route, call] of Object.entries(EMBEDDINGS_CALLS)) {
      const key = `${p.type} ${route}`;
      calls.push([key, () => call({ gatewayUrl: gw.url, endpoint: `embed-${p.type}`, label: key })]);
    }
  }
  for (const [key, run] of calls) {
    try {
      answers.set(key, { checks: await run() });
    } catch (error) {
      answers.set(key, { checks: [], failure: (error as Error).message });
    }
  }
  const all = [...answers.values()].flatMap((a) => a.checks);
  const found = await answerProblems(all);
  for (const key of answers.keys()) {
    const mine = found.filter((line) => line.startsWith(`${key} (`) || line.startsWith(`${key},`)).filter((line) => !isGatewayExtension(line) && !isKnownDefect(line));
    const failure = answers.get(key)!.failure;
    problems.set(key, failure && !isKnownDefect(failure) ? [failure, ...mine] : mine);
  }
}, PYTHON_VENV_SETUP_TIMEOUT_MS + 120_000);

afterAll(async () => {
  await gw?.close();
  await Promise.all(fakes.map((f) => f.close()));
});

function gatewayConfig(list: ProviderProfile[], started: ConformanceFake[]): string {
  const breaker = { enabled: false };
  const providers = Object.fromEntries(list.map((p, i) => [p.type, { type: p.type, ...p.connection(started[i]) }]));
  const endpoints = list.flatMap((p) => [
    { name: `chat-${p.type}`, kind: 'chat', provider: p.type, model: p.model, breaker },
    ...(p.embeddingsModel ? [{ name: `embed-${p.type}`, kind: 'embeddings', provider: p.type, model: p.embeddingsModel, breaker }] : []),
  ]);
  // The catalogue gives these test models no reasoning flag, and their fakes answer reasoning only when asked for it.
  const models: Record<string, Record<string, object>> = Object.fromEntries(list.filter((p) => DECLARED_REASONING.includes(p.type)).map((p) => [p.type, { [p.model]: { reasoning: true } }]));
  // Flat prices with a cache-write rate of its own, so the usage record's cost shows cache writes priced as such.
  models.anthropic = { [profileOf('anthropic').model]: ANTHROPIC_PRICES };
  return JSON.stringify({ providers, endpoints, models });
}

const chatCases = FAMILIES.flatMap((family) =>
  Object.keys(CHAT_CALLS).flatMap((format) => ['whole', 'stream'].flatMap((mode) => CHAT_SCENARIOS.map((scenario) => `${family} ${format} ${mode} ${scenario}`))),
);
const embeddingsCases = profiles.filter((p) => p.embeddingsModel).flatMap((p) => Object.keys(EMBEDDINGS_CALLS).map((route) => `${p.type} ${route}`));

describe('answers validate against the official SDKs', () => {
  it.each(chatCases)('%s', (key) => expect(problems.get(key)).toEqual([]));
  it.each(embeddingsCases)('%s', (key) => expect(problems.get(key)).toEqual([]));

  it('the gateway extensions the check lets through are few and named', () => {
    expect(GATEWAY_EXTENSIONS.length).toBeLessThan(10);
  });
});

const body = (key: string, index = 0) => answers.get(key)?.checks[index]?.body as any;
const events = (key: string) => (answers.get(key)?.checks ?? []).map((c) => c.body as any);
const { cachedRead, cacheWrite } = FIXTURES.usage;

describe('usage fields', () => {
  it('Gemini embeddings in OpenAI format carry usage: zeros, as Gemini reports no token counts', () => {
    for (const route of ['native-v1-embeddings', 'openai-v1-embeddings', 'native-invocations']) {
      expect(body(`gemini ${route}`).usage).toEqual({ prompt_tokens: 0, total_tokens: 0 });
    }
  });

  it.each(FAMILIES)('translated Responses answers from %s carry every usage field, whole and in response.completed', (family) => {
    const whole = body(`${family} responses whole cache-usage`).usage;
    const completed = events(`${family} responses stream cache-usage`).find((e) => e.type === 'response.completed')?.response.usage;
    for (const usage of [whole, completed]) {
      expect(Object.keys(usage).sort()).toEqual(['input_tokens', 'input_tokens_details', 'output_tokens', 'output_tokens_details', 'total_tokens']);
      expect(Object.keys(usage.input_tokens_details).sort()).toEqual(['cache_write_tokens', 'cached_tokens']);
      expect(Object.keys(usage.output_tokens_details)).toEqual(['reasoning_tokens']);
    }
  });

  it.each(['anthropic', 'bedrock'])('cache writes from %s reach Chat Completions clients as prompt_tokens_details.cache_write_tokens', (family) => {
    expect(body(`${family} chat-completions whole cache-usage`).usage.prompt_tokens_details).toEqual({ cached_tokens: cachedRead, cache_write_tokens: cacheWrite });
    const streamed = events(`${family} chat-completions stream cache-usage`).filter((e) => e.usage).pop();
    expect(streamed.usage.prompt_tokens_details).toEqual({ cached_tokens: cachedRead, cache_write_tokens: cacheWrite });
  });

  it.each(['anthropic', 'bedrock'])('cache writes from %s reach Responses clients as input_tokens_details.cache_write_tokens', (family) => {
    expect(body(`${family} responses whole cache-usage`).usage.input_tokens_details).toEqual({ cached_tokens: cachedRead, cache_write_tokens: cacheWrite });
    const completed = events(`${family} responses stream cache-usage`).find((e) => e.type === 'response.completed');
    expect(completed.response.usage.input_tokens_details).toEqual({ cached_tokens: cachedRead, cache_write_tokens: cacheWrite });
  });

  it('cache writes stay in the usage records, priced at the cache-write rate', async () => {
    await eventually(() => {
      const records = gw.logs.filter((l) => l.includes('"msg":"usage"')).map((l) => JSON.parse(l).usage);
      const anthropic = records.filter((r) => r.endpoint === 'chat-anthropic' && r.usage?.cacheWriteTokens !== undefined);
      expect(anthropic.length).toBeGreaterThan(0);
      const { usage, costUsd } = anthropic[0];
      expect(usage).toMatchObject({ cachedInputTokens: cachedRead, cacheWriteTokens: cacheWrite });
      const p = ANTHROPIC_PRICES;
      const uncached = usage.inputTokens - cachedRead - cacheWrite;
      const micro = uncached * p.input_price_per_mtok + cachedRead * p.cache_read_price_per_mtok + cacheWrite * p.cache_write_price_per_mtok + usage.outputTokens * p.output_price_per_mtok;
      expect(costUsd).toBeCloseTo(micro / 1_000_000, 12);
    });
  });
});
