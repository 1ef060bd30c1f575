import { AnthropicFake } from '../fakes/anthropic-fake';
import { BedrockFake } from '../fakes/bedrock-fake';
import { claudeProfile } from '../conformance/profiles/vertex-ai';
import type { VertexAiFake } from '../fakes/vertex-ai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Sampling knobs to Claude on every path (issue 24): Opus 4.7 and later refuse temperature,
 * top_p and top_k; newer models refuse temperature with top_p; earlier ones take them. The
 * gateway drops what the model refuses and names it in x-gateway-dropped-fields, relayed or
 * translated, and sends the rest; the strict fakes refuse what Anthropic refuses
 * (test/fakes/rules/anthropic-sampling.ts), so a knob sent anyway fails here.
 */
describe('sampling knobs to Claude, on every path', () => {
  let anthropic: AnthropicFake;
  let bedrock: BedrockFake;
  let vertex: VertexAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    [anthropic, bedrock, vertex] = await Promise.all([AnthropicFake.start(), BedrockFake.start(), claudeProfile.startFake() as Promise<VertexAiFake>]);
    gw = await startGateway(
      JSON.stringify({
        providers: {
          ant: { type: 'anthropic', base_url: anthropic.baseUrl, api_key: 'sk-ant-sampling-0123456789' },
          aws: { type: 'bedrock', base_url: bedrock.baseUrl, api_key: 'bedrock-sampling-key-0123456789' },
          gcp: { type: 'vertex-ai', ...claudeProfile.connection(vertex) },
        },
        endpoints: [
          { name: 'a-opus-4-8', kind: 'chat', provider: 'ant', model: 'claude-opus-4-8' },
          { name: 'a-sonnet-4-5', kind: 'chat', provider: 'ant', model: 'claude-sonnet-4-5-20250929' },
          { name: 'a-sonnet-4', kind: 'chat', provider: 'ant', model: 'claude-sonnet-4-20250514' },
          { name: 'v-opus-4-8', kind: 'chat', provider: 'gcp', model: 'claude-opus-4-8@20260801' },
          { name: 'v-sonnet-4-5', kind: 'chat', provider: 'gcp', model: 'claude-sonnet-4-5@20250929' },
          { name: 'b-opus-4-8', kind: 'chat', provider: 'aws', model: 'us.anthropic.claude-opus-4-8-v1:0' },
          { name: 'b-sonnet-4-5', kind: 'chat', provider: 'aws', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0' },
          { name: 'b-sonnet-4', kind: 'chat', provider: 'aws', model: 'anthropic.claude-sonnet-4-20250514-v1:0' },
        ],
      }),
    );
  });
  afterAll(async () => {
    await gw?.close();
    await Promise.all([anthropic?.close(), bedrock?.close(), vertex?.close()]);
  });
  beforeEach(() => {
    anthropic.reset();
    bedrock.reset();
    vertex.requests.length = 0;
  });

  const knobs = { temperature: 0.3, top_p: 0.9, top_k: 5 };
  const messagesCall = (model: string, extra: Record<string, unknown> = {}) =>
    postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model, max_tokens: 32, messages: [{ role: 'user', content: 'Hi' }], ...knobs, ...extra });
  const dropped = (res: { headers: Headers }) => res.headers.get('x-gateway-dropped-fields');
  const lastVertexBody = () => vertex.requests[vertex.requests.length - 1].body;

  it('the fakes refuse what Claude refuses (so the cases below test the gateway)', async () => {
    const res = await postJson(`${anthropic.baseUrl}/v1/messages`, { model: 'claude-opus-4-8', max_tokens: 8, messages: [{ role: 'user', content: 'Hi' }], temperature: 0.3 });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ type: 'invalid_request_error', message: '`temperature` is deprecated for this model.' });
  });

  describe('Anthropic client, relayed (/gateway/anthropic to Anthropic and to Claude on Vertex AI)', () => {
    it.each([false, true])('Opus 4.8 on Anthropic: all three dropped and named (stream: %s)', async (stream) => {
      const res = await messagesCall('a-opus-4-8', { stream });
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('temperature, top_p, top_k');
      expect(anthropic.last.body).not.toHaveProperty('temperature');
      expect(anthropic.last.body).not.toHaveProperty('top_p');
      expect(anthropic.last.body).not.toHaveProperty('top_k');
    });

    it('Sonnet 4.5 on Anthropic: top_p dropped (the pair rule), temperature and top_k sent', async () => {
      const res = await messagesCall('a-sonnet-4-5');
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('top_p');
      expect(anthropic.last.body).toMatchObject({ temperature: 0.3, top_k: 5 });
      expect(anthropic.last.body).not.toHaveProperty('top_p');
    });

    it('Sonnet 4 on Anthropic: all sent, nothing named', async () => {
      const res = await messagesCall('a-sonnet-4');
      expect(res.status).toBe(200);
      expect(dropped(res)).toBeNull();
      expect(anthropic.last.body).toMatchObject(knobs);
    });

    it('Opus 4.8 and Sonnet 4.5 on Vertex AI: the same rules at rawPredict', async () => {
      const opus = await messagesCall('v-opus-4-8');
      expect(opus.status).toBe(200);
      expect(dropped(opus)).toBe('temperature, top_p, top_k');
      expect(lastVertexBody()).not.toHaveProperty('temperature');
      const sonnet = await messagesCall('v-sonnet-4-5');
      expect(sonnet.status).toBe(200);
      expect(dropped(sonnet)).toBe('top_p');
      expect(lastVertexBody()).toMatchObject({ temperature: 0.3, top_k: 5 });
    });
  });

  describe('translated (Chat Completions client; Anthropic client to Bedrock)', () => {
    const chat = (model: string) =>
      postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model, messages: [{ role: 'user', content: 'Hi' }], temperature: 0.3, top_p: 0.9 });

    it.each(['a-opus-4-8', 'v-opus-4-8', 'b-opus-4-8'])('%s: temperature and top_p dropped and named', async (model) => {
      const res = await chat(model);
      expect(res.status).toBe(200);
      expect(dropped(res)).toBe('temperature, top_p');
    });

    it('Sonnet 4.5 on Anthropic, Vertex AI and Bedrock: top_p dropped, temperature sent', async () => {
      for (const model of ['a-sonnet-4-5', 'v-sonnet-4-5', 'b-sonnet-4-5']) {
        const res = await chat(model);
        expect([model, res.status, dropped(res)]).toEqual([model, 200, 'top_p']);
      }
      expect(anthropic.last.body).toMatchObject({ temperature: 0.3 });
      expect(lastVertexBody()).toMatchObject({ temperature: 0.3 });
      expect(bedrock.last.body.inferenceConfig).toEqual({ temperature: 0.3 });
    });

    it('Bedrock Converse from an Anthropic client: top_k (additionalModelRequestFields) follows the same rules', async () => {
      const opus = await messagesCall('b-opus-4-8');
      expect(opus.status).toBe(200);
      expect(dropped(opus)).toBe('temperature, top_p, top_k');
      expect(bedrock.last.body).not.toHaveProperty('inferenceConfig.temperature');
      expect(bedrock.last.body).not.toHaveProperty('additionalModelRequestFields');
      const old = await messagesCall('b-sonnet-4');
      expect(old.status).toBe(200);
      expect(dropped(old)).toBeNull();
      expect(bedrock.last.body).toMatchObject({ inferenceConfig: { temperature: 0.3, topP: 0.9 }, additionalModelRequestFields: { top_k: 5 } });
    });
  });
});
