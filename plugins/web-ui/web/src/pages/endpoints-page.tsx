import { useState } from 'react';
import { useLocation } from 'wouter';
import { useEndpoints, useUsage } from '../api/queries';
import type { EndpointListing } from '../api/types';
import { AdminApiNotice } from '../components/admin-api-notice';
import { ErrorNotice } from '../components/error-notice';
import { UseDialog } from '../components/use-dialog';
import { usageValue, UsageUnavailable } from '../components/usage-value';
import { routingSummary, sourceLabel } from '../lib/endpoint-summary';
import { takeFlash } from '../lib/flash';
import { formatCount, formatRate } from '../lib/format';
import { usageQuery } from '../lib/usage-range';

/** The home page: every endpoint, with its last hour's traffic and a way to call it. */
export function EndpointsPage() {
  const endpoints = useEndpoints();
  const usage = useUsage(['endpoints-last-hour'], () => usageQuery('hour', { whole: true }));
  const [using, setUsing] = useState<EndpointListing>();
  const [, navigate] = useLocation();
  const [flash] = useState(takeFlash);
  const lastHour = new Map((usage.data?.data ?? []).map((row) => [row.endpoint, row]));
  const list = endpoints.data?.endpoints ?? [];

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Endpoints</h1>
          <p className="muted">Named routes to a provider and model. Clients call an endpoint by its name; the gateway holds the credentials.</p>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => navigate('/endpoints/new')}>
          Create endpoint
        </button>
      </div>
      {flash && (
        <div className="notice notice-success" role="status">
          {flash}
        </div>
      )}
      {endpoints.data && !endpoints.data.adminApi && <AdminApiNotice />}
      {endpoints.error && <ErrorNotice error={endpoints.error} what="the endpoints" />}
      {endpoints.isPending && <p className="muted">Loading endpoints…</p>}
      {endpoints.data && list.length === 0 && (
        <section className="empty-state card">
          <h2>No endpoints yet</h2>
          <p>
            Create an endpoint to give clients a name to call: pick a provider, enter its credentials and choose a model. Endpoints can also be written under{' '}
            <code>endpoints:</code> in <code>gateway.config.yaml</code>.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/endpoints/new')}>
            Create endpoint
          </button>
        </section>
      )}
      {list.length > 0 && usage.error && <UsageUnavailable error={usage.error} />}
      {list.length > 0 && (
        <div className="card table-card">
          <table className="table">
            <caption className="visually-hidden">Endpoints, with requests and errors in the last hour</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Provider / model</th>
                <th scope="col">Source</th>
                <th scope="col" className="num">
                  Requests (1 h)
                </th>
                <th scope="col" className="num">
                  Errors (1 h)
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((endpoint) => {
                const row = lastHour.get(endpoint.name);
                return (
                  <tr key={endpoint.name}>
                    <th scope="row">
                      {/* The name opens the same Use dialog as the button; the dialog links to the endpoint's page. */}
                      <button type="button" className="link-button endpoint-link" aria-haspopup="dialog" onClick={() => setUsing(endpoint)}>
                        {endpoint.name}
                      </button>
                    </th>
                    <td data-label="Kind">
                      <span className={`badge badge-kind-${endpoint.kind}`}>{endpoint.kind}</span>
                    </td>
                    <td className="mono" data-label="Provider / model">
                      {routingSummary(endpoint) ?? <span className="muted">—</span>}
                    </td>
                    <td data-label="Source">
                      <span className={`badge badge-source-${endpoint.source === 'config' ? 'config' : 'api'}`}>{sourceLabel(endpoint)}</span>
                    </td>
                    <td className="num" data-label="Requests (1 h)">
                      {usageValue(usage, () => formatCount(row?.requests ?? 0))}
                    </td>
                    <td className={`num${row?.errors ? ' text-danger' : ''}`} data-label="Errors (1 h)">
                      {/* One element: the phone layout's cell is a grid of label and value. */}
                      {usageValue(usage, () => (
                        <span>
                          {formatCount(row?.errors ?? 0)}
                          {row && row.errors > 0 && <span className="error-rate"> ({formatRate(row.errors, row.requests)})</span>}
                        </span>
                      ))}
                    </td>
                    <td className="actions">
                      <button type="button" className="btn btn-small" onClick={() => setUsing(endpoint)}>
                        Use
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {using && <UseDialog endpoint={using} pageLink onClose={() => setUsing(undefined)} />}
    </>
  );
}
