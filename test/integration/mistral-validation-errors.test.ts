import { OpenAiFake } from '../fakes/openai-fake';
import { json } from '../fakes/fake-server';
import { MISTRAL_FAKE } from '../fakes/rules/mistral-chat';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Mistral refuses a body its schema does not take with a 422 whose `detail` lists each problem
 * with its location (FastAPI's shape; the mistralai SDK's HTTPValidationError). Over real HTTP to
 * the strict Mistral fake, the client gets those messages and locations, in its own format,
 * not a generic "upstream returned HTTP 422".
 */
describe("Mistral's 422 validation errors", () => {
  let mistral: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    // The SDK oracle would answer an extra field first with its own 400; Mistral's schema answers it with the 422 under test.
    mistral = await OpenAiFake.start({ ...MISTRAL_FAKE, sdkCheck: 'off' });
    gw = await startGateway(`
providers:
  m: { type: mistral, base_url: "${mistral.baseUrl}", api_key: mistral-key-1234 }
endpoints:
  - { name: le-chat, kind: chat, provider: m, model: mistral-small-latest }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await mistral?.close();
  });
  beforeEach(() => mistral.reset());

  /**
   * Mistral's 422 as its API sends it (https://github.com/mistralai/platform-docs-public/issues/7):
   * here a tool message too long for the model, which only the provider can know.
   */
  const tooLong = { type: 'string_too_long', loc: ['body', 'messages', 0, 'user', 'content'], msg: 'String should have at most 10 characters', input: 'Hi there, Mistral' };
  const answer422 = () => mistral.enqueue((_req, res) => json(res, 422, { object: 'error', message: { detail: [tooLong] }, type: 'invalid_request_error', param: null, code: null }));

  it("gives an OpenAI-format client of the unified API each problem and where it is, Mistral's status and type kept", async () => {
    // An extra field reaches Mistral from the unified API (it passes unknown fields on); the strict fake refuses it as Mistral does.
    const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'le-chat', messages: [{ role: 'user', content: 'hi' }], top_a: 0.1 });
    expect(mistral.requests).toHaveLength(1);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ message: 'top_a: Extra inputs are not permitted', param: 'top_a', code: 'extra_forbidden' });
  });

  it("gives an Anthropic client the message in Anthropic's shape", async () => {
    answer422();
    const res = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'le-chat', max_tokens: 20, messages: [{ role: 'user', content: 'Hi there, Mistral' }] });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ type: 'error', error: { message: 'messages[0].user.content: String should have at most 10 characters' } });
  });

  it("gives a Gemini client the message in Gemini's shape", async () => {
    answer422();
    const res = await postJson(`${gw.url}/gateway/gemini/v1beta/models/le-chat:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'Hi there, Mistral' }] }] });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 422, message: 'messages[0].user.content: String should have at most 10 characters' });
  });

  it("relays Mistral's own 422 body unchanged on the OpenAI passthrough, where the mistralai-shaped detail is the provider's", async () => {
    answer422();
    const res = await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'le-chat', messages: [{ role: 'user', content: 'Hi there, Mistral' }] });
    expect(res.status).toBe(422);
    expect(res.body.message.detail).toEqual([tooLong]);
  });
});
