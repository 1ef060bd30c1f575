import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';
import { apiRequest } from '../api/http';
import { queryKeys, useConnections, useEndpoints, useProviders } from '../api/queries';
import type { ConnectionTestResult, ConnectionView } from '../api/types';
import { ConfirmDialog } from '../components/confirm-dialog';
import { ConnectionDialog } from '../components/connection-dialog';
import { ErrorNotice } from '../components/error-notice';
import { deleteRefusal, providerName } from '../lib/connection-draft';
import '../styles/connections.css';

type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Connections: where each provider's credentials live and which endpoints use them.
 * Connections made here (or through the API) can be edited, tested and deleted once no
 * endpoint uses them; those from gateway.config.yaml are read-only here.
 */
export function ConnectionsPage() {
  const connections = useConnections();
  const providers = useProviders();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ editing?: ConnectionView }>();
  const [deleting, setDeleting] = useState<ConnectionView>();
  const [deleteError, setDeleteError] = useState<string>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  // One region for what the last action did (a save, a test, a delete, a refusal), announced politely.
  const [notice, setNotice] = useState<Notice>();
  const [testing, setTesting] = useState<string>();

  // Without the admin API there is nothing to list or change here: connections live in the YAML only.
  const noAdminApi = useEndpoints().data?.adminApi === false;
  const list = connections.data ?? [];
  const providerList = providers.data ?? [];

  async function test(connection: ConnectionView) {
    setNotice(undefined);
    setTesting(connection.name);
    try {
      const result = await apiRequest<ConnectionTestResult>('POST', `/api/connections/${encodeURIComponent(connection.name)}/test`, {});
      setNotice(
        result.ok
          ? { tone: 'success', text: `✓ Connection ${connection.name} works: ${result.model} answered in ${Math.round(result.latency_ms)} ms.` }
          : { tone: 'error', text: `✗ Connection ${connection.name} failed (${result.model}): ${result.error?.message ?? 'no message'}` },
      );
    } catch (error) {
      setNotice({ tone: 'error', text: `✗ Connection ${connection.name} was not tested: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setTesting(undefined);
    }
  }

  function askDelete(connection: ConnectionView) {
    const refusal = deleteRefusal(connection);
    if (refusal) return setNotice({ tone: 'error', text: refusal });
    setNotice(undefined);
    setDeleteError(undefined);
    setDeleting(connection);
  }

  async function remove(connection: ConnectionView) {
    setDeleteBusy(true);
    setDeleteError(undefined);
    try {
      await apiRequest('DELETE', `/api/connections/${encodeURIComponent(connection.name)}`);
      setDeleting(undefined);
      setNotice({ tone: 'success', text: `Connection ${connection.name} deleted.` });
    } catch (error) {
      // A 409 names the endpoints that started using it since the list was read.
      setDeleteError(error instanceof Error ? error.message : String(error));
    } finally {
      setDeleteBusy(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    }
  }

  const create = () => {
    setNotice(undefined);
    setDialog({});
  };
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Connections</h1>
          <p className="muted">A connection is a provider and its credentials; endpoints name a connection and a model. Keys are stored encrypted and only ever shown masked.</p>
        </div>
        {!noAdminApi && (
          <button type="button" className="btn btn-primary" onClick={create} disabled={!providers.data}>
            Create connection
          </button>
        )}
      </div>
      {noAdminApi && (
        <div className="notice notice-warning" role="note">
          <strong>Read-only:</strong> this gateway does not serve the admin API (<code>/api/connections</code>), so connections are the <code>providers:</code> of{' '}
          <code>gateway.config.yaml</code> and are changed by editing it.
        </div>
      )}
      <div role="status" className="connections-status">
        {notice && <p className={`notice notice-${notice.tone}`}>{notice.text}</p>}
      </div>
      {connections.error && <ErrorNotice error={connections.error} what="the connections" />}
      {providers.error && <ErrorNotice error={providers.error} what="the provider types" />}
      {connections.isPending && <p className="muted">Loading connections…</p>}
      {connections.data && list.length === 0 && !noAdminApi && (
        <section className="empty-state card">
          <h2>No connections yet</h2>
          <p>
            Create a connection for each provider account: its type, credentials and, where needed, its base URL. Connections can also be written under <code>providers:</code> in{' '}
            <code>gateway.config.yaml</code>.
          </p>
          <button type="button" className="btn btn-primary" onClick={create} disabled={!providers.data}>
            Create connection
          </button>
        </section>
      )}
      {list.length > 0 && (
        <div className="card table-card">
          <table className="table connections-table">
            <caption className="visually-hidden">Connections, with the endpoints that use each</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Destination</th>
                <th scope="col">Source</th>
                <th scope="col">Status</th>
                <th scope="col">Used by</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((connection) => (
                <ConnectionRow
                  key={connection.name}
                  connection={connection}
                  type={providerName(providerList, connection.type)}
                  testing={testing === connection.name}
                  onEdit={() => {
                    setNotice(undefined);
                    setDialog({ editing: connection });
                  }}
                  onTest={() => test(connection)}
                  onDelete={() => askDelete(connection)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog && providers.data && (
        <ConnectionDialog
          providers={providers.data}
          connections={list}
          editing={dialog.editing}
          onClose={() => setDialog(undefined)}
          onSaved={(message) => {
            setDialog(undefined);
            setNotice({ tone: 'success', text: message });
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete connection ${deleting.name}?`}
          confirmLabel={`Delete connection ${deleting.name}`}
          busy={deleteBusy}
          error={deleteError}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(undefined)}
        >
          <p>
            Its stored credentials are deleted with it. No endpoint uses <strong>{deleting.name}</strong> now.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function ConnectionRow({ connection, type, testing, onEdit, onTest, onDelete }: { connection: ConnectionView; type: string; testing: boolean; onEdit: () => void; onTest: () => void; onDelete: () => void }) {
  const fromConfig = connection.source === 'config';
  const inUse = connection.used_by.length > 0;
  const whyNoDelete = `connection-${connection.name}-in-use`;
  return (
    <tr>
      <th scope="row" className="mono">
        {connection.name}
      </th>
      {/* Each labelled cell holds one element: on a phone the cell is a two-column grid (its label, then this). */}
      <td data-label="Type">
        <span>
          {type}
          {type !== connection.type && <span className="connection-type mono"> {connection.type}</span>}
        </span>
      </td>
      <td data-label="Destination" className="mono connection-destination">
        <span>{connection.base_url || <span className="muted">—</span>}</span>
      </td>
      <td data-label="Source">
        <span>
          <span className={`badge badge-source-${fromConfig ? 'config' : 'api'}`}>{fromConfig ? 'Config file' : 'UI / API'}</span>
        </span>
      </td>
      <td data-label="Status">
        <span>
          <span className={`badge ${connection.status === 'ok' ? 'badge-ok' : 'badge-error'}`}>{connection.status}</span>
          {connection.problem && <span className="connection-problem"> {connection.problem}</span>}
        </span>
      </td>
      <td data-label="Used by">
        <span>
          {inUse ? (
            connection.used_by.map((name, i) => (
              <Fragment key={name}>
                {i > 0 && ', '}
                <Link href={`/endpoints/${encodeURIComponent(name)}`} className="mono">
                  {name}
                </Link>
              </Fragment>
            ))
          ) : (
            <span className="muted">No endpoint</span>
          )}
        </span>
      </td>
      <td className="actions connection-actions">
        <button type="button" className="btn btn-small" onClick={onTest} disabled={testing} aria-label={`Test connection ${connection.name}`}>
          {testing ? 'Testing…' : 'Test'}
        </button>
        {fromConfig ? (
          <span className="hint connection-readonly">Read-only: edit gateway.config.yaml</span>
        ) : (
          <>
            <button type="button" className="btn btn-small" onClick={onEdit} aria-label={`Edit connection ${connection.name}`}>
              Edit
            </button>
            <button type="button" className="btn btn-small btn-danger-outline" onClick={onDelete} aria-label={`Delete connection ${connection.name}`} aria-describedby={inUse ? whyNoDelete : undefined}>
              Delete
            </button>
            {inUse && (
              <span id={whyNoDelete} className="visually-hidden">
                In use by {connection.used_by.join(', ')}: it cannot be deleted until no endpoint uses it.
              </span>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
