import OpenAI from 'openai';
import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { OpenAiFake } from '../fakes/openai-fake';
import { MISTRAL_FAKE } from '../fakes/rules/mistral-chat';
import { eventually } from '../support/eventually';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A provider's dialect applies to its answers on the OpenAI passthrough's relay too: a
 * Mistral reasoning answer (content as a list of a `thinking` chunk and text chunks, whole
 * and streamed) reaches the official OpenAI SDK with `content` a string, as its types say,
 * and the reasoning as `reasoning_content`, as the gateway's own Chat Completions answers carry it.
 */
describe('OpenAI dialects on the relayed answer', () => {
  let mistral: OpenAiFake;
  let gw: TestGateway;
  let openai: OpenAI;

  beforeAll(async () => {
    mistral = await OpenAiFake.start(MISTRAL_FAKE);
    gw = await startGateway(`
providers:
  mistral-acct: { type: mistral, base_url: "${mistral.baseUrl}", api_key: mistral-key-1234 }
endpoints:
  - { name: le-chat, kind: chat, provider: mistral-acct, model: mistral-small-latest }
`);
    openai = new OpenAI({ apiKey: 'client-key', baseURL: `${gw.url}/gateway/openai/v1`, maxRetries: 0 });
  });

  afterAll(async () => {
    await gw?.close();
    await mistral?.close();
  });

  const ask = { model: 'le-chat', reasoning_effort: 'high' as const, messages: [{ role: 'user' as const, content: `Hi. ${scenarioMarker('reasoning')}` }] };

  /** The usage record the gateway logged for a response, by its request id. */
  const usageOf = (requestId: string | null | undefined) =>
    eventually(() => {
      const record = gw.logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'usage' && entry.usage.requestId === requestId)?.usage;
      expect(record).toBeDefined();
      return record;
    });

  it('answers a whole call with string content and the thinking as reasoning_content, usage counted', async () => {
    const { data, response } = await openai.chat.completions.create(ask).withResponse();
    expect(mistral.last.body).toMatchObject({ model: 'mistral-small-latest', reasoning_effort: 'high' });
    const message = data.choices[0].message as typeof data.choices[0]['message'] & { reasoning_content?: string };
    expect(message.content).toBe(FIXTURES.answer);
    expect(message.reasoning_content).toBe(FIXTURES.reasoning);
    expect(data.usage).toMatchObject({ prompt_tokens: FIXTURES.usage.input, completion_tokens: FIXTURES.usage.output });
    const record = await usageOf(response.headers.get('x-request-id'));
    expect(record.usage).toMatchObject({ inputTokens: FIXTURES.usage.input, outputTokens: FIXTURES.usage.output });
  });

  it('streams every delta with string content (or none), the thinking as reasoning_content, usage counted', async () => {
    const { data: stream, response } = await openai.chat.completions.create({ ...ask, stream: true }).withResponse();
    let text = '';
    let reasoning = '';
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        const delta = choice.delta as typeof choice.delta & { reasoning_content?: string };
        expect(delta.content === undefined || delta.content === null || typeof delta.content === 'string').toBe(true);
        text += delta.content ?? '';
        reasoning += delta.reasoning_content ?? '';
      }
    }
    expect(text).toBe(FIXTURES.answer);
    expect(reasoning).toBe(FIXTURES.reasoning);
    const record = await usageOf(response.headers.get('x-request-id'));
    expect(record.usage).toMatchObject({ inputTokens: FIXTURES.usage.input, outputTokens: FIXTURES.usage.output });
  });

  it('leaves an answer whose content is a string as Mistral wrote it', async () => {
    const raw = await fetch(`${gw.url}/gateway/openai/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'le-chat', messages: [{ role: 'user', content: 'hi' }] }),
    });
    const body = (await raw.json()) as { choices: Array<{ message: Record<string, unknown> }> };
    expect(body.choices[0].message).toEqual({ role: 'assistant', content: 'reply to: hi', refusal: null });
  });
});
