import { AnthropicFake, respondAnthropic } from '../fakes/anthropic-fake';
import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';

const MIB = 1024 * 1024;

/**
 * What a provider (or whatever answers at its URL) can send back: a redirect is a
 * 502 on every route, streamed or not, and never followed; an answer read whole is
 * capped by server.upstream_body_limit, while streams and relayed bodies pass
 * through unbuffered whatever their size.
 */
describe('hardening: upstream answers', () => {
  let upstream: OpenAiFake;
  let anthropic: AnthropicFake;
  /** Where the redirects point: it must never be called. */
  let elsewhere: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    [upstream, anthropic, elsewhere] = await Promise.all([OpenAiFake.start(), AnthropicFake.start(), OpenAiFake.start()]);
    gw = await startGateway(`
server: { upstream_body_limit: 1mb }
providers:
  up: { type: openai, base_url: "${upstream.baseUrl}", api_key: sk-up-key-123456 }
  claude: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: sk-ant-key-123456 }
endpoints:
  - { name: chat-ep, kind: chat, provider: up, model: m }
  - { name: claude-ep, kind: chat, provider: claude, model: claude-x }
`);
  });
  afterAll(async () => {
    await gw.close();
    await Promise.all([upstream.close(), anthropic.close(), elsewhere.close()]);
  });
  beforeEach(() => {
    upstream.reset();
    anthropic.reset();
    elsewhere.reset();
  });

  const messages = [{ role: 'user', content: 'hi' }];

  function expectRedirectRefused(res: { status: number; headers: Headers; body: any }) {
    expect(res.status).toBe(502);
    expect(res.headers.get('location')).toBeNull();
    expect(res.body.error).toMatchObject({ code: 'upstream_invalid_response', message: expect.stringContaining('a redirect, which the gateway does not follow') });
    expect(elsewhere.requests).toHaveLength(0);
  }

  describe('a 3xx from the provider', () => {
    it.each([
      ['native invocations, streamed', '/gateway/chat-ep/native/invocations', { messages, stream: true }],
      ['native invocations', '/gateway/chat-ep/native/invocations', { messages }],
      ['chat completions, streamed', '/gateway/native/v1/chat/completions', { model: 'chat-ep', messages, stream: true }],
      ['chat completions', '/gateway/native/v1/chat/completions', { model: 'chat-ep', messages }],
      ['OpenAI passthrough (relayed), streamed', '/gateway/openai/v1/chat/completions', { model: 'chat-ep', messages, stream: true }],
      ['OpenAI passthrough (relayed)', '/gateway/openai/v1/chat/completions', { model: 'chat-ep', messages }],
    ])('%s -> 502, the redirect not followed nor relayed', async (_name, path, body) => {
      upstream.enqueue(respondOpenAi.redirect(302, `${elsewhere.baseUrl}/chat/completions`));
      const res = await postJson(`${gw.url}${path}`, body);
      expectRedirectRefused(res);
      expect(upstream.requests).toHaveLength(1);
    });

    it.each([301, 307, 308])('%d from an Anthropic-format provider, streamed on the unified route -> 502', async (status) => {
      anthropic.enqueue(respondAnthropic.redirect(status, `${elsewhere.baseUrl}/v1/messages`));
      const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'claude-ep', messages, stream: true });
      expectRedirectRefused(res);
    });

    it('is recorded as the failure it was', async () => {
      upstream.enqueue(respondOpenAi.redirect(307, `${elsewhere.baseUrl}/chat/completions`));
      const res = await postJson(`${gw.url}/gateway/chat-ep/native/invocations`, { messages, stream: true });
      const requestId = res.headers.get('x-request-id');
      const record = gw.logs.map((line) => JSON.parse(line)).find((line) => line.usage?.requestId === requestId)?.usage;
      expect(record).toMatchObject({ status: 502, errorCode: 'upstream_invalid_response', stream: true });
    });
  });

  describe('server.upstream_body_limit', () => {
    it('an answer read whole past the limit -> 502 upstream_response_too_large, and the transfer is cut', async () => {
      const sent = { bytes: 0 };
      upstream.enqueue(respondOpenAi.largeJson(8 * MIB, sent));
      const res = await postJson(`${gw.url}/gateway/chat-ep/native/invocations`, { messages });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({ code: 'upstream_response_too_large', message: expect.stringContaining('Provider "up"') });
      expect(res.body.error.message).toContain('server.upstream_body_limit');
      await upstream.waitForEarlyClose();
      // The gateway stopped reading soon after the limit, rather than taking the whole answer.
      expect(sent.bytes).toBeLessThan(4 * MIB);
    });

    it('an error body past the limit is not read whole either: the client still gets a 502', async () => {
      upstream.enqueue(respondOpenAi.status(500, { error: { message: 'x'.repeat(2 * MIB) } }));
      const res = await postJson(`${gw.url}/gateway/chat-ep/native/invocations`, { messages });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('upstream_error');
      expect(res.text.length).toBeLessThan(10_000);
    });

    it('a streamed answer longer than the limit passes whole (streams are not buffered)', async () => {
      const pieces = Array.from({ length: 24 }, (_, i) => `${i}:${'s'.repeat(64 * 1024)}`);
      upstream.enqueue(respondOpenAi.stream(pieces));
      const res = await fetch(`${gw.url}/gateway/chat-ep/native/invocations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages, stream: true }),
      });
      expect(res.status).toBe(200);
      const data = await readSseData(res);
      expect(data[data.length - 1]).toBe('[DONE]');
      const text = data.slice(0, -1).map((d) => JSON.parse(d).choices?.[0]?.delta?.content ?? '').join('');
      expect(text).toBe(pieces.join(''));
      expect(text.length).toBeGreaterThan(1.5 * MIB);
    });

    it('a relayed (passthrough) answer longer than the limit passes whole', async () => {
      upstream.enqueue(respondOpenAi.largeJson(3 * MIB));
      const res = await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'chat-ep', messages });
      expect(res.status).toBe(200);
      expect(res.text.length).toBe(3 * MIB);
    });
  });
});
