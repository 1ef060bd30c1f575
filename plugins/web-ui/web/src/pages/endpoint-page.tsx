import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { apiRequest } from '../api/http';
import { queryKeys, useConnection, useEndpoint, useProviders } from '../api/queries';
import type { EndpointListing, ProviderType } from '../api/types';
import { AdminApiNotice } from '../components/admin-api-notice';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EndpointHealthSection } from '../components/endpoint-health';
import { maskedText } from '../components/credential-fields';
import { ErrorNotice } from '../components/error-notice';
import { RangeSwitch } from '../components/range-switch';
import { UseContent } from '../components/use-content';
import { UseDialog } from '../components/use-dialog';
import { connectionsOf, isReadOnly, sourceLabel } from '../lib/endpoint-summary';
import { takeFlash, setFlash } from '../lib/flash';
import { fieldLabel } from '../lib/providers';
import type { RangeId } from '../lib/usage-range';

const UsageOverview = lazy(() => import('../components/usage-overview'));

/** One endpoint: its configuration (credentials masked), its examples, its usage; edit and delete. */
export function EndpointPage({ name }: { name: string }) {
  const endpoint = useEndpoint(name);
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [using, setUsing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [range, setRange] = useState<RangeId>('hour');
  const [flash] = useState(takeFlash);

  if (endpoint.error) {
    return (
      <>
        <Breadcrumb name={name} />
        <ErrorNotice error={endpoint.error} what={`the endpoint ${name}`} />
      </>
    );
  }
  if (!endpoint.data) return <p className="muted">Loading…</p>;
  const record = endpoint.data;
  const readOnly = isReadOnly(record);
  const adminApi = record.adminApi !== false;

  async function remove() {
    setBusy(true);
    setDeleteError(undefined);
    try {
      await apiRequest('DELETE', `/api/endpoints/${encodeURIComponent(name)}`);
      queryClient.removeQueries({ queryKey: queryKeys.endpoint(name) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.endpoints });
      setFlash(`Endpoint ${name} deleted.`);
      navigate('/');
    } catch (error) {
      setDeleteError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  const connections = connectionsOf(record);
  return (
    <>
      <Breadcrumb name={name} />
      <div className="page-header">
        <div>
          <h1 className="mono-heading">{name}</h1>
          <p className="badges">
            <span className={`badge badge-kind-${record.kind}`}>{record.kind}</span>
            <span className={`badge badge-source-${readOnly ? 'config' : 'api'}`}>{sourceLabel(record)}</span>
          </p>
        </div>
        <div className="button-row">
          <button type="button" className="btn btn-primary" onClick={() => setUsing(true)}>
            Use
          </button>
          {!readOnly && adminApi && (
            <>
              <button type="button" className="btn" onClick={() => navigate(`/endpoints/${encodeURIComponent(name)}/edit`)}>
                Edit
              </button>
              <button type="button" className="btn btn-danger-outline" onClick={() => setDeleting(true)}>
                Delete
              </button>
            </>
          )}
        </div>
      </div>
      {flash && (
        <div className="notice notice-success" role="status">
          {flash}
        </div>
      )}
      {!adminApi && <AdminApiNotice />}
      {readOnly && adminApi && (
        <div className="notice notice-info" role="note">
          This endpoint is defined in <code>gateway.config.yaml</code>: to change or delete it, edit the file (the gateway reloads it when it changes).
        </div>
      )}

      <EndpointHealthSection endpoint={name} />

      <div className="two-column">
        <section className="card" aria-labelledby="config-heading">
          <h2 id="config-heading">Configuration</h2>
          {adminApi ? <EndpointConfig record={record} /> : <p className="muted">The configuration is shown by the admin API, which this gateway does not serve.</p>}
        </section>
        <section className="card" aria-labelledby="connections-heading">
          <h2 id="connections-heading">{connections.length === 1 ? 'Connection' : 'Connections'}</h2>
          {connections.length === 0 && <p className="muted">—</p>}
          {connections.map((connection) => (
            <ConnectionDetails key={connection} name={connection} />
          ))}
        </section>
      </div>

      <section className="card" aria-labelledby="usage-heading">
        <div className="section-header">
          <h2 id="usage-heading">Usage</h2>
          <RangeSwitch value={range} onChange={setRange} />
        </div>
        <Suspense fallback={<p className="muted">Loading charts…</p>}>
          <UsageOverview endpoint={name} range={range} />
        </Suspense>
      </section>

      <section className="card" aria-labelledby="examples-heading">
        <h2 id="examples-heading">Use examples</h2>
        <UseContent endpoint={record} />
      </section>

      {using && <UseDialog endpoint={record} onClose={() => setUsing(false)} />}
      {deleting && (
        <ConfirmDialog title={`Delete endpoint ${name}?`} confirmLabel={`Delete endpoint ${name}`} busy={busy} error={deleteError} onConfirm={remove} onCancel={() => setDeleting(false)}>
          <p>
            This deletes the endpoint <strong>{name}</strong>. Clients that call it get a 404 from then on.
          </p>
          {connections.length > 0 && (
            <p className="muted">
              {connections.length === 1 ? 'Its connection' : 'Its connections'} <strong>{connections.join(', ')}</strong> {connections.length === 1 ? 'is' : 'are'} kept, with {connections.length === 1 ? 'its' : 'their'} credentials.
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}

function Breadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <Link href="/">Endpoints</Link> <span aria-hidden="true">/</span> <span aria-current="page">{name}</span>
    </nav>
  );
}

function EndpointConfig({ record }: { record: EndpointListing }) {
  const targets = record.targets ?? (record.provider ? [{ provider: record.provider, model: record.model ?? '', weight: 1 }] : []);
  const totalWeight = targets.reduce((sum, t) => sum + (t.weight ?? 1), 0);
  return (
    <dl className="config-list">
      <dt>Kind</dt>
      <dd>{record.kind}</dd>
      <dt>{targets.length > 1 ? 'Traffic split' : 'Provider / model'}</dt>
      <dd>
        {targets.length > 1 ? (
          <table className="table table-compact table-keep">
            <caption className="visually-hidden">Split targets</caption>
            <thead>
              <tr>
                <th scope="col">Connection</th>
                <th scope="col">Model</th>
                <th scope="col" className="num">
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {targets.map((t, i) => (
                <tr key={i}>
                  <td className="mono">{t.provider}</td>
                  <td className="mono">{t.model}</td>
                  <td className="num">{totalWeight > 0 ? `${Math.round(((t.weight ?? 1) / totalWeight) * 1000) / 10}%` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <span className="mono">
            {targets[0]?.provider} / {targets[0]?.model}
          </span>
        )}
      </dd>
      <dt>Fallbacks</dt>
      <dd>
        {record.fallbacks && record.fallbacks.length > 0 ? (
          <ol className="plain-list">
            {record.fallbacks.map((f, i) => (
              <li key={i} className="mono">
                {f.provider} / {f.model}
              </li>
            ))}
          </ol>
        ) : (
          <span className="muted">none</span>
        )}
      </dd>
      <dt>Retries</dt>
      <dd>{record.retry?.attempts ? `${record.retry.attempts} extra ${record.retry.attempts === 1 ? 'try' : 'tries'} per target` : <span className="muted">none</span>}</dd>
      {record.timeouts && (
        <>
          <dt>Timeouts</dt>
          <dd className="mono">
            {Object.entries(record.timeouts)
              .map(([k, v]) => `${k}: ${v}`)
              .join(', ')}
          </dd>
        </>
      )}
    </dl>
  );
}

/** A connection's settings as the admin API shows them; secrets only ever as their mask. */
function ConnectionDetails({ name }: { name: string }) {
  const connection = useConnection(name);
  const providers = useProviders();
  if (connection.error) return <p className="muted">{name}: uses the provider type's defaults and its key variable.</p>;
  if (!connection.data) return <p className="muted">Loading {name}…</p>;
  const provider: ProviderType | undefined = providers.data?.find((p) => p.type === connection.data.type);
  const secret = new Set(provider?.credential_fields.filter((f) => f.secret).map((f) => f.name) ?? ['api_key']);
  const shown = new Set(['name', 'type', 'source', 'object', 'status', 'problem', 'implicit', 'used_by', 'created_at', 'updated_at']);
  const entries = Object.entries(connection.data).filter(([key, value]) => !shown.has(key) && value !== null && value !== undefined && typeof value !== 'object');
  const usedBy = Array.isArray(connection.data.used_by) ? (connection.data.used_by as string[]) : undefined;
  return (
    <div className="connection-details">
      <h3 className="mono">{name}</h3>
      <dl className="config-list">
        <dt>Type</dt>
        <dd>{connection.data.type}</dd>
        <dt>Source</dt>
        <dd>{connection.data.source === 'config' ? 'Config file' : 'UI / API'}</dd>
        {/* Whether its settings can be used, not whether calls succeed: that is the Health section's. */}
        {connection.data.status && (
          <>
            <dt>Settings</dt>
            <dd className={connection.data.status === 'ok' ? undefined : 'text-danger'}>
              {connection.data.status === 'ok' ? 'valid' : String(connection.data.status)}
              {connection.data.problem ? `: ${String(connection.data.problem)}` : ''}
            </dd>
          </>
        )}
        {usedBy && (
          <>
            <dt>Used by</dt>
            <dd className="mono">{usedBy.join(', ') || '—'}</dd>
          </>
        )}
        {entries.map(([key, value]) => (
          <div key={key} className="config-pair">
            <dt>{fieldLabel(provider, key)}</dt>
            <dd className="mono">{secret.has(key) ? maskedText(value) : String(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
