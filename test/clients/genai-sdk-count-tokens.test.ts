import { GoogleGenAI } from '@google/genai';
import { AnthropicFake } from '../fakes/anthropic-fake';
import { GeminiFake } from '../fakes/gemini-fake';
import { anthropicCountTokens } from '../fakes/rules/anthropic-count-tokens';
import { fakeTokenCount } from '../fakes/rules/gemini-count-tokens';
import { startGateway, type TestGateway } from '../support/start-gateway';

/**
 * The official google-genai SDK's `models.countTokens` (which Gemini CLI calls before a turn) on
 * /gateway/gemini: relayed to a Gemini endpoint, counted by Anthropic's count_tokens for a Claude
 * endpoint, estimated for the mock; the SDK reads `totalTokens` from each answer.
 */
describe('google-genai SDK countTokens', () => {
  let gemini: GeminiFake;
  let anthropic: AnthropicFake;
  let gw: TestGateway;

  beforeAll(async () => {
    [gemini, anthropic] = await Promise.all([GeminiFake.start(), AnthropicFake.start({ script: anthropicCountTokens })]);
    gw = await startGateway(`
providers:
  gm: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "AIza-sdk-count" }
  an: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "sk-ant-sdk-count" }
endpoints:
  - { name: gemini-chat, kind: chat, provider: gm, model: gemini-2.5-flash }
  - { name: claude-chat, kind: chat, provider: an, model: claude-haiku-4-5 }
  - { name: mock-chat, kind: chat, provider: mock, model: echo }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await Promise.all([gemini?.close(), anthropic?.close()]);
  });

  // Under jest the SDK cannot find undici's global dispatcher; handing it fetch works around that.
  const client = () =>
    new GoogleGenAI({ apiKey: 'placeholder', httpOptions: { baseUrl: `${gw.url}/gateway/gemini`, fetch: (url: Parameters<typeof fetch>[0], init?: RequestInit) => fetch(url, init) } as never });
  const contents = [{ role: 'user', parts: [{ text: 'Count the tokens in this short prompt.' }] }];

  it('is relayed to Gemini', async () => {
    const counted = await client().models.countTokens({ model: 'gemini-chat', contents });
    expect(counted.totalTokens).toBe(fakeTokenCount({ contents }));
    expect(gemini.last).toMatchObject({ rpc: 'countTokens', model: 'gemini-2.5-flash' });
  });

  it("is Anthropic's own count for a Claude endpoint", async () => {
    const counted = await client().models.countTokens({ model: 'claude-chat', contents });
    expect(anthropic.last.pathname).toBe('/v1/messages/count_tokens');
    expect(counted.totalTokens).toBe(fakeTokenCount(anthropic.last.body));
  });

  it("is the gateway's estimate for a provider that cannot count", async () => {
    const counted = await client().models.countTokens({ model: 'mock-chat', contents });
    expect(counted.totalTokens).toBeGreaterThan(5);
  });
});
