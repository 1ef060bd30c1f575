import { AnthropicFake } from '../fakes/anthropic-fake';
import { CohereFake } from '../fakes/cohere-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { OpenAiFake } from '../fakes/openai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * A prompt long enough that the connections write it with jsonBody (64K characters and more,
 * copied into the body natively rather than through JSON.stringify) reaches each provider's
 * strict fake as the very text the client sent: quotes, backslashes, newlines, tabs and
 * characters beyond ASCII, in each provider's own body shape.
 */
describe('a long prompt, as each connection writes it', () => {
  let openai: OpenAiFake;
  let anthropic: AnthropicFake;
  let gemini: GeminiFake;
  let cohere: CohereFake;
  let gw: TestGateway;

  // ~100K characters with quotes, backslashes, tabs, newlines and characters beyond ASCII spread through
  // it (the native path's escapes; a control character sends a string back to JSON.stringify, which
  // json-body.test.ts covers).
  const prompt = Array.from({ length: 2000 }, (_, i) => `line ${i}: "quoted" \\ back\tslash, café ✓ 🙂\n`).join('');

  beforeAll(async () => {
    [openai, anthropic, gemini, cohere] = await Promise.all([OpenAiFake.start(), AnthropicFake.start(), GeminiFake.start(), CohereFake.start()]);
    gw = await startGateway(`
providers:
  oa: { type: openai, base_url: "${openai.baseUrl}", api_key: "sk-long-1" }
  an: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-long-1" }
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-long-1" }
  co: { type: cohere, base_url: "${cohere.baseUrl}", api_key: "co-long-key-1234" }
endpoints:
  - { name: oa, kind: chat, provider: oa, model: gpt-4o-mini }
  - { name: an, kind: chat, provider: an, model: claude-sonnet-4-5-20250929 }
  - { name: gm, kind: chat, provider: gm, model: gemini-2.5-flash }
  - { name: co, kind: chat, provider: co, model: command-r-plus }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await Promise.all([openai?.close(), anthropic?.close(), gemini?.close(), cohere?.close()]);
  });

  const send = (model: string) => postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model, messages: [{ role: 'user', content: prompt }] });

  it('OpenAI', async () => {
    expect((await send('oa')).status).toBe(200);
    expect(openai.last.body.messages[0].content).toBe(prompt);
  });

  it('Anthropic', async () => {
    expect((await send('an')).status).toBe(200);
    const content = anthropic.last.body.messages[0].content;
    expect(typeof content === 'string' ? content : content[0].text).toBe(prompt);
  });

  it('Gemini', async () => {
    expect((await send('gm')).status).toBe(200);
    expect(gemini.last.body.contents[0].parts[0].text).toBe(prompt);
  });

  it('Cohere', async () => {
    expect((await send('co')).status).toBe(200);
    const content = cohere.last.body.messages[0].content;
    expect(typeof content === 'string' ? content : content[0].text).toBe(prompt);
  });
});
