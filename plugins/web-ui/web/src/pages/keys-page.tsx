import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { apiRequest } from '../api/http';
import { queryKeys, useEndpoints, useKeys, useKeysRequired, useUsage } from '../api/queries';
import type { GatewayKey, UsageRow } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ErrorNotice } from '../components/error-notice';
import { KeyCreateDialog } from '../components/key-create-dialog';
import { LoadingValue, UnavailableValue } from '../components/usage-value';
import { formatAgo, formatCount, formatDate, formatDateTime, formatUsd } from '../lib/format';
import { limitParts, scopeSummary } from '../lib/key-draft';
import { usageQuery } from '../lib/usage-range';

/** Gateway keys: create (the key shown once), list (masked), revoke. */
export function KeysPage() {
  const keys = useKeys();
  const endpoints = useEndpoints();
  const required = useKeysRequired();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<GatewayKey>();
  const [revokeError, setRevokeError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [showRevoked, setShowRevoked] = useState(false);
  const [flash, setFlash] = useState<string>();
  // Who spent what: the last day's calls and cost per key, from the usage records that name the key.
  const usage = useUsage(['by-key', 'day'], () => usageQuery('day', { whole: true, combined: true, byKey: true }), { retry: false });
  const usageByKey = new Map((usage.data?.data ?? []).filter((row) => row.key).map((row) => [row.key as string, row]));

  const all = keys.data?.keys ?? [];
  const revokedCount = all.filter((k) => k.status === 'revoked').length;
  // Revoked keys stay listed (hidden by default): with none other left, the page is as empty as a fresh install.
  const noLiveKeys = all.length === revokedCount;
  const shown = showRevoked ? all : all.filter((k) => k.status !== 'revoked');
  const served = keys.data?.served !== false;

  // The header and the empty state both offer these: one button and one toggle, in either place.
  const createButton = (disabled = false) => (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => {
        setFlash(undefined);
        setCreating(true);
      }}
      disabled={disabled}
    >
      Create key
    </button>
  );
  const revokedToggle = (
    <label className="checkbox small">
      <input type="checkbox" checked={showRevoked} onChange={(e) => setShowRevoked(e.target.checked)} />
      Show revoked keys ({revokedCount})
    </label>
  );

  async function revoke(key: GatewayKey) {
    setBusy(true);
    setRevokeError(undefined);
    try {
      await apiRequest('DELETE', `/api/keys/${encodeURIComponent(key.id)}`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.keys });
      setRevoking(undefined);
      setFlash(`Key ${key.name} revoked.`);
    } catch (error) {
      setRevokeError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Gateway keys</h1>
          <p className="muted">Keys for the clients of this gateway: each may call all endpoints or chosen ones, with its own rate limits and budget. Provider credentials stay in the gateway.</p>
        </div>
        {served && createButton(!keys.data)}
      </div>
      {flash && (
        <div className="notice notice-success" role="status">
          {flash}
        </div>
      )}
      {required.data === false && served && (
        <div className="notice notice-info" role="note">
          Keys are not required yet: clients call this gateway without one. To require a key on every <code>/gateway/</code> route, set <code>auth: {'{'} require_keys: true {'}'}</code> in <code>gateway.config.yaml</code>.
        </div>
      )}
      {required.data === true && (
        <div className="notice notice-info" role="note">
          This gateway requires a key on every <code>/gateway/</code> route: a call without a valid key gets 401, a call to an endpoint outside the key's scope 403.
        </div>
      )}
      {!served && (
        <div className="notice notice-warning" role="note">
          This gateway does not serve <code>/api/keys</code>: gateway keys come with the <code>gateway-keys</code> plugin, on the admin API.
        </div>
      )}
      {keys.error && <ErrorNotice error={keys.error} what="the keys" />}
      {keys.isPending && <p className="muted">Loading keys…</p>}
      {keys.data && served && noLiveKeys && (
        <section className="empty-state card" aria-labelledby="no-keys-heading">
          <h2 id="no-keys-heading">No gateway keys</h2>
          <p>
            Gateway keys let clients call this gateway's endpoints without ever holding a provider's credentials. Create a key for each client or team: you choose which endpoints it may call, its limits and when it expires, and you
            can revoke it at any time.
          </p>
          {revokedCount > 0 && revokedToggle}
          {createButton()}
        </section>
      )}
      {all.length > 0 && (!noLiveKeys || showRevoked) && (
        <div className="card table-card">
          <div className="card-title section-header">
            <h2 id="keys-heading">Keys</h2>
            {/* With no live key the empty state above holds this toggle. */}
            {revokedCount > 0 && !noLiveKeys && revokedToggle}
          </div>
          <div className="table-scroll">
            <table className="table keys-table" aria-labelledby="keys-heading">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Endpoints</th>
                  <th scope="col">Limits</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Last used</th>
                  <th scope="col" className="num">
                    Last 24 h
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((key) => (
                  <KeyRow
                    key={key.id}
                    gatewayKey={key}
                    usage={usage.error ? null : usage.isPending ? 'loading' : usageByKey.get(key.id)}
                    onRevoke={() => {
                      setRevokeError(undefined);
                      setRevoking(key);
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {creating && endpoints.data && (
        <KeyCreateDialog endpoints={endpoints.data.endpoints} takenNames={new Set(all.filter((k) => k.status !== 'revoked').map((k) => k.name))} onClose={() => setCreating(false)} />
      )}
      {revoking && (
        <ConfirmDialog
          title={`Revoke key ${revoking.name}?`}
          confirmLabel={`Revoke key ${revoking.name}`}
          busyLabel="Revoking…"
          busy={busy}
          error={revokeError}
          onConfirm={() => revoke(revoking)}
          onCancel={() => setRevoking(undefined)}
        >
          <p>
            Clients using <strong>{revoking.name}</strong> (<code>{revoking.key}</code>) get 401 from their next call, on every replica within a second.
          </p>
          <p className="muted">This cannot be undone: the key stays listed as revoked, and its usage stays counted.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** `usage`: the key's last day; undefined when it made no call, null when the gateway cannot say, 'loading' until it answers. */
function KeyRow({ gatewayKey: key, usage, onRevoke }: { gatewayKey: GatewayKey; usage: UsageRow | undefined | null | 'loading'; onRevoke: () => void }) {
  const revoked = key.status === 'revoked';
  return (
    <tr className={revoked ? 'row-muted' : undefined}>
      <th scope="row">
        <span className="key-name">{key.name}</span>
        {key.status !== 'active' && (
          <span className={`badge badge-status-${key.status}`} title={key.revoked_at ? `Revoked ${formatDateTime(key.revoked_at)}` : undefined}>
            {key.status}
          </span>
        )}
        <span className="key-created">
          Created{' '}
          <time dateTime={key.created_at} title={formatDateTime(key.created_at)}>
            {formatDate(key.created_at)}
          </time>
        </span>
      </th>
      <td className="mono nowrap" data-label="Key">
        {key.key}
      </td>
      <td className={key.endpoints === '*' ? 'nowrap' : 'mono'} data-label="Endpoints">
        {scopeSummary(key)}
      </td>
      <td className="key-limits" data-label="Limits">
        {limitParts(key).length === 0 ? (
          <span className="muted">None</span>
        ) : (
          limitParts(key).map((part, i) => (
            <Fragment key={part}>
              {i > 0 && ' · '}
              <span className="nowrap">{part}</span>
            </Fragment>
          ))
        )}
      </td>
      <td className="nowrap" data-label="Expires">
        {key.expires_at ? (
          <time dateTime={key.expires_at} title={formatDateTime(key.expires_at)}>
            {formatDate(key.expires_at)}
          </time>
        ) : (
          <span className="muted">Never</span>
        )}
      </td>
      <td className="nowrap" data-label="Last used">
        {key.last_used_at ? (
          <time dateTime={key.last_used_at} title={formatDateTime(key.last_used_at)}>
            {formatAgo(key.last_used_at)}
          </time>
        ) : (
          <span className="muted">Never</span>
        )}
      </td>
      <td className="num nowrap" data-label="Last 24 h">
        {usage === 'loading' ? <LoadingValue /> : usage === null ? <UnavailableValue /> : usage ? `${formatCount(usage.requests)} ${usage.requests === 1 ? 'call' : 'calls'} · ${formatUsd(usage.cost_usd)}` : <span className="muted">No calls</span>}
      </td>
      <td className="actions">
        {!revoked && (
          <button type="button" className="btn btn-small btn-danger-outline" onClick={onRevoke} aria-label={`Revoke key ${key.name}`}>
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}
