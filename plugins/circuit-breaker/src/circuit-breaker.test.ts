import pino from 'pino';
import { GatewayError, type AttemptRecord, type CallContext, type Endpoint, type Target } from '@model-gateway/core';
import { EmbeddedStateStore } from '@model-gateway/core/testing';
import { EndpointRegistry } from '@model-gateway/core/internal';
import { CircuitBreaker } from './circuit-breaker';

const primary = { key: 'a/m', connectionName: 'a', model: 'm', role: 'split', weight: 1 } as Target;
const fallback = { key: 'b/m', connectionName: 'b', model: 'm', role: 'fallback', weight: 0 } as Target;
const endpoint = {
  name: 'ep',
  source: 'config',
  targets: [primary],
  fallbacks: [fallback],
  timeouts: { totalMs: 60_000 },
  settings: { breaker: { enabled: true, failureThreshold: 2, cooldownMs: 1_000 } },
} as unknown as Endpoint;

/** One breaker whose store and reopen times run on a clock the test moves: no cooldown is waited out. */
function setup() {
  let now = 1_000_000;
  const endpoints = new EndpointRegistry();
  endpoints.upsert(endpoint);
  const breaker = new CircuitBreaker(new EmbeddedStateStore(() => now), endpoints, pino({ level: 'silent' }), () => now);
  return { breaker, advance: (ms: number) => (now += ms) };
}

let calls = 0;
function newCall(): CallContext {
  const locals = new Map<symbol, unknown>();
  return { requestId: `r${++calls}`, endpointName: 'ep', endpoint, targets: [primary, fallback], locals, local: (key: symbol) => locals.get(key) } as unknown as CallContext;
}

/** Resolves a call and returns the targets the breaker left it. */
async function admitted(breaker: CircuitBreaker): Promise<string[]> {
  const call = newCall();
  await breaker.resolve(call);
  return call.targets.map((t) => t.key);
}

const attemptOn = (call: CallContext, status: number): AttemptRecord =>
  ({ endpoint: 'ep', provider: 'a', model: 'm', status, failure: status >= 500 ? 'retry' : undefined, requestId: call.requestId }) as AttemptRecord;

/** A whole call to `a` answered with `status`; the breaker's writes to the embedded store land within the await. */
async function callAnswered(breaker: CircuitBreaker, status: number): Promise<void> {
  const call = newCall();
  await breaker.resolve(call);
  breaker.onAttemptEnd(attemptOn(call, status), call);
  await new Promise(setImmediate);
}

describe('CircuitBreaker on an injected clock', () => {
  it('keeps an opened target out for exactly the cooldown, then lets one probe through', async () => {
    const { breaker, advance } = setup();
    await callAnswered(breaker, 503);
    await callAnswered(breaker, 503);
    expect(await admitted(breaker)).toEqual(['b/m']);
    advance(999);
    expect(await admitted(breaker)).toEqual(['b/m']);
    advance(1);
    // Half-open: the first call takes the probe, the next one waits for its outcome.
    expect(await admitted(breaker)).toEqual(['a/m', 'b/m']);
    expect(await admitted(breaker)).toEqual(['b/m']);
  });

  it('says when the first target reopens, on the same clock', async () => {
    const { breaker, advance } = setup();
    const single = { ...newCall(), targets: [primary] } as CallContext;
    await callAnswered(breaker, 503);
    await callAnswered(breaker, 503);
    advance(400);
    const refused = await breaker.resolve(single)!.then(() => undefined, (error: unknown) => error);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).code).toBe('no_available_target');
    expect((refused as GatewayError).retryAfterMs).toBe(600);
  });

  it('a successful probe closes the breaker', async () => {
    const { breaker, advance } = setup();
    await callAnswered(breaker, 503);
    await callAnswered(breaker, 503);
    advance(1_000);
    await callAnswered(breaker, 200);
    expect(await admitted(breaker)).toEqual(['a/m', 'b/m']);
    expect(await admitted(breaker)).toEqual(['a/m', 'b/m']);
  });
});
