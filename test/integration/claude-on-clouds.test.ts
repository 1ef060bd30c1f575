import { openReasoning } from '@model-gateway/core';
import Anthropic from '@anthropic-ai/sdk';
import { scenarioMarker } from '../conformance/conformance-fixtures';
import { claudeProfile } from '../conformance/profiles/vertex-ai';
import { bearerProblem } from '../fakes/bedrock-credentials';
import { BedrockFake } from '../fakes/bedrock-fake';
import { CACHE_USAGE, REDACTED_THINKING, THINKING_TEXT } from '../fakes/rules/bedrock-claude-answers';
import { signThinking } from '../fakes/rules/bedrock-thinking-rules';
import { STOPPED_TEXT, VERTEX_CACHE_USAGE } from '../fakes/rules/vertex-claude-answers';
import type { VertexAiFake } from '../fakes/vertex-ai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

const API_KEY = 'bedrock-api-key-claude-clouds-0123456789';
const BEDROCK_CLAUDE = 'us.anthropic.claude-sonnet-4-20250514-v1:0';
const weather = { name: 'get_weather', description: 'Current weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } } };

/**
 * The official Anthropic SDK on /gateway/anthropic in front of Claude on the clouds:
 * Bedrock (translated to Converse) and Vertex AI (relayed to rawPredict). Both fakes
 * refuse what the real services refuse (rules in test/fakes/rules/), so each call here
 * also checks the request the gateway built.
 */
describe('Anthropic SDK -> Claude on Bedrock and Vertex AI', () => {
  let bedrock: BedrockFake;
  let vertex: VertexAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    bedrock = await BedrockFake.start({ authCheck: (seen) => bearerProblem(seen, API_KEY) });
    vertex = (await claudeProfile.startFake()) as VertexAiFake;
    gw = await startGateway(
      JSON.stringify({
        providers: {
          aws: { type: 'bedrock', base_url: bedrock.baseUrl, api_key: API_KEY },
          gcp: { type: 'vertex-ai', ...claudeProfile.connection(vertex) },
        },
        // The catalogue may not know these ids: reasoning is declared, so thinking reaches them.
        models: { bedrock: { [BEDROCK_CLAUDE]: { reasoning: true } } },
        endpoints: [
          { name: 'bedrock-claude', kind: 'chat', provider: 'aws', model: BEDROCK_CLAUDE },
          { name: 'vertex-claude', kind: 'chat', provider: 'gcp', model: claudeProfile.model },
        ],
      }),
    );
  });
  afterAll(async () => {
    await gw?.close();
    await bedrock?.close();
    await vertex?.close();
  });
  beforeEach(() => {
    bedrock.reset();
    vertex.requests.length = 0;
  });

  const client = () => new Anthropic({ apiKey: 'placeholder', baseURL: `${gw.url}/gateway/anthropic`, maxRetries: 0 });
  const stopCall = (model: string) => ({ model, max_tokens: 64, stop_sequences: ['4,'], messages: [{ role: 'user' as const, content: scenarioMarker('stop-sequence') }] });

  describe.each(['bedrock-claude', 'vertex-claude'])('%s: stop_sequence', (model) => {
    it('messages.create reports stop_reason "stop_sequence" and the sequence', async () => {
      const message = await client().messages.create(stopCall(model));
      expect(message).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: '4,' });
      expect(message.content).toEqual([expect.objectContaining({ type: 'text', text: STOPPED_TEXT })]);
    });

    it('messages.stream reports them in the final message', async () => {
      const final = await client().messages.stream(stopCall(model)).finalMessage();
      expect(final).toMatchObject({ stop_reason: 'stop_sequence', stop_sequence: '4,' });
    });
  });

  it('bedrock: asks Converse for the stop_sequence field and sends the sequences', async () => {
    await client().messages.create(stopCall('bedrock-claude'));
    expect(bedrock.last.body).toMatchObject({ inferenceConfig: { stopSequences: ['4,'] }, additionalModelResponseFieldPaths: ['/stop_sequence'] });
  });

  const cachedCall = (model: string) => ({
    model,
    max_tokens: 64,
    system: [{ type: 'text' as const, text: 'A long, stable system prompt.', cache_control: { type: 'ephemeral' as const } }],
    tools: [{ ...weather, cache_control: { type: 'ephemeral' as const, ttl: '1h' as const } }],
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Weather in Paris?', cache_control: { type: 'ephemeral' as const } }] }],
  });

  it('vertex: cache_control reaches rawPredict unchanged, and the cache counts come back', async () => {
    const message = await client().messages.create(cachedCall('vertex-claude'));
    const seen = vertex.requests[vertex.requests.length - 1];
    expect(seen.rpc).toBe('rawPredict');
    expect(seen.body).toMatchObject({
      anthropic_version: 'vertex-2023-10-16',
      system: [{ type: 'text', text: 'A long, stable system prompt.', cache_control: { type: 'ephemeral' } }],
      tools: [expect.objectContaining({ name: 'get_weather', cache_control: { type: 'ephemeral', ttl: '1h' } })],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?', cache_control: { type: 'ephemeral' } }] }],
    });
    expect(seen.body).not.toHaveProperty('model');
    expect(message.usage).toMatchObject({ cache_read_input_tokens: VERTEX_CACHE_USAGE.read, cache_creation_input_tokens: 3 * VERTEX_CACHE_USAGE.writePerBreakpoint });
  });

  it.each([false, true])('bedrock: cache_control becomes cachePoint blocks, and the cache counts come back (stream: %s)', async (stream) => {
    const call = cachedCall('bedrock-claude');
    const message = stream ? await client().messages.stream(call).finalMessage() : await client().messages.create(call);
    const point = { cachePoint: { type: 'default' } };
    expect(bedrock.last.body.system).toEqual([{ text: 'A long, stable system prompt.' }, point]);
    // The tool's ttl ("1h") is CachePointBlock's too (botocore's bedrock-runtime model: CacheTTL "5m" | "1h").
    expect(bedrock.last.body.toolConfig.tools).toEqual([{ toolSpec: expect.objectContaining({ name: 'get_weather' }) }, { cachePoint: { type: 'default', ttl: '1h' } }]);
    expect(bedrock.last.body.messages).toEqual([{ role: 'user', content: [{ text: 'Weather in Paris?' }, point] }]);
    expect(message.usage).toMatchObject({ cache_read_input_tokens: CACHE_USAGE.read, cache_creation_input_tokens: 3 * CACHE_USAGE.writePerPoint });
  });

  it("vertex: count_tokens is Vertex's own count (count-tokens:rawPredict, the model's Vertex id in the body); bedrock: the gateway's estimate", async () => {
    const text = (words: string) => [{ type: 'text' as const, text: words }];
    const ask = { messages: [{ role: 'user' as const, content: text('How many tokens are these five words?') }], system: text('Be brief.') };
    const raw = await client().messages.countTokens({ model: 'vertex-claude', ...ask }).asResponse();
    expect(raw.headers.get('x-gateway-token-count')).toBeNull();
    // The fake counts words: seven in the message, two in the system prompt.
    expect(await raw.json()).toEqual({ input_tokens: 9 });
    const seen = vertex.requests[vertex.requests.length - 1];
    expect(seen).toMatchObject({ publisher: 'anthropic', model: 'count-tokens', rpc: 'rawPredict' });
    expect(seen.body).toEqual({ model: claudeProfile.model, ...ask });

    const estimated = await client().messages.countTokens({ model: 'bedrock-claude', ...ask }).asResponse();
    expect(estimated.headers.get('x-gateway-token-count')).toBe('estimate');
    expect(bedrock.requests).toHaveLength(0);
  });

  it('bedrock: max_tokens goes unchanged with thinking on (the budget is inside it)', async () => {
    await client().messages.create({ model: 'bedrock-claude', max_tokens: 4000, thinking: { type: 'enabled', budget_tokens: 2048 }, messages: [{ role: 'user', content: 'Hi' }] });
    expect(bedrock.last.body.inferenceConfig).toEqual({ maxTokens: 4000 });
    expect(bedrock.last.body.additionalModelRequestFields).toEqual({ thinking: { type: 'enabled', budget_tokens: 2048 } });
  });

  describe.each([false, true])('bedrock: thinking with a tool call round-trips (stream: %s)', (stream) => {
    const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
    const turn1 = (scenario: string) => ({ model: 'bedrock-claude', max_tokens: 2048, thinking, tools: [weather], messages: [{ role: 'user' as const, content: scenarioMarker(scenario) }] });
    const ask = (body: Anthropic.MessageCreateParamsNonStreaming) => (stream ? client().messages.stream(body).finalMessage() : client().messages.create(body));

    it('turn 1 gives a signed thinking block before the tool call; turn 2 restores it and Bedrock answers 200', async () => {
      const first = await ask(turn1('thinking-tools'));
      expect(first.stop_reason).toBe('tool_use');
      expect(first.content[0]).toMatchObject({ type: 'thinking', thinking: THINKING_TEXT });
      // Bedrock's signed block travels sealed (its family named), so no other provider mistakes it for its own.
      const sealed = openReasoning((first.content[0] as Anthropic.ThinkingBlock).signature);
      expect(sealed?.blocks).toEqual([{ reasoningContent: { reasoningText: { text: THINKING_TEXT, signature: signThinking(THINKING_TEXT) } } }]);
      expect(first.content[1]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } });
      const toolUse = first.content[1] as Anthropic.ToolUseBlock;

      const second = await ask({
        ...turn1('thinking-tools'),
        messages: [
          { role: 'user', content: 'What is the weather in Paris?' },
          { role: 'assistant', content: first.content },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'Sunny, 24 C' }] },
        ],
      });
      expect(second.stop_reason).toBe('end_turn');
      const assistant = bedrock.last.body.messages[1];
      expect(assistant.content[0]).toEqual({ reasoningContent: { reasoningText: { text: THINKING_TEXT, signature: signThinking(THINKING_TEXT) } } });
      expect(assistant.content[1]).toMatchObject({ toolUse: { toolUseId: toolUse.id, name: 'get_weather' } });
    });
  });

  describe.each(['thinking-tools-redacted', 'thinking-text-redacted-tools'])('bedrock: two reasoning blocks streamed (%s)', (scenario) => {
    it('the last thinking block carries an envelope of both, and turn 2 restores both, in order', async () => {
      const thinking = { type: 'enabled' as const, budget_tokens: 1024 };
      const turn = (messages: Anthropic.MessageParam[]) => ({ model: 'bedrock-claude', max_tokens: 2048, thinking, tools: [weather], messages });
      const first = await client().messages.stream(turn([{ role: 'user', content: scenarioMarker(scenario) }])).finalMessage();
      const thinkingBlocks = first.content.filter((block): block is Anthropic.ThinkingBlock => block.type === 'thinking');
      expect(thinkingBlocks.length).toBe(scenario === 'thinking-tools-redacted' ? 1 : 2);
      const both = [
        { reasoningContent: { reasoningText: { text: THINKING_TEXT, signature: signThinking(THINKING_TEXT) } } },
        { reasoningContent: { redactedContent: REDACTED_THINKING } },
      ];
      expect(openReasoning(thinkingBlocks[thinkingBlocks.length - 1].signature)?.blocks).toEqual(both);
      if (scenario === 'thinking-text-redacted-tools') expect(first.content.map((block) => block.type)).toEqual(['thinking', 'text', 'thinking', 'tool_use']);
      const toolUse = first.content.find((block) => block.type === 'tool_use') as Anthropic.ToolUseBlock;

      const second = await client().messages.stream(turn([
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'Sunny' }] },
      ])).finalMessage();
      expect(second.stop_reason).toBe('end_turn');
      expect(bedrock.last.body.messages[1].content.slice(0, 2)).toEqual(both);
    });
  });

  it('bedrock: redacted reasoning comes back whole in the thinking block signature', async () => {
    const first = await client().messages.create({ model: 'bedrock-claude', max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, tools: [weather], messages: [{ role: 'user', content: scenarioMarker('thinking-tools-redacted') }] });
    const toolUse = first.content.find((block) => block.type === 'tool_use') as Anthropic.ToolUseBlock;
    const second = await client().messages.create({
      model: 'bedrock-claude',
      max_tokens: 2048,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      tools: [weather],
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'Sunny' }] },
      ],
    });
    expect(second.stop_reason).toBe('end_turn');
    expect(bedrock.last.body.messages[1].content.slice(0, 2)).toEqual([
      { reasoningContent: { reasoningText: { text: THINKING_TEXT, signature: signThinking(THINKING_TEXT) } } },
      { reasoningContent: { redactedContent: REDACTED_THINKING } },
    ]);
  });
});
