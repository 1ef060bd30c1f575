import { FIXTURES, scenarioMarker } from '../conformance/conformance-fixtures';
import { pauseSdkOracle, resumeSdkOracle } from '../support/sdk-validate/sdk-oracle';
import { CohereFake } from './cohere-fake';

afterEach(resumeSdkOracle);

/** The Cohere fake's own answers and refusals; the scenarios through the gateway are in the conformance suite. */
describe('CohereFake', () => {
  let fake: CohereFake;
  const post = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${fake.baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as any };
  };
  const chat = (text: string, extra: Record<string, unknown> = {}) => post('/v2/chat', { model: 'command-a', messages: [{ role: 'user', content: text }], ...extra });

  beforeAll(async () => {
    fake = await CohereFake.start();
  });
  afterAll(() => fake.close());

  it('echoes a chat call in v2 shape and answers a scenario with a tool plan and tool calls', async () => {
    expect(await chat('hello cohere')).toMatchObject({ status: 200, body: { finish_reason: 'COMPLETE', message: { role: 'assistant', content: [{ type: 'text', text: 'reply to: hello cohere' }] } } });
    const tools = await chat(scenarioMarker('tools'));
    expect(tools.body).toMatchObject({ finish_reason: 'TOOL_CALL', message: { tool_plan: expect.any(String), tool_calls: [{ id: FIXTURES.toolCalls[0].id }] } });
  });

  it('refuses OpenAI field names and an embed call without input_type, with a 400 {message}', async () => {
    // The fake's own rule must answer, not the SDK-type oracle that would refuse the same body first.
    pauseSdkOracle();
    expect(await chat('x', { top_p: 0.5 })).toEqual({ status: 400, body: { id: 'fake-error-id', message: 'invalid request: unknown field top_p' } });
    expect((await post('/v2/embed', { model: 'embed-v4.0', texts: ['a'], embedding_types: ['float'] })).status).toBe(400);
    const embedded = await post('/v2/embed', { model: 'embed-v4.0', texts: [...FIXTURES.embeddings.inputs], input_type: 'search_document', embedding_types: ['float'] });
    expect(embedded.body.embeddings.float).toEqual(FIXTURES.embeddings.vectors);
  });
});
