import { OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';
import { eventually } from '../support/eventually';

/**
 * Traffic split, retries, fallbacks, circuit breaker and the call deadline, over
 * real HTTP against fake upstreams that count their hits (embedded state store;
 * test/integration/routing-redis.test.ts runs the shared-state cases on Redis).
 */

const messages = [{ role: 'user', content: 'hi' }];

let a: OpenAiFake;
let b: OpenAiFake;
let c: OpenAiFake;

beforeAll(async () => {
  [a, b, c] = await Promise.all([OpenAiFake.start(), OpenAiFake.start(), OpenAiFake.start()]);
});

afterAll(async () => {
  await Promise.all([a, b, c].map((u) => u.close()));
});

beforeEach(() => [a, b, c].forEach((u) => u.reset()));

function config(endpoint: string): string {
  return `
providers:
  a: { type: openai, base_url: "${a.baseUrl}" }
  b: { type: openai, base_url: "${b.baseUrl}" }
  c: { type: openai, base_url: "${c.baseUrl}" }
endpoints:
${endpoint}
`;
}

const chat = (gw: TestGateway, model = 'ep', body: Record<string, unknown> = {}) => postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model, messages, ...body });

describe('traffic split', () => {
  let gw: TestGateway;
  afterEach(() => gw?.close());

  // The split's arithmetic (orders, weights, a dropped target) is unit-tested in plugins/traffic-split;
  // here two cycles prove the plugin is wired in: the split reaches the upstreams in that exact order.
  it('serves each target its weight: 3:1 in the order a a b a, twice', async () => {
    gw = await startGateway(config(`
  - name: ep
    kind: chat
    targets: [{ provider: a, model: m-a, weight: 3 }, { provider: b, model: m-b, weight: 1 }]
`));
    const served: string[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await chat(gw);
      expect(answer.status).toBe(200);
      served.push(answer.headers.get('x-gateway-target') as string);
    }
    expect(served).toEqual(['a/m-a', 'a/m-a', 'b/m-b', 'a/m-a', 'a/m-a', 'a/m-a', 'b/m-b', 'a/m-a']);
    expect([a.requests.length, b.requests.length]).toEqual([6, 2]);
  });

  it('never sends to a weight-0 target', async () => {
    gw = await startGateway(config(`
  - name: ep
    kind: chat
    targets: [{ provider: a, model: m-a, weight: 0 }, { provider: b, model: m-b, weight: 2 }]
`));
    for (let i = 0; i < 20; i++) expect((await chat(gw)).status).toBe(200);
    expect([a.requests.length, b.requests.length]).toEqual([0, 20]);
  });
});

describe('fallbacks and retries', () => {
  let gw: TestGateway;
  afterEach(() => gw?.close());

  const withFallback = (extra = '') =>
    config(`
  - name: ep
    kind: chat
    provider: a
    model: m-a
    fallbacks: [{ provider: b, model: m-b }, { provider: c, model: m-c }]
${extra}`);

  it.each([
    ['503', respondOpenAi.status(503, { error: { message: 'overloaded' } })],
    ['429', respondOpenAi.status(429, { error: { message: 'slow down' } })],
    ['a connection reset', respondOpenAi.reset()],
  ])('falls back on %s and says who served', async (_what, failure) => {
    gw = await startGateway(withFallback());
    a.enqueue(failure);
    const res = await chat(gw);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-target')).toBe('b/m-b');
    expect(res.headers.get('x-gateway-attempts')).toBe('2');
    expect(b.last.body.model).toBe('m-b');
    expect([a.requests.length, b.requests.length, c.requests.length]).toEqual([1, 1, 0]);
  });

  it('falls back on a first-byte timeout', async () => {
    gw = await startGateway(withFallback('    timeouts: { first_byte_ms: 300 }'));
    a.enqueue(respondOpenAi.hang());
    // a never answers: served by b means the first-byte timeout ended a's attempt (no duration asserted).
    const res = await chat(gw);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-target')).toBe('b/m-b');
  });

  it('does not fall back on a 400: one attempt, the provider\'s error', async () => {
    gw = await startGateway(withFallback());
    a.enqueue(respondOpenAi.status(400, { error: { message: 'bad tool schema', type: 'invalid_request_error', code: null, param: 'tools' } }));
    const res = await chat(gw);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('bad tool schema');
    expect(res.headers.get('x-gateway-attempts')).toBe('1');
    expect([a.requests.length, b.requests.length]).toEqual([1, 0]);
  });

  it('falls back on a refused key (401) and cools that target down', async () => {
    gw = await startGateway(withFallback());
    a.enqueue(respondOpenAi.status(401, { error: { message: 'Incorrect API key' } }));
    expect((await chat(gw)).headers.get('x-gateway-target')).toBe('b/m-b');
    // Opened at once: the next call does not even try a.
    const next = await chat(gw);
    expect(next.headers.get('x-gateway-target')).toBe('b/m-b');
    expect(next.headers.get('x-gateway-attempts')).toBe('1');
    expect(a.requests).toHaveLength(1);
  });

  it('when everything fails, one error lists every attempt', async () => {
    gw = await startGateway(withFallback());
    a.enqueue(respondOpenAi.status(503, { error: { message: 'a is down' } }));
    b.enqueue(respondOpenAi.status(500, { error: { message: 'b broke' } }));
    c.enqueue(respondOpenAi.reset());
    const res = await chat(gw);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('all_attempts_failed');
    expect(res.body.error.attempts.map((x: any) => [x.target, x.status, x.code])).toEqual([
      ['a/m-a', 502, 'upstream_error'],
      ['b/m-b', 502, 'upstream_error'],
      ['c/m-c', 502, 'upstream_unreachable'],
    ]);
    expect(res.body.error.message).toContain('a is down');
    expect(res.body.error.message).toContain('b broke');
    expect(res.headers.get('x-gateway-attempts')).toBe('3');
  });

  it('retries the same target with backoff before falling back', async () => {
    gw = await startGateway(withFallback('    retry: { attempts: 2, backoff_ms: 50, max_backoff_ms: 100 }'));
    a.enqueue(respondOpenAi.status(503, { error: { message: 'x' } }), respondOpenAi.status(502, { error: { message: 'y' } }));
    const res = await chat(gw);
    expect(res.headers.get('x-gateway-target')).toBe('a/m-a');
    expect(res.headers.get('x-gateway-attempts')).toBe('3');
    expect([a.requests.length, b.requests.length]).toEqual([3, 0]);
  });

  it('honours Retry-After when it fits in the deadline', async () => {
    gw = await startGateway(withFallback('    retry: { attempts: 1, backoff_ms: 1, max_backoff_ms: 1 }'));
    a.enqueue(respondOpenAi.status(429, { error: { message: 'wait' } }, { 'retry-after': '1' }));
    const started = Date.now();
    const res = await chat(gw);
    expect(res.headers.get('x-gateway-target')).toBe('a/m-a');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(a.requests).toHaveLength(2);
  });

  it('moves on at once when Retry-After does not fit in the deadline', async () => {
    gw = await startGateway(withFallback('    retry: { attempts: 1 }\n    timeouts: { total_ms: 2000 }'));
    a.enqueue(respondOpenAi.status(429, { error: { message: 'wait' } }, { 'retry-after': '30' }));
    const res = await chat(gw);
    // Waiting 30 s would have spent the 2 s deadline and ended in an error; b serving shows it moved on.
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-target')).toBe('b/m-b');
    expect(a.requests).toHaveLength(1);
  });

  it('keeps the whole call, retries included, inside the deadline', async () => {
    gw = await startGateway(withFallback('    retry: { attempts: 5, backoff_ms: 100, max_backoff_ms: 200 }\n    timeouts: { total_ms: 1200 }'));
    for (const upstream of [a, b, c]) upstream.enqueue(...Array.from({ length: 6 }, () => respondOpenAi.delay(150, respondOpenAi.status(503, { error: { message: 'busy' } }))));
    const res = await chat(gw);
    expect(res.status).toBe(502);
    // The deadline, not the retries running out, ended the call: 5 retries on 3 targets were queued and never all sent.
    expect(res.body.error.message).toMatch(/before the 1200 ms deadline ran out/);
    expect(a.requests.length + b.requests.length + c.requests.length).toBeLessThan(18);
  });

  it('a stream that fails before its first byte falls back like any call', async () => {
    gw = await startGateway(withFallback());
    a.enqueue(respondOpenAi.status(503, { error: { message: 'x' } }));
    const res = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'ep', messages, stream: true }),
    });
    expect(res.headers.get('x-gateway-target')).toBe('b/m-b');
    const text = await res.text();
    expect(text).toContain('Hello');
    expect(text.trim().endsWith('data: [DONE]')).toBe(true);
  });

  it('a stream that fails after its first byte ends with an in-band error and no [DONE]', async () => {
    gw = await startGateway(withFallback());
    a.enqueue(respondOpenAi.stream(['one', 'two', 'three'], { intervalMs: 100, resetAfter: 1 }));
    const res = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'ep', messages, stream: true }),
    });
    const text = await res.text();
    expect(text).toContain('"content":"one"');
    expect(text).toContain('"error"');
    expect(text).not.toContain('[DONE]');
    // Bytes had reached the client: no fallback could take over.
    expect(b.requests).toHaveLength(0);
  });

  it('falls back on the native invocations route too', async () => {
    gw = await startGateway(withFallback());
    a.enqueue(respondOpenAi.status(503, { error: { message: 'x' } }));
    const res = await postJson(`${gw.url}/gateway/ep/native/invocations`, { messages });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-target')).toBe('b/m-b');
  });

  it('falls back on the passthrough routes too', async () => {
    gw = await startGateway(withFallback());
    a.enqueue(respondOpenAi.status(503, { error: { message: 'x' } }));
    const res = await postJson(`${gw.url}/gateway/openai/v1/chat/completions`, { model: 'ep', messages });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-gateway-target')).toBe('b/m-b');
    // An Anthropic-format client on the same endpoint: translated, and it falls back the same way.
    a.enqueue(respondOpenAi.status(503, { error: { message: 'x' } }));
    const anthropic = await postJson(`${gw.url}/gateway/anthropic/v1/messages`, { model: 'ep', max_tokens: 16, messages });
    expect(anthropic.status).toBe(200);
    expect(anthropic.body.type).toBe('message');
    expect(anthropic.headers.get('x-gateway-target')).toBe('b/m-b');
  });
});

describe('circuit breaker', () => {
  let gw: TestGateway;
  afterEach(() => gw?.close());

  // The gateway's clock (GatewayOptions.now): the breaker writes its reopen time on it and the
  // embedded store lapses the open key on it, so a cooldown passes by moving it, not by waiting.
  let clock = 0;
  const onTestClock = { now: () => clock };
  beforeEach(() => {
    clock = Date.now();
  });

  it('opens after consecutive failures, stops traffic, half-opens one probe and closes', async () => {
    gw = await startGateway(config(`
  - name: ep
    kind: chat
    provider: a
    model: m-a
    fallbacks: [{ provider: b, model: m-b }]
    breaker: { failure_threshold: 3, cooldown_ms: 600 }
`), onTestClock);
    a.enqueue(...Array.from({ length: 3 }, () => respondOpenAi.status(503, { error: { message: 'down' } })));
    for (let i = 0; i < 3; i++) expect((await chat(gw)).headers.get('x-gateway-target')).toBe('b/m-b');
    expect(a.requests).toHaveLength(3);

    // Open: a gets nothing for the cooldown.
    for (let i = 0; i < 5; i++) expect((await chat(gw)).headers.get('x-gateway-attempts')).toBe('1');
    expect(a.requests).toHaveLength(3);

    // Half-open after the cooldown: one probe reaches a, and its success closes the breaker.
    clock += 600;
    expect((await chat(gw)).headers.get('x-gateway-target')).toBe('a/m-a');
    expect(a.requests).toHaveLength(4);
    await eventually(async () => {
      const res = await chat(gw);
      expect(res.headers.get('x-gateway-target')).toBe('a/m-a');
    });
  });

  it('a failed probe reopens the breaker at once', async () => {
    gw = await startGateway(config(`
  - name: ep
    kind: chat
    provider: a
    model: m-a
    fallbacks: [{ provider: b, model: m-b }]
    breaker: { failure_threshold: 1, cooldown_ms: 400 }
`), onTestClock);
    a.enqueue(respondOpenAi.status(503, { error: { message: 'down' } }), respondOpenAi.status(503, { error: { message: 'still down' } }));
    await chat(gw);
    clock += 400;
    expect((await chat(gw)).headers.get('x-gateway-target')).toBe('b/m-b');
    expect(a.requests).toHaveLength(2);
    // A failed attempt is recorded before the fallback is tried, so the reopened breaker is already in the store.
    await chat(gw);
    expect(a.requests).toHaveLength(2);
  });

  it('with every target open, answers 503 no_available_target with Retry-After', async () => {
    gw = await startGateway(config(`
  - name: ep
    kind: chat
    provider: a
    model: m-a
    breaker: { enabled: true, failure_threshold: 1, cooldown_ms: 5000 }
`));
    a.enqueue(respondOpenAi.status(503, { error: { message: 'down' } }));
    expect((await chat(gw)).status).toBe(502);
    const res = await chat(gw);
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('no_available_target');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(4);
    expect(a.requests).toHaveLength(1);
  });

  it('a 400 (the client\'s fault) never counts against a target', async () => {
    gw = await startGateway(config(`
  - name: ep
    kind: chat
    provider: a
    model: m-a
    breaker: { enabled: true, failure_threshold: 1, cooldown_ms: 5000 }
`));
    a.enqueue(respondOpenAi.status(400, { error: { message: 'bad' } }));
    expect((await chat(gw)).status).toBe(400);
    expect((await chat(gw)).status).toBe(200);
  });
});
