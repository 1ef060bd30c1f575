import { calcPrice } from '@pydantic/genai-prices';
import { OpenAiFake, OPENAI_USAGE, respondOpenAi } from '../fakes/openai-fake';
import type { AdminClient } from '../support/admin-client';
import { startAdminGateway, stopAdminGateway } from '../support/admin-gateway';
import { eventually, waitFor } from '../support/eventually';
import { postJson, type TestGateway } from '../support/start-gateway';

const AZURE_KEY = 'azure-catalog-model-key-0123456789';
const DEPLOYMENT_PATH = '/openai/deployments/prod-mini/chat/completions?api-version=2024-10-21';
/** Far below what one gpt-4o-mini call may cost, so a reservation of that price fills it. */
const TINY_BUDGET = 0.000001;

/**
 * `catalog_model` over real HTTP: an Azure OpenAI deployment (`model: prod-mini`) that names
 * the catalogue model it serves (`gpt-4o-mini`) is called under the deployment's name and
 * priced as the model: the usage line and GET /api/usage carry gpt-4o-mini's price for the
 * fake's token counts, and a budget reserves that price. The same deployment without
 * catalog_model stays unpriced, as before. The admin API takes and shows the field, and
 * GET /api/providers says which types' `model` is a deployment.
 */
describe('catalog_model: the catalogue model a deployment serves', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;
  let api: AdminClient;
  let dataDir: string;

  beforeAll(async () => {
    // The OpenAI fake stands in for the Azure resource: it serves the chat API under any prefix.
    upstream = await OpenAiFake.start({ basePath: '', paths: { chat: /\/chat\/completions$/, embeddings: /\/embeddings$/, responses: /\/responses$/ } });
    ({ gw, api, dataDir } = await startAdminGateway(
      'mg-catalog-model-',
      `
providers:
  az: { type: azure-openai, base_url: "${upstream.baseUrl}", api_key: "${AZURE_KEY}" }
endpoints:
  - { name: served, kind: chat, provider: az, model: prod-mini, catalog_model: gpt-4o-mini }
  - { name: bare, kind: chat, provider: az, model: prod-mini }
  - { name: served-budget, kind: chat, provider: az, model: prod-mini, catalog_model: gpt-4o-mini, limits: { budget_usd: ${TINY_BUDGET} } }
  - { name: bare-budget, kind: chat, provider: az, model: prod-mini, limits: { budget_usd: ${TINY_BUDGET} } }
  - name: split
    kind: chat
    targets: [{ provider: az, model: prod-mini, catalog_model: gpt-4o-mini }]
    fallbacks: [{ provider: az, model: prod-big, catalog_model: gpt-4o }]
admin: { allow_private_base_urls: true }
`,
    ));
  });
  afterAll(async () => {
    await stopAdminGateway({ gw, dataDir });
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const messages = [{ role: 'user', content: 'price me' }];
  const chat = (endpoint: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    signal
      ? fetch(`${gw.url}/gateway/native/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: endpoint, messages }), signal })
      : postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: endpoint, messages }, headers);

  /** The usage log line of one request. */
  function usageLine(requestId: string | null): Promise<any> {
    return eventually(() => {
      const line = gw.logs.map((text) => JSON.parse(text)).find((entry) => entry.msg === 'usage' && entry.usage.requestId === requestId)?.usage;
      expect(line).toBeDefined();
      return line;
    });
  }

  /** GET /api/usage's totals for one endpoint, over its buckets. */
  async function usageTotals(endpoint: string): Promise<{ requests: number; cost: number; unpriced: number }> {
    const answer = (await (await fetch(`${gw.url}/api/usage?endpoint=${endpoint}`)).json()) as { data: Array<{ requests: number; cost_usd: number; unpriced_requests: number }> };
    const sum = (field: 'requests' | 'cost_usd' | 'unpriced_requests') => answer.data.reduce((total, row) => total + row[field], 0);
    return { requests: sum('requests'), cost: sum('cost_usd'), unpriced: sum('unpriced_requests') };
  }

  /** gpt-4o-mini's Azure list price for the fake's usage: the oracle is the price list itself, not the gateway. */
  const gpt4oMiniPrice = () =>
    calcPrice(
      { input_tokens: OPENAI_USAGE.prompt_tokens, cache_read_tokens: OPENAI_USAGE.prompt_tokens_details.cached_tokens, output_tokens: OPENAI_USAGE.completion_tokens },
      'gpt-4o-mini',
      { providerId: 'azure' },
    )!.total_price;

  it('calls the deployment by its name and prices the call as the model it serves, in the usage line and GET /api/usage', async () => {
    const expected = gpt4oMiniPrice();
    expect(expected).toBeGreaterThan(0);

    const res = await chat('served', { 'x-gateway-caller': 'pricing-test' });
    expect(res.status).toBe(200);
    // The deployment, unchanged, is what Azure receives: in the path and in the body.
    expect(upstream.last.path).toBe(DEPLOYMENT_PATH);
    expect(upstream.last.body.model).toBe('prod-mini');
    expect(upstream.last.rawBody).not.toContain('gpt-4o-mini');
    // The live cost a labelled call gets is the same price.
    expect(Number(res.headers.get('x-gateway-cost-usd'))).toBeCloseTo(expected, 12);

    const line = await usageLine(res.headers.get('x-request-id'));
    expect(line).toMatchObject({ endpoint: 'served', providerType: 'azure-openai', model: 'prod-mini', catalogModel: 'gpt-4o-mini', priced: true });
    expect(line.costUsd).toBeCloseTo(expected, 12);

    await eventually(async () => {
      const totals = await usageTotals('served');
      expect(totals.requests).toBe(1);
      expect(totals.unpriced).toBe(0);
      expect(totals.cost).toBeCloseTo(expected, 12);
    });
  });

  it('leaves the same deployment without catalog_model unpriced (cost 0, counted as unpriced), as before', async () => {
    const res = await chat('bare', { 'x-gateway-caller': 'pricing-test' });
    expect(res.status).toBe(200);
    expect(upstream.last.path).toBe(DEPLOYMENT_PATH);
    expect(res.headers.get('x-gateway-cost-usd')).toBeNull();

    const line = await usageLine(res.headers.get('x-request-id'));
    expect(line).toMatchObject({ endpoint: 'bare', model: 'prod-mini', catalogModel: 'prod-mini', priced: false, costUsd: 0 });
    expect(line.costNote).toContain('"prod-mini"');

    await eventually(async () => {
      expect(await usageTotals('bare')).toEqual({ requests: 1, cost: 0, unpriced: 1 });
    });
  });

  it.each([
    ['served-budget', 'reserves the price of the model it serves: a second call is refused while the first holds the budget', 429],
    ['bare-budget', 'reserves nothing for an unpriced deployment: the second call is admitted', 200],
  ])('a budget on %s %s', async (endpoint, _what, secondStatus) => {
    // The first call stays in flight, so its reservation (the call's maximum cost) is still held.
    upstream.enqueue(respondOpenAi.hang());
    const first = new AbortController();
    const pending = chat(endpoint, {}, first.signal).catch(() => undefined);
    await waitFor(() => upstream.requests.length === 1);

    const second = (await chat(endpoint)) as Awaited<ReturnType<typeof postJson>>;
    expect(second.status).toBe(secondStatus);
    if (secondStatus === 429) {
      expect(second.body.error.code).toBe('budget_exceeded');
      expect(upstream.requests).toHaveLength(1);
    } else {
      expect(upstream.requests).toHaveLength(2);
    }
    first.abort();
    await pending;
  });

  it('shows catalog_model in the admin API\'s endpoint views: the one given, else the model', async () => {
    const served = await api.get('/api/endpoints/served');
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({
      model: 'prod-mini',
      catalog_model: 'gpt-4o-mini',
      targets: [{ provider: 'az', model: 'prod-mini', catalog_model: 'gpt-4o-mini', weight: 1 }],
    });
    expect((await api.get('/api/endpoints/bare')).body).toMatchObject({ model: 'prod-mini', catalog_model: 'prod-mini' });
    expect((await api.get('/api/endpoints/split')).body).toMatchObject({
      targets: [{ model: 'prod-mini', catalog_model: 'gpt-4o-mini' }],
      fallbacks: [{ provider: 'az', model: 'prod-big', catalog_model: 'gpt-4o' }],
    });
  });

  it('takes catalog_model on an endpoint created through the admin API, and prices its calls with it', async () => {
    const connection = await api.post('/api/connections', { name: 'team-azure', type: 'azure-openai', base_url: upstream.baseUrl, api_key: AZURE_KEY });
    expect(connection.status).toBe(201);
    const created = await api.post('/api/endpoints', { name: 'team-served', kind: 'chat', provider: 'team-azure', model: 'prod-mini', catalog_model: 'gpt-4o-mini' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ model: 'prod-mini', catalog_model: 'gpt-4o-mini', targets: [{ model: 'prod-mini', catalog_model: 'gpt-4o-mini' }] });

    const res = await chat('team-served');
    expect(res.status).toBe(200);
    expect(upstream.last.path).toBe(DEPLOYMENT_PATH);
    const line = await usageLine(res.headers.get('x-request-id'));
    expect(line).toMatchObject({ catalogModel: 'gpt-4o-mini', priced: true });
    expect(line.costUsd).toBeCloseTo(gpt4oMiniPrice(), 12);

    const empty = await api.post('/api/endpoints', { name: 'team-empty', kind: 'chat', provider: 'team-azure', model: 'prod-mini', catalog_model: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'invalid_parameter', param: 'catalog_model' });
  });

  it('lists model_is_deployment in GET /api/providers: true for azure-openai, false for a type whose model is a model name', async () => {
    const providers = (await (await fetch(`${gw.url}/api/providers`)).json()) as { data: Array<{ type: string; model_is_deployment: boolean }> };
    const byType = new Map(providers.data.map((p) => [p.type, p.model_is_deployment]));
    expect(byType.get('azure-openai')).toBe(true);
    expect(byType.get('openai')).toBe(false);
    expect(byType.get('anthropic')).toBe(false);
  });
});
