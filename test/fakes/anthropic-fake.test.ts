import Anthropic from '@anthropic-ai/sdk';
import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { ANTHROPIC_USAGE, AnthropicFake, respondAnthropic } from './anthropic-fake';
import { pauseSdkOracle, resumeSdkOracle } from '../support/sdk-validate/sdk-oracle';
import { signThinking } from './rules/anthropic-thinking';

afterEach(resumeSdkOracle);

/**
 * A fake is only worth something if real clients accept it: here the official @anthropic-ai/sdk
 * SDK drives the Anthropic fake (no gateway), so a wrong field or frame fails here rather
 * than as a puzzling gateway failure later.
 */

describe('AnthropicFake with @anthropic-ai/sdk', () => {
  let upstream: AnthropicFake;
  let client: Anthropic;
  const ask = { model: 'claude-test-model', max_tokens: 64, messages: [{ role: 'user' as const, content: 'hello claude' }] };

  beforeAll(async () => {
    upstream = await AnthropicFake.start();
    client = new Anthropic({ apiKey: 'sk-ant-client-placeholder', baseURL: upstream.baseUrl, maxRetries: 0 });
  });
  afterAll(() => upstream.close());
  beforeEach(() => upstream.reset());

  it('answers messages.create and records what the SDK sent', async () => {
    const message = await client.messages.create(ask);
    expect(message).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-test-model', stop_reason: 'end_turn', usage: ANTHROPIC_USAGE });
    expect(message.content).toEqual([{ type: 'text', text: 'reply to: hello claude' }]);
    expect(upstream.last).toMatchObject({ method: 'POST', pathname: '/v1/messages', query: {}, body: ask });
    // What this SDK version puts on the wire for auth and versioning (the gateway must strip and replace these).
    expect(upstream.last.headers).toMatchObject({ authorization: 'Bearer sk-ant-client-placeholder', 'anthropic-version': expect.any(String) });
    expect(upstream.last.headers['x-api-key']).toBeUndefined();
  });

  it('refuses what Anthropic refuses: unknown fields, beta features without their header, a misplaced system message', async () => {
    // The fake's own rule must answer, not the SDK-type oracle that would refuse the same body first.
    pauseSdkOracle();
    const post = (body: object, beta?: string) =>
      fetch(`${upstream.baseUrl}/v1/messages`, { method: 'POST', headers: beta ? { 'anthropic-beta': beta } : {}, body: JSON.stringify({ ...ask, ...body }) });
    const errorOf = async (response: Response) => ({ status: response.status, message: ((await response.json()) as { error: { message: string } }).error.message });
    expect(await errorOf(await post({ reasoning_effort: 'high' }))).toEqual({ status: 400, message: 'reasoning_effort: Extra inputs are not permitted' });
    const managed = { context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] } };
    expect((await errorOf(await post(managed))).message).toContain('context_management: requires the anthropic-beta header');
    expect((await post(managed, 'context-management-2025-06-27')).status).toBe(200);
    const midSystem = { messages: [{ role: 'user', content: 'hi' }, { role: 'system', content: 'Be brief.' }] };
    expect((await errorOf(await post(midSystem))).message).toContain('a "system" role: requires the anthropic-beta header');
    expect((await post(midSystem, 'claude-code-20250219,mid-conversation-system-2026-04-07')).status).toBe(200);
    const misplaced = { messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }] };
    expect((await errorOf(await post(misplaced, 'mid-conversation-system-2026-04-07'))).message).toBe('messages.0: a system message must follow a user message');
  });

  it('answers with a tool_use block', async () => {
    upstream.enqueue(respondAnthropic.message({ text: null, toolUse: { name: 'get_weather', input: { city: 'Paris' } } }));
    const message = await client.messages.create(ask);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([{ type: 'tool_use', id: 'toolu_fake_1', name: 'get_weather', input: { city: 'Paris' } }]);
  });

  it('streams the Messages event sequence that the SDK iterates', async () => {
    const stream = await client.messages.create({ ...ask, stream: true });
    const types: string[] = [];
    let text = '';
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      if (event.type === 'message_start') expect(event.message.usage.input_tokens).toBe(ANTHROPIC_USAGE.input_tokens);
      if (event.type === 'message_delta') expect(event.usage.output_tokens).toBe(ANTHROPIC_USAGE.output_tokens);
    }
    expect(text).toBe('Hello from upstream');
    // The SDK drops `ping` itself, so it is checked on the raw wire below.
    expect(types).toEqual(['message_start', 'content_block_start', ...Array(3).fill('content_block_delta'), 'content_block_stop', 'message_delta', 'message_stop']);
  });

  it('names each event in an event: line that matches data.type, ping included', async () => {
    const response = await fetch(`${upstream.baseUrl}/v1/messages`, { method: 'POST', body: JSON.stringify({ ...ask, stream: true }) });
    const frames = (await response.text()).trim().split('\n\n');
    const names = frames.map((frame) => {
      const [eventLine, dataLine] = frame.split('\n');
      const name = eventLine.replace(/^event: /, '');
      expect(JSON.parse(dataLine.replace(/^data: /, '')).type).toBe(name);
      return name;
    });
    expect(names.slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
  });

  it('streams a tool_use block that the SDK helper assembles', async () => {
    upstream.enqueue(respondAnthropic.stream(['Let me look.'], { toolUse: { name: 'get_weather', inputJson: ['{"city":', '"Paris"}'] } }));
    const final = await client.messages.stream(ask).finalMessage();
    expect(final.stop_reason).toBe('tool_use');
    expect(final.content).toEqual([
      { type: 'text', text: 'Let me look.' },
      { type: 'tool_use', id: 'toolu_fake_1', name: 'get_weather', input: { city: 'Paris' } },
    ]);
    expect(final.usage).toMatchObject(ANTHROPIC_USAGE);
  });

  it('returns errors in the shape the SDK maps to its error classes', async () => {
    upstream.enqueue(respondAnthropic.error(429, 'rate_limit_error', 'slow down', { 'retry-after': '7' }));
    const error = await client.messages.create(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).error).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } });
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers?.get('retry-after')).toBe('7');
  });

  it('fails a stream with an in-stream error event', async () => {
    upstream.enqueue(respondAnthropic.stream(['a', 'b'], { errorAfter: { pieces: 1 } }));
    const consume = async () => {
      for await (const _event of await client.messages.create({ ...ask, stream: true }));
    };
    await expect(consume()).rejects.toThrow(/overloaded/i);
  });

  it('drops the connection on reset and notices a caller leaving a hung stream', async () => {
    upstream.enqueue(respondAnthropic.reset());
    await expect(client.messages.create(ask)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
    upstream.enqueue(respondAnthropic.stream(['a', 'b'], { hangAfter: 1 }));
    for await (const event of await client.messages.create({ ...ask, stream: true })) {
      if (event.type === 'content_block_delta') break; // the SDK aborts the request on break
    }
    await upstream.waitForEarlyClose();
  });

  it("refuses what Anthropic refuses, unscripted: no max_tokens, roles that do not alternate, a thinking budget over max_tokens", async () => {
    // The fake's own rule must answer, not the SDK-type oracle that would refuse the same body first.
    pauseSdkOracle();
    const refused = async (body: Record<string, unknown>) => {
      const error = await client.messages.create(body as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      return (error as InstanceType<typeof Anthropic.BadRequestError>).message;
    };
    expect(await refused({ model: 'm', messages: ask.messages })).toContain('max_tokens: Field required');
    expect(await refused({ ...ask, messages: [...ask.messages, { role: 'user', content: 'again' }] })).toContain('roles must alternate');
    expect(await refused({ ...ask, thinking: { type: 'enabled', budget_tokens: 2048 } })).toContain('thinking.budget_tokens');
    const counted = await client.messages.countTokens({ model: 'm', messages: ask.messages });
    expect(counted.input_tokens).toBe(ANTHROPIC_USAGE.input_tokens);
  });

  it('answers a conformance scenario with the fixtures: thinking then text, streamed, the signature included', async () => {
    const body = { ...ask, max_tokens: 2048, thinking: { type: 'enabled' as const, budget_tokens: 1024 }, messages: [{ role: 'user' as const, content: scenarioMarker('reasoning') }] };
    const final = await client.messages.stream(body).finalMessage();
    expect(final.content).toEqual([
      { type: 'thinking', thinking: FIXTURES.reasoning, signature: signThinking(FIXTURES.reasoning) },
      { type: 'text', text: FIXTURES.answer },
    ]);
    expect(upstream.last.view).toMatchObject({ stream: true, turns: [{ role: 'user', text: scenarioMarker('reasoning') }] });
    // The scenario needs thinking enabled: without it the fake says what is missing.
    const { thinking: _thinking, ...unthinking } = body;
    await expect(client.messages.create(unthinking)).rejects.toThrow(/thinking is not enabled/);
  });
});
