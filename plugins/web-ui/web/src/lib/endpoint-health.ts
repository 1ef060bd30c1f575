import { formatCount, formatRate } from './format';

export type HealthState = 'idle' | 'ok' | 'degraded' | 'failing';

/** What an endpoint's recent traffic says about it: a word for the badge and a sentence with the numbers. */
export interface EndpointHealth {
  state: HealthState;
  label: string;
  detail: string;
}

/** At or past this share of failed requests an endpoint is failing, not just seeing errors. */
export const FAILING_RATE = 0.5;

/**
 * The health of an endpoint from its requests and errors over `period` (e.g. "the last hour"):
 * judged by what happened, so an endpoint whose every call fails never reads "ok".
 */
export function endpointHealth(requests: number, errors: number, period: string): EndpointHealth {
  const calls = `${formatCount(requests)} ${requests === 1 ? 'request' : 'requests'}`;
  if (requests === 0) return { state: 'idle', label: 'No traffic', detail: `No requests in ${period}.` };
  if (errors === 0) return { state: 'ok', label: 'Healthy', detail: `No errors in ${calls} in ${period}.` };
  const share = `${formatRate(errors, requests)} of ${calls} failed in ${period}`;
  if (errors / requests >= FAILING_RATE) return { state: 'failing', label: 'Failing', detail: `${share}.` };
  return { state: 'degraded', label: 'Some errors', detail: `${share}.` };
}
