import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { GeminiFake, respondGemini } from '../fakes/gemini-fake';
import { signFunctionCall } from '../fakes/rules/gemini-signatures';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { CALL, WEATHER_PARAMETERS, chatToolTurn } from './reasoning-round-trip-support';

/**
 * Issue 24: the second turn of a function-calling conversation reaches Gemini 3 with the thought
 * signature Gemini put on its function call, whatever the client's format lets it send back. The
 * Gemini fake signs the first functionCall part of each answer for gemini-3 models and refuses the
 * next request's model turn without that signature, as Gemini 3 does.
 */
describe('reasoning round trips to a Gemini 3 endpoint', () => {
  let upstream: GeminiFake;
  let gw: TestGateway;
  const functionCall = { name: CALL.name, args: CALL.input };
  const signature = signFunctionCall(functionCall);

  beforeAll(async () => {
    upstream = await GeminiFake.start();
    gw = await startGateway(`
providers:
  google: { type: gemini, base_url: "${upstream.baseUrl}", api_key: "gemini-server-key" }
endpoints:
  - { name: gem, kind: chat, provider: google, model: gemini-3-pro-preview }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const openai = () => new OpenAI({ apiKey: 'client-key', baseURL: `${gw.url}/gateway/native/v1`, maxRetries: 0 });
  const question = { role: 'user' as const, content: 'Weather in Paris?' };

  /** The model turn Gemini got on turn 2 carries the signature it issued, on the functionCall part. */
  function expectSignatureUpstream(): void {
    const model = upstream.last.body.contents.find((c: any) => c.role === 'model');
    const part = model.parts.find((p: any) => p.functionCall);
    expect(part).toMatchObject({ functionCall: { name: CALL.name, args: CALL.input }, thoughtSignature: signature });
  }

  it.each([false, true])('Chat Completions -> gemini-3 (stream %s): the gateway keeps the signature by tool-call id and restores it', async (stream) => {
    upstream.enqueue(stream ? respondGemini.stream([], { functionCall }) : respondGemini.generate({ text: null, functionCall }));
    const tools = [{ type: 'function' as const, function: { name: CALL.name, parameters: WEATHER_PARAMETERS } }];
    let callId = '';
    if (stream) {
      for await (const chunk of await openai().chat.completions.create({ model: 'gem', tools, messages: [question], stream: true })) callId ||= chunk.choices[0]?.delta.tool_calls?.[0]?.id ?? '';
    } else {
      callId = (await openai().chat.completions.create({ model: 'gem', tools, messages: [question] })).choices[0].message.tool_calls![0].id;
    }
    expect(callId).not.toBe('');

    const { response } = await openai().chat.completions.create({
      model: 'gem',
      tools,
      messages: chatToolTurn(question, callId),
    }).withResponse();
    expect(response.status).toBe(200);
    expectSignatureUpstream();
  });

  it('Responses (store: false) -> gemini-3: the reasoning item carries the signature', async () => {
    upstream.enqueue(respondGemini.generate({ text: null, functionCall }));
    const ask = { model: 'gem', store: false, include: ['reasoning.encrypted_content' as const], tools: [{ type: 'function' as const, name: CALL.name, parameters: WEATHER_PARAMETERS, strict: false }] };
    const first = await openai().responses.create({ ...ask, input: [question] });
    const call = first.output.find((item) => item.type === 'function_call');
    expect(call).toBeDefined();
    await openai().responses.create({ ...ask, input: [question, ...first.output, { type: 'function_call_output', call_id: (call as { call_id: string }).call_id, output: 'sunny, 21 C' }] as never });
    expectSignatureUpstream();
  });

  it('Anthropic client -> gemini-3: the signature travels in the thinking block', async () => {
    upstream.enqueue(respondGemini.generate({ text: null, functionCall }));
    const client = new Anthropic({ apiKey: 'client-key', baseURL: `${gw.url}/gateway/anthropic`, maxRetries: 0 });
    const ask = { model: 'gem', max_tokens: 4096, tools: [{ name: CALL.name, input_schema: WEATHER_PARAMETERS as Anthropic.Tool.InputSchema }] };
    const first = await client.messages.create({ ...ask, messages: [question] });
    const toolUse = first.content.find((block) => block.type === 'tool_use')!;
    expect(toolUse).toBeDefined();
    await client.messages.create({
      ...ask,
      messages: [question, { role: 'assistant', content: first.content }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'sunny, 21 C' }] }],
    });
    expectSignatureUpstream();
  });
});
