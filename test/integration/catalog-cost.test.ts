import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { calcPrice, findProvider } from '@pydantic/genai-prices';
import { OpenAiFake, OPENAI_USAGE } from '../fakes/openai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';
import { eventually } from '../support/eventually';

/**
 * Cost from the model catalogue, end to end: calls through a gateway to a fake OpenAI
 * upstream (which reports OPENAI_USAGE: 11 prompt tokens of which 3 cached, 7 completion) and the
 * mock, read back from the usage log lines and GET /api/usage. The config's models:
 * section changes what a call costs, including after a reload; an unknown model costs 0 and says so.
 */
const uncached = OPENAI_USAGE.prompt_tokens - OPENAI_USAGE.prompt_tokens_details.cached_tokens;
const cached = OPENAI_USAGE.prompt_tokens_details.cached_tokens;
const flat = (input: number, cacheRead: number, output: number) => (uncached * input + cached * cacheRead + OPENAI_USAGE.completion_tokens * output) / 1_000_000;

function config(upstreamUrl: string, gpt4oPrices: string): string {
  return `
providers:
  up: { type: openai, base_url: "${upstreamUrl}", api_key: "sk-cost-test-0123456789" }
  fake: { type: mock }
models:
  openai:
    gpt-4o: { ${gpt4oPrices} }
  mock:
    mock-model: { input_price_per_mtok: 2, output_price_per_mtok: 4 }
endpoints:
  - { name: listed, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: overridden, kind: chat, provider: up, model: gpt-4o }
  - { name: unknown, kind: chat, provider: up, model: my-unlisted-model }
  - { name: mocked, kind: chat, provider: fake, model: mock-model }
`;
}

describe('cost from the model catalogue', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-cost-'));
    file = path.join(dir, 'gateway.yaml');
    fs.writeFileSync(file, config(upstream.baseUrl, 'input_price_per_mtok: 10, output_price_per_mtok: 30, cache_read_price_per_mtok: 1'));
    gw = await startGateway('', { configText: undefined, configFile: file });
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Makes one call and returns its usage log record. */
  async function call(endpoint: string): Promise<any> {
    const response = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: endpoint, messages: [{ role: 'user', content: 'price me' }] });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    return eventually(() => {
      const record = gw.logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'usage' && entry.usage.requestId === requestId)?.usage;
      expect(record).toBeDefined();
      return record;
    });
  }

  it('prices a listed model from genai-prices (cache reads at their own rate)', async () => {
    const record = await call('listed');
    const expected = calcPrice({ input_tokens: OPENAI_USAGE.prompt_tokens, cache_read_tokens: cached, output_tokens: OPENAI_USAGE.completion_tokens }, 'gpt-4o-mini', { providerId: 'openai' })!.total_price;
    expect(record).toMatchObject({ priced: true });
    expect(record.costUsd).toBeCloseTo(expected, 12);
    expect(record).not.toHaveProperty('costNote');
  });

  it('prices a model the config overrides with the config\'s prices, not the price list\'s', async () => {
    const record = await call('overridden');
    expect(record.priced).toBe(true);
    expect(record.costUsd).toBeCloseTo(flat(10, 1, 30), 12);
    const listPrice = calcPrice({ input_tokens: OPENAI_USAGE.prompt_tokens, cache_read_tokens: cached, output_tokens: OPENAI_USAGE.completion_tokens }, 'gpt-4o', { providerId: 'openai' })!.total_price;
    expect(record.costUsd).not.toBeCloseTo(listPrice, 9);
  });

  it('prices a model the config adds for a type the price list does not know (the mock)', async () => {
    const record = await call('mocked');
    expect(record).toMatchObject({ providerType: 'mock', priced: true });
    expect(record.costUsd).toBeCloseTo((record.usage.inputTokens * 2 + record.usage.outputTokens * 4) / 1_000_000, 12);
  });

  it('costs an unknown model 0, flags it unpriced with a reason, and counts it in unpriced_requests', async () => {
    const record = await call('unknown');
    expect(record).toMatchObject({
      costUsd: 0,
      priced: false,
      costNote: 'model "my-unlisted-model" is not in the model catalogue for provider type "openai"',
    });
    await eventually(async () => {
      const usage = (await (await fetch(`${gw.url}/api/usage?endpoint=unknown`)).json()) as any;
      expect(usage.data.reduce((sum: number, row: any) => sum + row.unpriced_requests, 0)).toBe(1);
      expect(usage.data.reduce((sum: number, row: any) => sum + row.cost_usd, 0)).toBe(0);
    });
  });

  it('applies a reloaded models: section from the next call on', async () => {
    fs.writeFileSync(file, config(upstream.baseUrl, 'input_price_per_mtok: 100, output_price_per_mtok: 300'));
    expect(await gw.gateway.reload()).toBe(true);
    const record = await call('overridden');
    // The reloaded entry sets no cache-read price, so gpt-4o keeps the price list's own.
    const listCacheRead = (findProvider({ providerId: 'openai' })!.models.find((m) => m.id === 'gpt-4o')!.prices as Record<string, number>).cache_read_mtok;
    expect(record.costUsd).toBeCloseTo(flat(100, listCacheRead, 300), 12);
  });
});
