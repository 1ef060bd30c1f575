import OpenAI from 'openai';
import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { profile as databricks } from '../conformance/profiles/databricks';
import type { OpenAiFake } from '../fakes/openai-fake';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Databricks answers a reasoning model's call with `content` as a list: a `reasoning` chunk of
 * signed `summary_text` parts beside `text` chunks
 * (https://docs.databricks.com/aws/en/machine-learning/model-serving/score-reason-models), whole
 * and in each stream delta. On the OpenAI passthrough's relay the official OpenAI SDK gets what
 * its types promise, as for Mistral: `content` a string, the reasoning as `reasoning_content`;
 * the signature is left out, as the unified routes leave it out (no Chat Completions field carries it).
 */
describe('Databricks reasoning answers on the OpenAI relay', () => {
  let fake: OpenAiFake;
  let gw: TestGateway;
  let openai: OpenAI;

  beforeAll(async () => {
    fake = (await databricks.startFake()) as OpenAiFake;
    const connection = databricks.connection(fake);
    gw = await startGateway(`
providers:
  dbx: { type: databricks, base_url: "${connection.base_url}", api_key: "${connection.api_key}" }
endpoints:
  - { name: dbx-claude, kind: chat, provider: dbx, model: databricks-claude-sonnet-4-5 }
`);
    openai = new OpenAI({ apiKey: 'client-key', baseURL: `${gw.url}/gateway/openai/v1`, maxRetries: 0 });
  });
  afterAll(async () => {
    await gw?.close();
    await fake?.close();
  });

  const ask = { model: 'dbx-claude', reasoning_effort: 'high' as const, messages: [{ role: 'user' as const, content: `Why? ${scenarioMarker('reasoning')}` }] };
  type WithReasoning = { content: unknown; reasoning_content?: string };

  it('relays the call as written and answers with string content and the summary as reasoning_content', async () => {
    const { data, response } = await openai.chat.completions.create(ask).withResponse();
    expect(fake.last.body).toMatchObject({ model: 'databricks-claude-sonnet-4-5', reasoning_effort: 'high' });
    const message = data.choices[0].message as unknown as WithReasoning;
    expect(message.content).toBe(FIXTURES.answer);
    expect(message.reasoning_content).toBe(FIXTURES.reasoning);
    expect(JSON.stringify(data)).not.toContain('fake-signature');
    // A relayed answer has no translation headers.
    expect(response.headers.get('x-gateway-dropped-fields')).toBeNull();
  });

  it('streams every delta with string content (or none) and the summary as reasoning_content', async () => {
    const stream = await openai.chat.completions.create({ ...ask, stream: true });
    let text = '';
    let reasoning = '';
    for await (const chunk of stream) {
      for (const choice of chunk.choices) {
        const delta = choice.delta as unknown as WithReasoning;
        expect(delta.content === undefined || delta.content === null || typeof delta.content === 'string').toBe(true);
        text += (delta.content as string | undefined) ?? '';
        reasoning += delta.reasoning_content ?? '';
      }
    }
    expect(text).toBe(FIXTURES.answer);
    expect(reasoning).toBe(FIXTURES.reasoning);
  });
});
