import { endpointHealth } from './endpoint-health';

describe('endpointHealth', () => {
  const period = 'the last hour';

  it('never calls an endpoint whose every request failed healthy', () => {
    expect(endpointHealth(4, 4, period)).toEqual({ state: 'failing', label: 'Failing', detail: '100% of 4 requests failed in the last hour.' });
  });

  it('is failing from half the requests, and only seeing errors below that', () => {
    expect(endpointHealth(10, 5, period).state).toBe('failing');
    expect(endpointHealth(10, 4, period)).toEqual({ state: 'degraded', label: 'Some errors', detail: '40% of 10 requests failed in the last hour.' });
    expect(endpointHealth(1000, 1, period).detail).toBe('0.1% of 1,000 requests failed in the last hour.');
  });

  it('is healthy only with traffic and no errors, and says when there was no traffic', () => {
    expect(endpointHealth(1, 0, period)).toEqual({ state: 'ok', label: 'Healthy', detail: 'No errors in 1 request in the last hour.' });
    expect(endpointHealth(0, 0, period)).toEqual({ state: 'idle', label: 'No traffic', detail: 'No requests in the last hour.' });
  });
});
