import { budgetPeriod } from '../../plugins/rate-limits/src/budget-period';
import { OpenAiFake, OPENAI_USAGE, respondOpenAi } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { eventually } from '../support/eventually';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * The budget race: ten calls sent at once against a budget that covers exactly four
 * calls' maximum cost. Checked before and spent after, all ten passed the check (nothing
 * was spent yet). Reserved before the call, the budget admits exactly four (a call is
 * admitted while settled + reserved is below the budget, so the fourth fills it), the six
 * others get 429 budget_exceeded with nothing sent upstream; once the four settle, the
 * spend is what they cost, within budget + one reservation, and nothing stays reserved.
 * The fake upstream holds every answer until each of the ten calls has either reached it
 * or been refused, so all ten are in flight together. Endpoint budgets and gateway keys'
 * budgets, on the embedded store and on two replicas sharing a real redis-server.
 */

const SLOW_TEST_MS = 60_000;
/** The gateways' clock (GatewayOptions.now): the budget's day is this one, so a run across midnight reads the same key. */
const NOON = Date.UTC(2026, 2, 10, 12, 0, 0);
const onTestClock = { now: () => NOON };
const CALLS = 10;
const MAX_TOKENS = 100;
/** $1 per million tokens in and out: a call's maximum cost is (body bytes + max_tokens) micro-dollars. */
const PRICE_PER_MTOK = 1;

const body = (endpoint: string) => JSON.stringify({ model: endpoint, messages: [{ role: 'user', content: 'spend it' }], max_tokens: MAX_TOKENS });
/** The reservation rule's maximum: input bounded at one token per body byte, output at max_tokens. */
const reservation = (endpoint: string) => ((Buffer.byteLength(body(endpoint)) + MAX_TOKENS) * PRICE_PER_MTOK) / 1_000_000;
/** What one answer costs: the fake reports OPENAI_USAGE (cached input at the input price, as the model has no cache price). */
const COST_OF_ONE = ((OPENAI_USAGE.prompt_tokens + OPENAI_USAGE.completion_tokens) * PRICE_PER_MTOK) / 1_000_000;

/** Opens once `total` calls have each either reached the upstream or been refused by the gateway. */
class Gate {
  private reached = 0;
  private refused = 0;
  private release!: () => void;
  readonly open = new Promise<void>((resolve) => (this.release = resolve));

  constructor(private readonly total: number) {}

  arrive(): Promise<void> {
    this.reached++;
    this.check();
    return this.open;
  }

  refuse(): void {
    this.refused++;
    this.check();
  }

  private check(): void {
    if (this.reached + this.refused >= this.total) this.release();
  }
}

let upstream: OpenAiFake;
let gate = new Gate(CALLS);

beforeAll(async () => {
  upstream = await OpenAiFake.start({
    script: () => async (req, res) => {
      await gate.arrive();
      respondOpenAi.chat()(req, res);
    },
  });
});

afterAll(async () => {
  await upstream?.close();
});

function config(extra = ''): string {
  return `
${extra}
auth: { require_keys: true }
providers:
  fake: { type: openai, base_url: "${upstream.baseUrl}", api_key: "sk-race-upstream" }
models:
  openai:
    race-model: { input_price_per_mtok: ${PRICE_PER_MTOK}, output_price_per_mtok: ${PRICE_PER_MTOK}, max_output_tokens: 4096 }
endpoints:
  - { name: race-ep, kind: chat, provider: fake, model: race-model, limits: { budget_usd: ${4 * reservation('race-ep')} } }
  - { name: race-key, kind: chat, provider: fake, model: race-model }
`;
}

async function createKey(gw: TestGateway, fields: Record<string, unknown>): Promise<string> {
  const created = await adminClient(gw.url).post('/api/keys', { endpoints: '*', ...fields });
  expect(created.status).toBe(201);
  return created.body.key;
}

/** Sends the ten calls at once, spread over `replicas`; resolves with each answer's status and error code. */
async function race(replicas: TestGateway[], endpoint: string, key: string): Promise<Array<{ status: number; code?: string }>> {
  gate = new Gate(CALLS);
  upstream.reset();
  return Promise.all(
    Array.from({ length: CALLS }, async (_, i) => {
      const response = await fetch(`${replicas[i % replicas.length].url}/gateway/native/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: body(endpoint),
      });
      if (response.status !== 200) gate.refuse();
      const answer = (await response.json()) as { error?: { code: string } };
      return { status: response.status, code: answer.error?.code };
    }),
  );
}

/** Settled spend and live reservations of one budget, as the store holds them. */
async function budgetState(gw: TestGateway, scope: string): Promise<{ spent: number; reserved: number }> {
  const key = `budget:${scope}:${budgetPeriod('day', NOON).id}`;
  const state = await gw.gateway.store.reserve(key, 'probe', 0, 1e9, 1, 1);
  return { spent: state.spent, reserved: state.reserved };
}

async function expectRaceHeld(replicas: TestGateway[], endpoint: string, key: string, scope: string): Promise<void> {
  const answers = await race(replicas, endpoint, key);
  // The rule: admitted while settled + reserved < budget. A budget of exactly four reservations admits exactly four.
  expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
  const refused = answers.filter((a) => a.status !== 200);
  expect(refused).toHaveLength(CALLS - 4);
  for (const answer of refused) expect(answer).toEqual({ status: 429, code: 'budget_exceeded' });
  expect(upstream.requests).toHaveLength(4);

  const budget = 4 * reservation(endpoint);
  const settled = await eventually(async () => {
    const state = await budgetState(replicas[0], scope);
    expect(state.reserved).toBe(0);
    return state;
  });
  expect(settled.spent).toBeCloseTo(4 * COST_OF_ONE, 12);
  expect(settled.spent).toBeLessThanOrEqual(budget + reservation(endpoint));
}

describe('on the embedded store', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startGateway(config(), onTestClock);
  });
  afterAll(async () => {
    await gw?.close();
  });

  it("ten concurrent calls against an endpoint's budget of four: four are served, six refused", async () => {
    const key = await createKey(gw, { name: 'unlimited' });
    await expectRaceHeld([gw], 'race-ep', key, 'ep:race-ep');
  });

  it("ten concurrent calls against a gateway key's budget of four: four are served, six refused", async () => {
    const budget = 4 * reservation('race-key');
    const key = await createKey(gw, { name: 'budgeted', budget_usd: budget });
    const id = (await adminClient(gw.url).get('/api/keys')).body.data.find((k: { name: string }) => k.name === 'budgeted').id;
    await expectRaceHeld([gw], 'race-key', key, `key:${id}`);
  });
});

describe('on two replicas sharing a real redis-server', () => {
  let redis: RedisServerHandle;
  let replicas: TestGateway[];
  beforeAll(async () => {
    redis = await startRedisServer();
    const shared = `state: { redis_url: "${redis.url}", key_prefix: "budget-race:${process.pid}:" }`;
    replicas = [await startGateway(config(shared), onTestClock), await startGateway(config(shared), onTestClock)];
  }, SLOW_TEST_MS);
  afterAll(async () => {
    await Promise.all((replicas ?? []).map((r) => r.close()));
    await redis?.stop();
  });

  /** A key made on one replica, once the other has read it (the listing answers 200 only with a known key). */
  async function sharedKey(fields: Record<string, unknown>): Promise<string> {
    const key = await createKey(replicas[0], fields);
    await eventually(async () => {
      const listing = await fetch(`${replicas[1].url}/gateway/native/v1/models`, { headers: { authorization: `Bearer ${key}` } });
      expect(listing.status).toBe(200);
    });
    return key;
  }

  it("ten concurrent calls over both replicas against an endpoint's budget of four: four are served, six refused", async () => {
    const key = await sharedKey({ name: 'unlimited' });
    await expectRaceHeld(replicas, 'race-ep', key, 'ep:race-ep');
  }, SLOW_TEST_MS);

  it("ten concurrent calls over both replicas against a gateway key's budget of four: four are served, six refused", async () => {
    const key = await sharedKey({ name: 'budgeted', budget_usd: 4 * reservation('race-key') });
    const id = (await adminClient(replicas[0].url).get('/api/keys')).body.data.find((k: { name: string }) => k.name === 'budgeted').id;
    await expectRaceHeld(replicas, 'race-key', key, `key:${id}`);
  }, SLOW_TEST_MS);
});
