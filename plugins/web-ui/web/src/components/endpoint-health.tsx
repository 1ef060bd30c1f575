import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/http';
import { queryKeys, useUsage } from '../api/queries';
import type { ApiSchemas } from '../api/types';
import { endpointHealth } from '../lib/endpoint-health';
import { formatAgo, formatDateTime } from '../lib/format';
import { usageQuery } from '../lib/usage-range';
import { LoadingValue, UsageUnavailable } from './usage-value';
import '../styles/endpoints.css';

type RecentError = ApiSchemas['RecentError'];

const PERIOD = 'the last hour';

/** The endpoint's newest failed attempt, from GET /api/usage/errors (kept by usage accounting, shared by replicas). */
function useLastError(endpoint: string) {
  return useQuery({
    queryKey: queryKeys.usage('errors', endpoint),
    queryFn: async () => (await apiRequest<ApiSchemas['RecentErrorList']>('GET', `/api/usage/errors?endpoint=${encodeURIComponent(endpoint)}&limit=1`)).data[0] ?? null,
    refetchInterval: 30_000,
  });
}

/**
 * How the endpoint is doing, judged by its calls: the last hour's error rate and the last
 * error's message and time. A configured connection says nothing about whether calls succeed.
 */
export function EndpointHealthSection({ endpoint }: { endpoint: string }) {
  const usage = useUsage(['health', endpoint], () => usageQuery('hour', { endpoint, whole: true }));
  const lastError = useLastError(endpoint);
  const row = usage.data?.data[0];
  const health = usage.data ? endpointHealth(row?.requests ?? 0, row?.errors ?? 0, PERIOD) : undefined;
  return (
    <section className="card" aria-labelledby="health-heading">
      <h2 id="health-heading">Health</h2>
      {usage.error && <UsageUnavailable error={usage.error} />}
      <p className="health-summary">
        {health ? (
          <>
            <span className={`health-badge health-${health.state}`}>{health.label}</span>
            <span>{health.detail}</span>
          </>
        ) : (
          !usage.error && (
            <span>
              Error rate in {PERIOD}: <LoadingValue />
            </span>
          )
        )}
      </p>
      {lastError.data && <LastError error={lastError.data} />}
      {lastError.data === null && <p className="muted">No failed calls recorded.</p>}
      {lastError.error && !usage.error && <UsageUnavailable error={lastError.error} />}
    </section>
  );
}

function LastError({ error }: { error: RecentError }) {
  return (
    <div className="last-error">
      <strong>Last error</strong>{' '}
      <time dateTime={error.at} title={formatDateTime(error.at)}>
        {formatAgo(error.at)}
      </time>
      <span className="muted">
        {' '}
        · HTTP {error.status}
        {error.code ? ` · ${error.code}` : ''} · {error.target}
      </span>
      <p className="last-error-message">{error.message}</p>
    </div>
  );
}
