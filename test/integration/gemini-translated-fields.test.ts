import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { geminiFieldProblem } from '../fakes/rules/gemini-known-fields';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A Gemini client's top-level fields on a translated call (issue 24), over real HTTP to the
 * strict OpenAI fake: a name Gemini does not know is Gemini's own 400 in Gemini's shape (the
 * strict Gemini fake's rule gives the same words to the same body), a known hint no other provider
 * has is dropped and named, and either spelling of a known field is taken.
 */
describe('top-level fields of a translated Gemini call', () => {
  let openai: OpenAiFake;
  let gemini: GeminiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    openai = await OpenAiFake.start();
    gemini = await GeminiFake.start();
    gw = await startGateway(`
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-fields-test" }
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-fields" }
endpoints:
  - { name: openai-chat, kind: chat, provider: oa, model: gpt-4o-mini }
  - { name: gemini-chat, kind: chat, provider: gm, model: gemini-2.5-flash }
`);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([openai.close(), gemini.close()]);
  });
  beforeEach(() => [openai, gemini].forEach((fake) => fake.reset()));

  const url = (endpoint: string) => `${gw.url}/gateway/gemini/v1beta/models/${endpoint}:generateContent`;
  const contents = [{ role: 'user', parts: [{ text: 'Hi' }] }];

  it("refuses an unknown name as Gemini does: the translated 400 matches the strict Gemini fake's", async () => {
    const body = { contents, temprature: 0.3 };
    const translated = await postJson(url('openai-chat'), body);
    const relayed = await postJson(url('gemini-chat'), body);
    expect(translated.status).toBe(400);
    expect(translated.body).toEqual({
      error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Invalid JSON payload received. Unknown name "temprature": Cannot find field.' },
    });
    expect(translated.headers.get('x-gateway-error-code')).toBe('invalid_parameter');
    // The fake's rule (written apart from the gateway's table) words it the same; relayed, Gemini refuses it too.
    expect(geminiFieldProblem('generateContent', body)).toBe(translated.body.error.message);
    expect(relayed.status).toBe(400);
    expect(relayed.body.error.status).toBe('INVALID_ARGUMENT');
    expect(openai.requests).toHaveLength(0);
  });

  it('refuses an unknown generationConfig name with the field it sits in, as Gemini words it', async () => {
    const res = await postJson(url('openai-chat'), { contents, generation_config: { max_tokens: 20 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("Invalid JSON payload received. Unknown name \"max_tokens\" at 'generation_config': Cannot find field.");
    expect(geminiFieldProblem('generateContent', { contents, generation_config: { max_tokens: 20 } })).toBe(res.body.error.message);
    expect(openai.requests).toHaveLength(0);
  });

  it('drops labels (a hint no other provider has) and names it; the strict fake sees nothing of it', async () => {
    const res = await postJson(url('openai-chat'), { contents, labels: { team: 'search' }, generationConfig: { topK: 4 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-dropped-fields')).toBe('labels, generationConfig.topK');
    expect(JSON.stringify(openai.last.body)).not.toContain('search');
  });

  it('takes known fields in either spelling', async () => {
    const res = await postJson(url('openai-chat'), {
      contents, system_instruction: { parts: [{ text: 'Be brief.' }] }, toolConfig: { functionCallingConfig: { mode: 'NONE' } },
      tools: [{ function_declarations: [{ name: 'f', parameters_json_schema: { type: 'object' } }] }],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-dropped-fields')).toBeNull();
    expect(openai.last.body).toMatchObject({ tool_choice: 'none', messages: [{ content: 'Be brief.' }, { role: 'user' }] });
  });
});
