import { isReasoningEnvelope } from '@model-gateway/core';
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { CARRY_TTL_MS } from '@model-gateway/reasoning-carry';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { CALL, SIGNED_THINKING, thinkingThenToolUse, WEATHER_PARAMETERS, chatToolTurn } from './reasoning-round-trip-support';

const KEY = 'sk-ant-server-held-24';

/**
 * Issue 24: the second turn of a reasoning + tools conversation reaches Claude with the thinking
 * block Claude signed, whatever the client's format lets it send back (docs/translation.md,
 * "Reasoning and tool round trips"). The Anthropic fake refuses a final tool-use turn without a
 * thinking block it signed, as Anthropic does, so a 200 on turn 2 is the proof.
 */
describe('reasoning round trips to an Anthropic-backed endpoint', () => {
  let upstream: AnthropicFake;
  let gw: TestGateway;
  let now = Date.now();

  beforeAll(async () => {
    upstream = await AnthropicFake.start();
    gw = await startGateway(`
providers:
  claude: { type: anthropic, base_url: "${upstream.baseUrl}", api_key: "${KEY}" }
endpoints:
  - { name: claude, kind: chat, provider: claude, model: claude-sonnet-4-5 }
`, { now: () => now });
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const openai = (base: string) => new OpenAI({ apiKey: 'client-key', baseURL: `${gw.url}${base}`, maxRetries: 0 });
  const chatTools = [{ type: 'function' as const, function: { name: CALL.name, parameters: WEATHER_PARAMETERS } }];
  const question = { role: 'user' as const, content: 'Weather in Paris?' };

  /** Turn 2 as a Chat Completions client sends it: the assistant's tool call and its id, never the reasoning. */
  function chatTurnTwo(callId: string) {
    return {
      model: 'claude',
      max_tokens: 4096,
      reasoning_effort: 'low' as const,
      tools: chatTools,
      messages: chatToolTurn(question, callId),
    };
  }

  function expectSignedThinkingUpstream(): void {
    const assistant = upstream.last.body.messages[1];
    expect(assistant.role).toBe('assistant');
    expect(assistant.content[0]).toEqual(SIGNED_THINKING);
    expect(upstream.last.body.thinking).toMatchObject({ type: 'enabled' });
  }

  it('Chat Completions (/gateway/native/v1) -> Anthropic: the gateway keeps the thinking by tool-call id and restores it', async () => {
    upstream.enqueue(thinkingThenToolUse('toolu_chat_1'));
    const first = await openai('/gateway/native/v1').chat.completions.create({ model: 'claude', max_tokens: 4096, reasoning_effort: 'low', tools: chatTools, messages: [question] });
    const call = first.choices[0].message.tool_calls![0];
    expect(call.id).toBe('toolu_chat_1');
    expect(upstream.last.body.thinking).toMatchObject({ type: 'enabled' });

    const second = await openai('/gateway/native/v1').chat.completions.create(chatTurnTwo(call.id)).withResponse();
    expect(second.response.status).toBe(200);
    expect(second.response.headers.get('x-gateway-dropped-fields')).toBeNull();
    expectSignedThinkingUpstream();
  });

  it('Chat Completions streamed on /gateway/openai/v1 (translated) -> Anthropic: the streamed thinking is kept too', async () => {
    upstream.enqueue(thinkingThenToolUse('toolu_chat_2'));
    const stream = await openai('/gateway/openai/v1').chat.completions.create({ model: 'claude', max_tokens: 4096, reasoning_effort: 'low', tools: chatTools, messages: [question], stream: true });
    let callId = '';
    for await (const chunk of stream) callId ||= chunk.choices[0]?.delta.tool_calls?.[0]?.id ?? '';
    expect(callId).toBe('toolu_chat_2');
    expect(upstream.last.body.stream).toBe(true);

    await openai('/gateway/openai/v1').chat.completions.create(chatTurnTwo(callId));
    expectSignedThinkingUpstream();
  });

  it('native invocations -> Anthropic: kept and restored like Chat Completions', async () => {
    upstream.enqueue(thinkingThenToolUse('toolu_native_1'));
    const invoke = (body: object) => fetch(`${gw.url}/gateway/claude/native/invocations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const { model: _model, ...turnTwo } = chatTurnTwo('toolu_native_1');
    const first = await invoke({ max_tokens: 4096, reasoning_effort: 'low', tools: chatTools, messages: [question] });
    expect(((await first.json()) as OpenAI.ChatCompletion).choices[0].message.tool_calls![0].id).toBe('toolu_native_1');
    const second = await invoke(turnTwo);
    expect(second.status).toBe(200);
    expectSignedThinkingUpstream();
  });

  it('Responses (store: false) -> Anthropic: the reasoning item carries the thinking in encrypted_content', async () => {
    upstream.enqueue(thinkingThenToolUse('toolu_resp_1'));
    const client = openai('/gateway/native/v1');
    const tools = [{ type: 'function' as const, name: CALL.name, parameters: WEATHER_PARAMETERS, strict: false }];
    const ask = { model: 'claude', max_output_tokens: 4096, reasoning: { effort: 'low' as const }, store: false, include: ['reasoning.encrypted_content' as const], tools };
    const first = await client.responses.create({ ...ask, input: [question] });
    const reasoning = first.output.find((item) => item.type === 'reasoning');
    const call = first.output.find((item) => item.type === 'function_call');
    expect(isReasoningEnvelope(reasoning?.encrypted_content)).toBe(true);
    expect(call).toMatchObject({ call_id: 'toolu_resp_1' });

    await client.responses.create({ ...ask, input: [question, ...first.output, { type: 'function_call_output', call_id: 'toolu_resp_1', output: 'sunny, 21 C' }] as never });
    expectSignedThinkingUpstream();
  });

  it('Gemini client -> Anthropic: the thinking travels in the functionCall part\'s thoughtSignature', async () => {
    upstream.enqueue(thinkingThenToolUse('toolu_gem_1'));
    const ai = new GoogleGenAI({ apiKey: 'client-key', httpOptions: { baseUrl: `${gw.url}/gateway/gemini` } });
    const config = { maxOutputTokens: 4096, thinkingConfig: { thinkingBudget: 2048, includeThoughts: true }, tools: [{ functionDeclarations: [{ name: CALL.name, parametersJsonSchema: WEATHER_PARAMETERS }] }] };
    const user = { role: 'user', parts: [{ text: 'Weather in Paris?' }] };
    const first = await ai.models.generateContent({ model: 'claude', contents: [user], config });
    const content = first.candidates![0].content!;
    const signature = content.parts!.find((p) => p.functionCall)?.thoughtSignature;
    expect(isReasoningEnvelope(signature)).toBe(true);
    // thoughtSignature is bytes in standard base64 (google-genai's type), and the envelope is valid as such.
    expect(Buffer.from(signature!, 'base64').toString('base64')).toBe(signature);

    const result = { role: 'user', parts: [{ functionResponse: { name: CALL.name, response: { output: 'sunny, 21 C' } } }] };
    await ai.models.generateContent({ model: 'claude', contents: [user, content, result], config });
    expectSignedThinkingUpstream();
  });

  it('last resort: once the kept thinking lapsed, thinking is switched off and named in x-gateway-dropped-fields (200, not 400)', async () => {
    upstream.enqueue(thinkingThenToolUse('toolu_late_1'));
    await openai('/gateway/native/v1').chat.completions.create({ model: 'claude', max_tokens: 4096, reasoning_effort: 'low', tools: chatTools, messages: [question] });
    now += CARRY_TTL_MS + 1000;

    const { response } = await openai('/gateway/native/v1').chat.completions.create(chatTurnTwo('toolu_late_1')).withResponse();
    expect(response.status).toBe(200);
    expect(upstream.last.body.thinking).toBeUndefined();
    expect(upstream.last.body.messages[1].content[0]).toMatchObject({ type: 'tool_use', id: 'toolu_late_1' });
    // The canonical `reasoning` the provider left out, in the Chat Completions client's spelling.
    expect(response.headers.get('x-gateway-dropped-fields')).toBe('reasoning_effort');
  });
});
