import { readiness } from './readiness';

const reachable = { kind: 'redis' as const, ping: jest.fn(async () => undefined) };

describe('readiness: what /ready answers', () => {
  beforeEach(() => reachable.ping.mockClear());

  it('ready (200) with a reachable store', async () => {
    expect(await readiness(reachable, false)).toEqual({ status: 200, body: { status: 'ready', checks: { config: 'ok', state: 'ok', state_kind: 'redis' } } });
  });

  it('still 200, degraded, when the shared store is unreachable: the replica serves on local state', async () => {
    const down = { kind: 'redis' as const, ping: async () => Promise.reject(new Error('ECONNREFUSED')) };
    expect(await readiness(down, false)).toEqual({ status: 200, body: { status: 'degraded', checks: { config: 'ok', state: 'unreachable', state_kind: 'redis' } } });
  });

  it('a store that does not answer within the limit counts as unreachable', async () => {
    const hung = { kind: 'redis' as const, ping: () => new Promise<void>(() => undefined) };
    expect((await readiness(hung, false, 5)).body).toMatchObject({ status: 'degraded', checks: { state: 'unreachable' } });
  });

  it('503 draining once a stop signal arrived, without asking the store (a balancer must learn at once)', async () => {
    const answer = await readiness(reachable, true);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ status: 'draining', message: expect.stringContaining('stop signal') });
    expect(reachable.ping).not.toHaveBeenCalled();
  });
});
