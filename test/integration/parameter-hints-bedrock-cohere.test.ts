import { BedrockFake } from '../fakes/bedrock-fake';
import { CohereFake } from '../fakes/cohere-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Hints Bedrock Converse and Cohere v2 have no field for (sampling knobs, the switch that
 * forbids parallel tool calls) are left out and named in x-gateway-dropped-fields, and the
 * call answers; the strict fakes refuse any field their service does not know, so a hint
 * sent anyway fails here. Issue 24 item 9: hints are not refusals.
 */
describe('hints Bedrock and Cohere cannot honour are dropped and named', () => {
  let bedrock: BedrockFake;
  let cohere: CohereFake;
  let gw: TestGateway;

  beforeAll(async () => {
    [bedrock, cohere] = await Promise.all([BedrockFake.start(), CohereFake.start()]);
    gw = await startGateway(`
providers:
  aws: { type: bedrock, base_url: "${bedrock.baseUrl}", api_key: bedrock-hints-key-0123456789 }
  co: { type: cohere, base_url: "${cohere.baseUrl}", api_key: co-hints-key-1234 }
endpoints:
  - { name: claude, kind: chat, provider: aws, model: anthropic.claude-sonnet-4-5-20250929-v1:0 }
  - { name: llama, kind: chat, provider: aws, model: meta.llama3-3-70b-instruct-v1:0 }
  - { name: command, kind: chat, provider: co, model: command-a-03-2025 }
`);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([bedrock.close(), cohere.close()]);
  });
  beforeEach(() => [bedrock, cohere].forEach((fake) => fake.reset()));

  const tool = { type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } };
  const chat = (model: string, extra: Record<string, unknown>) =>
    postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'Weather?' }], tools: [tool], ...extra });

  it('Bedrock Claude: penalties, seed and parallel_tool_calls false are dropped and named', async () => {
    const res = await chat('claude', { presence_penalty: 0.5, frequency_penalty: 0.2, seed: 7, parallel_tool_calls: false, temperature: 0.3 });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-dropped-fields')?.split(/,\s*/).sort()).toEqual(['frequency_penalty', 'parallel_tool_calls', 'presence_penalty', 'seed']);
    const sent = JSON.stringify(bedrock.last.body);
    expect(sent).not.toMatch(/penalty|seed|parallel/i);
    expect(bedrock.last.body.inferenceConfig).toMatchObject({ temperature: 0.3 });
  });

  it('Bedrock, a family without a top-k field: a Gemini client\'s topK is dropped and named; Claude gets it as top_k', async () => {
    const body = { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: { topK: 40 } };
    const res = await postJson(`${gw.url}/gateway/gemini/v1beta/models/llama:generateContent`, body);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-dropped-fields')).toBe('generationConfig.topK');
    expect(JSON.stringify(bedrock.last.body)).not.toMatch(/top_?k/i);
    const mapped = await postJson(`${gw.url}/gateway/gemini/v1beta/models/claude:generateContent`, body);
    expect(mapped.status).toBe(200);
    expect(mapped.headers.get('x-gateway-dropped-fields')).toBeNull();
    expect(bedrock.last.body.additionalModelRequestFields).toMatchObject({ top_k: 40 });
  });

  it('Cohere: parallel_tool_calls false is dropped and named', async () => {
    const res = await chat('command', { parallel_tool_calls: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-dropped-fields')).toBe('parallel_tool_calls');
    expect(JSON.stringify(cohere.last.body)).not.toMatch(/parallel/i);
  });
});
