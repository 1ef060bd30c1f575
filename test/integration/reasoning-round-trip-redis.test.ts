import OpenAI from 'openai';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { startRedisServer, type RedisServerHandle } from '../support/redis-server';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { CALL, SIGNED_THINKING, thinkingThenToolUse, WEATHER_PARAMETERS, chatToolTurn } from './reasoning-round-trip-support';

/**
 * Two replicas of one gateway on one real redis-server: a Chat Completions client's turn 1 lands
 * on replica A and its turn 2 on replica B, which finds the thinking A kept in the shared store.
 */
describe('reasoning kept for Chat Completions clients, across replicas', () => {
  let redis: RedisServerHandle;
  let upstream: AnthropicFake;
  let replicas: TestGateway[];

  beforeAll(async () => {
    redis = await startRedisServer();
    upstream = await AnthropicFake.start();
    const config = `
state: { redis_url: "${redis.url}", key_prefix: "reasoning:${process.pid}:" }
providers:
  claude: { type: anthropic, base_url: "${upstream.baseUrl}", api_key: "sk-ant-server" }
endpoints:
  - { name: claude, kind: chat, provider: claude, model: claude-sonnet-4-5 }
`;
    replicas = [await startGateway(config), await startGateway(config)];
  });
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    await upstream?.close();
    await redis?.stop();
  });

  it('turn 1 on replica A, turn 2 on replica B: Claude gets its signed thinking back', async () => {
    const [a, b] = replicas.map((r) => new OpenAI({ apiKey: 'client-key', baseURL: `${r.url}/gateway/native/v1`, maxRetries: 0 }));
    const tools = [{ type: 'function' as const, function: { name: CALL.name, parameters: WEATHER_PARAMETERS } }];
    const question = { role: 'user' as const, content: 'Weather in Paris?' };
    upstream.enqueue(thinkingThenToolUse('toolu_replica_1'));
    const first = await a.chat.completions.create({ model: 'claude', max_tokens: 4096, reasoning_effort: 'low', tools, messages: [question] });
    const callId = first.choices[0].message.tool_calls![0].id;

    const { response } = await b.chat.completions.create({
      model: 'claude',
      max_tokens: 4096,
      reasoning_effort: 'low',
      tools,
      messages: chatToolTurn(question, callId),
    }).withResponse();
    expect(response.status).toBe(200);
    expect(upstream.last.body.messages[1].content[0]).toEqual(SIGNED_THINKING);
    expect(upstream.last.body.thinking).toMatchObject({ type: 'enabled' });
  });
});
