import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';
import { eventually } from '../support/eventually';

/**
 * The mock provider through a real gateway over HTTP: what a client of a `type: mock`
 * endpoint sees, including its timing knobs, which are measured with a clock.
 */

const CHUNK_INTERVAL_MS = 100;
/** Long enough that an undelayed answer stays well below it on a loaded machine (the only upper bound here is LATENCY_MS / 2). */
const LATENCY_MS = 2000;

const CONFIG = `
providers:
  plain: { type: mock }
  slow: { type: mock, latency_ms: ${LATENCY_MS} }
  chunky: { type: mock, stream_chunks: 3, chunk_interval_ms: ${CHUNK_INTERVAL_MS} }
  limited: { type: mock, fail_status: 429 }
  down: { type: mock, fail_status: 503 }
  wide: { type: mock, embedding_dimensions: 16 }
endpoints:
  - { name: echo, kind: chat, provider: plain, model: mock-model }
  - { name: slow, kind: chat, provider: slow, model: mock-model }
  - { name: chunky, kind: chat, provider: chunky, model: mock-model }
  - { name: limited, kind: chat, provider: limited, model: mock-model }
  - { name: down, kind: chat, provider: down, model: mock-model }
  - { name: embed, kind: embeddings, provider: plain, model: mock-embed }
  - { name: embed-wide, kind: embeddings, provider: wide, model: mock-embed }
`;

const TOOLS = [{ type: 'function', function: { name: 'lookup', description: 'Looks a thing up', parameters: { type: 'object', properties: { text: { type: 'string' } } } } }];

interface TimedEvent {
  /** Milliseconds since the request was sent. */
  at: number;
  data: string;
}

describe('mock provider through a real gateway', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startGateway(CONFIG);
  });
  afterAll(async () => {
    await gw.close();
  });

  const chatUrl = () => `${gw.url}/gateway/native/v1/chat/completions`;
  const embeddingsUrl = () => `${gw.url}/gateway/native/v1/embeddings`;
  const user = (content: string) => [{ role: 'user', content }];

  /** Reads SSE events as they arrive, each stamped with its arrival time, to see whether a stream is really spread out. */
  async function timedStream(body: unknown): Promise<TimedEvent[]> {
    const started = performance.now();
    const response = await fetch(chatUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const events: TimedEvent[] = [];
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('data: ')) events.push({ at: performance.now() - started, data: block.slice('data: '.length) });
      }
    }
    return events;
  }

  async function timedPost(url: string, body: unknown) {
    const started = performance.now();
    const res = await postJson(url, body);
    return { ...res, ms: performance.now() - started };
  }

  function usageLines(): any[] {
    return gw.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'usage');
  }

  describe('chat', () => {
    it('echoes the last user message as a complete chat.completion', async () => {
      const res = await postJson(chatUrl(), { model: 'echo', messages: [{ role: 'user', content: 'first' }, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'say this back' }] });
      expect(res.status).toBe(200);
      expect(res.body.object).toBe('chat.completion');
      expect(res.body.model).toBe('mock-model');
      expect(res.body.id).toMatch(/^chatcmpl-mock-/);
      expect(res.body.choices).toEqual([{ index: 0, message: { role: 'assistant', content: 'say this back' }, logprobs: null, finish_reason: 'stop' }]);
    });

    it('reports usage as words: every message in the prompt, the reply as completion', async () => {
      const res = await postJson(chatUrl(), { model: 'echo', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: 'one two three' }] });
      // Prompt: 2 + 3 words; completion: the 3 echoed words.
      expect(res.body.usage).toEqual({ prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 });
    });

    it('streams in stream_chunks pieces spaced by chunk_interval_ms, as they are produced', async () => {
      const text = 'alpha beta gamma delta epsilon zeta';
      const events = await timedStream({ model: 'chunky', stream: true, messages: user(text) });
      expect(events[events.length - 1].data).toBe('[DONE]');
      const content = events
        .slice(0, -1)
        .map((e) => ({ at: e.at, chunk: JSON.parse(e.data) }))
        .filter((e) => typeof e.chunk.choices[0]?.delta?.content === 'string' && e.chunk.choices[0].delta.content !== '');
      expect(content).toHaveLength(3);
      expect(content.map((e) => e.chunk.choices[0].delta.content).join('')).toBe(text);

      // Each piece waits one interval before it is sent; if the gateway buffered the stream, they would arrive together.
      const gaps = content.slice(1).map((e, i) => e.at - content[i].at);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(CHUNK_INTERVAL_MS * 0.8);
      expect(content[2].at - content[0].at).toBeGreaterThanOrEqual(2 * CHUNK_INTERVAL_MS * 0.9);
      console.info(`mock stream: content chunks at ${content.map((e) => e.at.toFixed(0)).join(', ')} ms; gaps ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`);
    });

    it('ends a stream with the finish reason, and the usage chunk only when asked for', async () => {
      const without = (await readSseData(await fetch(chatUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'echo', stream: true, messages: user('a b') }) })))
        .slice(0, -1)
        .map((e) => JSON.parse(e));
      expect(without[without.length - 1].choices[0].finish_reason).toBe('stop');
      expect(without.some((c) => c.usage)).toBe(false);

      const withUsage = (await readSseData(await fetch(chatUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'echo', stream: true, stream_options: { include_usage: true }, messages: user('a b') }),
      }))).slice(0, -1).map((e) => JSON.parse(e));
      expect(withUsage[withUsage.length - 1]).toMatchObject({ choices: [], usage: { prompt_tokens: 2, completion_tokens: 2, total_tokens: 4 } });
    });

    it('latency_ms delays the answer by that much', async () => {
      const fast = await timedPost(chatUrl(), { model: 'echo', messages: user('quick') });
      const slow = await timedPost(chatUrl(), { model: 'slow', messages: user('slow') });
      expect(fast.status).toBe(200);
      expect(slow.status).toBe(200);
      // A timer never fires early, so the lower bound holds under any load; the undelayed answer gets a 1 s margin.
      expect(slow.ms).toBeGreaterThanOrEqual(LATENCY_MS - 5);
      expect(fast.ms).toBeLessThan(LATENCY_MS / 2);
      console.info(`mock latency: latency_ms ${LATENCY_MS} -> ${slow.ms.toFixed(0)} ms; no latency -> ${fast.ms.toFixed(0)} ms`);
    });

    it('a per-request mock.latency_ms overrides the connection setting', async () => {
      const res = await timedPost(chatUrl(), { model: 'echo', messages: user('x'), mock: { latency_ms: 200 } });
      expect(res.status).toBe(200);
      expect(res.ms).toBeGreaterThanOrEqual(195);
    });
  });

  describe('failures', () => {
    it('fail_status 429 reaches the client as 429, like a provider rate limit', async () => {
      const res = await postJson(chatUrl(), { model: 'limited', messages: user('x') });
      expect(res.status).toBe(429);
      expect(res.body.error).toMatchObject({ message: 'mock provider failure (HTTP 429)', type: 'mock_error', code: 'provider_error' });
    });

    it('fail_status 503 becomes 502 upstream_error, like any provider 5xx', async () => {
      const res = await postJson(chatUrl(), { model: 'down', messages: user('x') });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({ type: 'server_error', code: 'upstream_error' });
      expect(res.body.error.message).toContain('HTTP 503');
    });

    it('a per-request mock.fail_status fails an otherwise healthy endpoint', async () => {
      const res = await postJson(chatUrl(), { model: 'echo', messages: user('x'), mock: { fail_status: 500 } });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('upstream_error');
      // The override is per request: the next call is healthy again.
      expect((await postJson(chatUrl(), { model: 'echo', messages: user('x') })).status).toBe(200);
    });

    it('a per-request mock.reply replaces the echo', async () => {
      const res = await postJson(chatUrl(), { model: 'echo', messages: user('x'), mock: { reply: 'canned' } });
      expect(res.body.choices[0].message.content).toBe('canned');
    });

    it.each([
      [{ latency_ms: -5 }, 'mock.latency_ms'],
      [{ fail_status: 200 }, 'mock.fail_status'],
      [{ stream_chunks: 'three' }, 'mock.stream_chunks'],
      [{ bogus: true }, 'mock:'],
      ['fast', 'mock:'],
    ])('an invalid mock override %j is a 400 naming %s', async (mock, named) => {
      const res = await postJson(chatUrl(), { model: 'echo', messages: user('x'), mock });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_parameter', param: 'mock' });
      expect(res.body.error.message.startsWith(named)).toBe(true);
    });
  });

  describe('forced tool calls', () => {
    it('tool_choice "required" answers with a call of the first tool, arguments holding the text', async () => {
      const res = await postJson(chatUrl(), { model: 'echo', messages: user('find cats'), tools: TOOLS, tool_choice: 'required' });
      expect(res.status).toBe(200);
      const choice = res.body.choices[0];
      expect(choice.finish_reason).toBe('tool_calls');
      expect(choice.message.content).toBeNull();
      expect(choice.message.tool_calls).toHaveLength(1);
      expect(choice.message.tool_calls[0]).toMatchObject({ type: 'function', id: expect.stringMatching(/^call_mock_/), function: { name: 'lookup' } });
      expect(JSON.parse(choice.message.tool_calls[0].function.arguments)).toEqual({ text: 'find cats' });
    });

    it('streams the tool call: id and name first, then argument pieces that rebuild the JSON', async () => {
      const events = await readSseData(await fetch(chatUrl(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'echo', stream: true, messages: user('find cats'), tools: TOOLS, tool_choice: { type: 'function', function: { name: 'lookup' } } }),
      }));
      expect(events[events.length - 1]).toBe('[DONE]');
      const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
      const deltas = chunks.flatMap((c) => c.choices[0]?.delta?.tool_calls ?? []);
      expect(deltas.length).toBeGreaterThan(2);
      expect(deltas[0]).toMatchObject({ index: 0, id: expect.stringMatching(/^call_mock_/), type: 'function', function: { name: 'lookup' } });
      // Only the first delta carries the id, as on OpenAI's wire.
      expect(deltas.slice(1).every((d) => d.id === undefined)).toBe(true);
      expect(JSON.parse(deltas.map((d) => d.function?.arguments ?? '').join(''))).toEqual({ text: 'find cats' });
      expect(chunks[chunks.length - 1].choices[0].finish_reason).toBe('tool_calls');
      expect(chunks.some((c) => typeof c.choices[0]?.delta?.content === 'string' && c.choices[0].delta.content !== '')).toBe(false);
    });
  });

  describe('embeddings', () => {
    const norm = (v: number[]) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

    it('are deterministic: the same input gives the same unit vector, another input another', async () => {
      const a = await postJson(embeddingsUrl(), { model: 'embed', input: ['same text', 'other text'] });
      const b = await postJson(embeddingsUrl(), { model: 'embed', input: 'same text' });
      expect(a.status).toBe(200);
      expect(a.body.object).toBe('list');
      expect(a.body.model).toBe('mock-embed');
      expect(a.body.data.map((d: any) => d.index)).toEqual([0, 1]);
      const [same, other] = a.body.data.map((d: any) => d.embedding);
      expect(b.body.data[0].embedding).toEqual(same);
      expect(other).not.toEqual(same);
      expect(same).toHaveLength(8); // the connection default
      expect(norm(same)).toBeCloseTo(1, 5);
      expect(a.body.usage).toEqual({ prompt_tokens: 4, total_tokens: 4 });
    });

    it('respect embedding_dimensions, and a request\'s dimensions over it', async () => {
      const wide = await postJson(embeddingsUrl(), { model: 'embed-wide', input: 'x' });
      expect(wide.body.data[0].embedding).toHaveLength(16);
      const asked = await postJson(embeddingsUrl(), { model: 'embed-wide', input: 'x', dimensions: 5 });
      expect(asked.body.data[0].embedding).toHaveLength(5);
      expect(norm(asked.body.data[0].embedding)).toBeCloseTo(1, 5);
    });

    it('encode as base64 little-endian float32 equal to the float vector', async () => {
      const floats = await postJson(embeddingsUrl(), { model: 'embed', input: 'encode me' });
      const base64 = await postJson(embeddingsUrl(), { model: 'embed', input: 'encode me', encoding_format: 'base64' });
      const encoded = base64.body.data[0].embedding;
      expect(typeof encoded).toBe('string');
      const bytes = Buffer.from(encoded, 'base64');
      expect(bytes.length).toBe(8 * 4);
      const decoded = Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
      expect(decoded).toEqual(floats.body.data[0].embedding);
    });

    it('count a flat token-id array as one input, and an array of them as several', async () => {
      const one = await postJson(embeddingsUrl(), { model: 'embed', input: [101, 202, 303] });
      expect(one.status).toBe(200);
      expect(one.body.data).toHaveLength(1);
      const two = await postJson(embeddingsUrl(), { model: 'embed', input: [[101, 202], [303]] });
      expect(two.body.data).toHaveLength(2);
    });
  });

  it('a client that leaves during latency_ms is recorded as status 499 in the usage log line', async () => {
    const controller = new AbortController();
    const requestId = `mock-leaver-${Date.now()}`;
    const pending = fetch(chatUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({ model: 'echo', messages: user('x'), mock: { latency_ms: 60_000 } }),
      signal: controller.signal,
    }).catch((error: Error) => error.name);
    setTimeout(() => controller.abort(), 150);
    expect(await pending).toBe('AbortError');

    // Recorded within the poll (10 s) of a 60 s latency: the sleep was cut short by the disconnect, not waited out.
    const line: any = await eventually(() => {
      const found = usageLines().find((u) => u.usage.requestId === requestId);
      expect(found).toBeDefined();
      return found;
    });
    expect(line.usage).toMatchObject({ endpoint: 'echo', provider: 'plain', model: 'mock-model', status: 499, errorCode: 'client_closed_request' });
    expect(line.usage.latencyMs).toBeLessThan(60_000);
    expect(usageLines().filter((u) => u.usage.requestId === requestId)).toHaveLength(1);
  });
});
