import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { apiRequest } from '../api/http';
import { queryKeys, useConnections, useEndpoint, useEndpoints, useProviders } from '../api/queries';
import type { ConnectionView, ConnectionTestResult, EndpointKind, EndpointListing, ProviderType } from '../api/types';
import { AdminApiNotice } from '../components/admin-api-notice';
import { CredentialFields } from '../components/credential-fields';
import { ErrorNotice } from '../components/error-notice';
import { describe, Field } from '../components/field';
import { FormError } from '../components/form-error';
import { ModelSection } from '../components/model-section';
import { ProviderCombobox } from '../components/provider-combobox';
import { RoutingSection, type ConnectionOption } from '../components/routing-section';
import { endpointErrorKeys, placeError } from '../lib/api-errors';
import { changesConnection, connectionTestCall, otherUsers, sharedConnectionWarning } from '../lib/connection-check';
import { movedDestinations } from '../lib/destination-fields';
import { connectionBody, defaultFields, draftFromRecord, emptyDraft, endpointBody, fieldsOfConnection, storedSecrets, suggestConnectionName, validateDraft, type EndpointDraft } from '../lib/endpoint-draft';
import { formatMs } from '../lib/format';
import { isReadOnly } from '../lib/endpoint-summary';
import { setFlash } from '../lib/flash';
import { fieldLabel } from '../lib/providers';

/** Create endpoint (no `editing`), or edit the endpoint named `editing`. */

/** What Test connection shows: the gateway's answer, or why the call could not be made. */
interface TestOutcome {
  connection: string;
  ok: boolean;
  latency_ms?: number;
  message?: string;
}
export function EndpointFormPage({ editing }: { editing?: string }) {
  const providers = useProviders();
  const endpoints = useEndpoints();
  const connections = useConnections();
  const existing = useEndpoint(editing ?? '');
  const title = editing ? `Edit endpoint ${editing}` : 'Create endpoint';

  const loading = providers.isPending || endpoints.isPending || connections.isPending || (editing !== undefined && existing.isPending);
  const failed = providers.error ?? endpoints.error ?? connections.error ?? (editing ? existing.error : null);
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/">Endpoints</Link> <span aria-hidden="true">/</span> {editing ? <Link href={`/endpoints/${encodeURIComponent(editing)}`}>{editing}</Link> : 'New'}
      </nav>
      <h1>{title}</h1>
      {endpoints.data && !endpoints.data.adminApi && <AdminApiNotice form />}
      {failed && <ErrorNotice error={failed} what="what the form needs" />}
      {loading && !failed && <p className="muted">Loading…</p>}
      {!loading && !failed && editing && existing.data && isReadOnly(existing.data) && (
        <div className="notice notice-info" role="note">
          <strong>{editing}</strong> is defined in the gateway's YAML file (<code>gateway.config.yaml</code>), so it cannot be edited here. Edit the file instead: the gateway reloads it when it changes.
        </div>
      )}
      {!loading && !failed && providers.data && endpoints.data && connections.data && !(editing && existing.data && isReadOnly(existing.data)) && (
        <EndpointForm
          key={editing ?? 'new'}
          providers={providers.data}
          endpointNames={new Set(endpoints.data.endpoints.map((e) => e.name))}
          connections={connections.data}
          original={editing ? existing.data : undefined}
        />
      )}
    </>
  );
}

function EndpointForm({ providers, endpointNames, connections, original }: { providers: ProviderType[]; endpointNames: Set<string>; connections: ConnectionView[]; original?: EndpointListing }) {
  const creating = !original;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState<EndpointDraft>(() => (original ? draftFromRecord(original, connections, providers) : emptyDraft()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<TestOutcome>();
  /** A connection this form's Save created already (the endpoint was then refused): saving again updates it. */
  const [createdConnection, setCreatedConnection] = useState<string>();
  const [focusErrors, setFocusErrors] = useState(0);

  const provider = providers.find((p) => p.type === draft.providerType);
  const connectionName = draft.connectionMode === 'new' ? draft.connectionName : draft.existingConnection;
  const storedConnection = connections.find((c) => c.name === (draft.connectionMode === 'existing' ? draft.existingConnection : createdConnection));
  const ofType = connections.filter((c) => c.type === draft.providerType);
  const otherConnectionNames = useMemo(() => new Set(connections.map((c) => c.name).filter((name) => name !== createdConnection)), [connections, createdConnection]);
  const usableProviders = useMemo(() => providers.filter((p) => (draft.kind === 'embeddings' ? p.capabilities.embeddings : p.capabilities.chat)), [providers, draft.kind]);
  const connectionReadOnly = draft.connectionMode === 'existing' && storedConnection?.source === 'config';
  // Editing an API connection so that its credentials would go elsewhere: the gateway wants them typed again.
  const moved =
    draft.connectionMode === 'existing' && storedConnection?.source === 'api' && provider ? movedDestinations(draft.fields, storedConnection, provider).map((f) => fieldLabel(provider, f)) : [];
  // Saving the form changes a shared connection for every endpoint on it: say so before Save.
  const sharedWith = draft.connectionMode === 'existing' && storedConnection?.source === 'api' && provider && changesConnection(draft.fields, storedConnection, provider) ? otherUsers(storedConnection, original?.name) : [];
  const routingOptions: ConnectionOption[] = useMemo(() => {
    const options = connections.map((c) => ({ name: c.name, type: c.type }));
    if (draft.connectionMode === 'new' && draft.connectionName && !options.some((o) => o.name === draft.connectionName)) options.unshift({ name: draft.connectionName, type: draft.providerType });
    return options;
  }, [connections, draft.connectionMode, draft.connectionName, draft.providerType]);

  useEffect(() => {
    if (focusErrors === 0) return;
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  const update = (change: (d: EndpointDraft) => EndpointDraft) => setDraft((d) => change(d));
  const clearError = (...keys: string[]) => setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k))));

  function chooseProvider(type: string) {
    const chosen = providers.find((p) => p.type === type);
    if (!chosen) return;
    const taken = new Set(connections.map((c) => c.name));
    update((d) => ({ ...d, providerType: type, connectionMode: 'new', existingConnection: '', connectionName: suggestConnectionName(type, taken), fields: defaultFields(chosen), model: d.providerType === type ? d.model : '', catalogModel: d.providerType === type ? d.catalogModel : '' }));
    setErrors({});
    setTestResult(undefined);
  }

  function chooseConnection(value: string) {
    if (!provider) return;
    if (value === '') {
      update((d) => ({ ...d, connectionMode: 'new', existingConnection: '', fields: defaultFields(provider) }));
    } else {
      const connection = connections.find((c) => c.name === value);
      update((d) => ({ ...d, connectionMode: 'existing', existingConnection: value, fields: connection ? fieldsOfConnection(connection, provider) : {} }));
    }
    setTestResult(undefined);
  }

  function problems(): Record<string, string> {
    return validateDraft(draft, { creating, endpointNames, connectionNames: otherConnectionNames, provider, storedSecrets: storedSecrets(storedConnection, provider), movedDestinations: moved });
  }

  /** Creates or updates the connection the form describes; answers its name, or undefined after showing the API's error. */
  async function saveConnection(): Promise<string | undefined> {
    if (!provider) return undefined;
    const name = connectionName;
    const keys = ['name', 'type', ...provider.credential_fields.map((f) => f.name)];
    try {
      if (draft.connectionMode === 'new' && createdConnection !== name) {
        await apiRequest('POST', '/api/connections', connectionBody(draft, provider, name));
        setCreatedConnection(name);
      } else if (!connectionReadOnly && storedConnection) {
        await apiRequest('PUT', `/api/connections/${encodeURIComponent(name)}`, connectionBody(draft, provider, name));
      }
      return name;
    } catch (error) {
      const placed = placeError(error, keys);
      if (placed.field === 'type') setErrors((e) => ({ ...e, provider: placed.message }));
      else if (placed.field) setErrors((e) => ({ ...e, [`connection.${placed.field}`]: placed.message }));
      else setFormError(`The connection was not saved: ${placed.message}`);
      setFocusErrors((n) => n + 1);
      return undefined;
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.connections });
    }
  }

  async function testConnection() {
    setFormError(undefined);
    setTestResult(undefined);
    const found = Object.fromEntries(Object.entries(problems()).filter(([key]) => key.startsWith('connection.') || key === 'provider'));
    setErrors(found);
    if (Object.keys(found).length > 0) return setFocusErrors((n) => n + 1);
    if (!provider) return;
    setTesting(true);
    try {
      // A draft test: nothing is saved until the endpoint is, so an abandoned form leaves no credentials behind.
      const call = connectionTestCall(draft, provider, storedConnection);
      const result = await apiRequest<ConnectionTestResult>('POST', call.path, call.body);
      setTestResult({ ok: result.ok, latency_ms: result.latency_ms, message: result.error?.message, connection: connectionName });
    } catch (error) {
      // A refused field (a base URL, a missing key) is shown beside it, as Save would.
      const placed = placeError(error, provider.credential_fields.map((f) => `connection.${f.name}`));
      if (placed.field) setErrors((e) => ({ ...e, [placed.field as string]: placed.message }));
      setTestResult({ ok: false, message: placed.message, connection: connectionName });
    } finally {
      setTesting(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const found = problems();
    setErrors(found);
    if (Object.keys(found).length > 0) return setFocusErrors((n) => n + 1);
    setSaving(true);
    try {
      const connection = await saveConnection();
      if (!connection) return;
      const body = endpointBody(draft, connection, original);
      try {
        if (creating) await apiRequest('POST', '/api/endpoints', body);
        else await apiRequest('PUT', `/api/endpoints/${encodeURIComponent(draft.name)}`, body);
      } catch (error) {
        const placed = placeError(error, endpointErrorKeys(draft));
        if (placed.field) setErrors({ [placed.field]: placed.message });
        else setFormError(`The endpoint was not saved: ${placed.message}`);
        return setFocusErrors((n) => n + 1);
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.endpoints });
      setFlash(creating ? `Endpoint ${draft.name} created: clients can call it now.` : `Endpoint ${draft.name} saved.`);
      navigate(creating ? '/' : `/endpoints/${encodeURIComponent(draft.name)}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="endpoint-form" onSubmit={save} noValidate>
      <section className="card form-section" aria-labelledby="section-endpoint">
        <h2 id="section-endpoint">Endpoint</h2>
        <div className="field-grid">
          <Field id="endpoint-name" label="Endpoint name" hint="What clients call: the path segment of the native API and the model name everywhere else. Letters, digits, dots, dashes, underscores." error={errors.name}>
            <input
              id="endpoint-name"
              className="mono"
              value={draft.name}
              readOnly={!creating}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                const name = e.target.value;
                update((d) => ({ ...d, name }));
                const problem = validateDraft({ ...draft, name }, { creating, endpointNames, connectionNames: otherConnectionNames }).name;
                setErrors((errs) => {
                  const { name: _old, ...rest } = errs;
                  return problem && name ? { ...rest, name: problem } : rest;
                });
              }}
              {...describe('endpoint-name', true, errors.name)}
            />
          </Field>
          <fieldset className="field">
            <legend>Kind</legend>
            <div className="segmented">
              {(['chat', 'embeddings'] as EndpointKind[]).map((kind) => (
                <label key={kind} className={`segment${draft.kind === kind ? ' selected' : ''}`}>
                  <input type="radio" name="kind" value={kind} checked={draft.kind === kind} onChange={() => update((d) => ({ ...d, kind, model: '', catalogModel: '' }))} disabled={!creating} />
                  {kind === 'chat' ? 'Chat' : 'Embeddings'}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </section>

      <section className="card form-section" aria-labelledby="section-provider">
        <h2 id="section-provider">Provider and credentials</h2>
        <ProviderCombobox providers={usableProviders} value={draft.providerType} onChange={chooseProvider} error={errors.provider} />
        {provider && (
          <>
            {(ofType.length > 0 || draft.connectionMode === 'existing') && (
              <Field id="connection-choice" label="Connection" hint="A connection holds one set of credentials; several endpoints can share it.">
                <select id="connection-choice" value={draft.connectionMode === 'new' ? '' : draft.existingConnection} onChange={(e) => chooseConnection(e.target.value)}>
                  <option value="">New connection</option>
                  {ofType.map((c) => (
                    <option key={c.name} value={c.name}>
                      {c.name}
                      {c.source === 'config' ? ' (config file)' : ''}
                    </option>
                  ))}
                  {draft.connectionMode === 'existing' && !ofType.some((c) => c.name === draft.existingConnection) && <option value={draft.existingConnection}>{draft.existingConnection} (provider type defaults)</option>}
                </select>
              </Field>
            )}
            {draft.connectionMode === 'new' && (
              <Field id="connection-name" label="Connection name" hint="Other endpoints can reuse this connection by its name." error={errors['connection.name']}>
                <input id="connection-name" className="mono" value={draft.connectionName} autoComplete="off" spellCheck={false} onChange={(e) => update((d) => ({ ...d, connectionName: e.target.value }))} {...describe('connection-name', true, errors['connection.name'])} />
              </Field>
            )}
            {connectionReadOnly && (
              <p className="notice notice-info" role="note">
                The connection <strong>{draft.existingConnection}</strong> is defined in <code>gateway.config.yaml</code>; its credentials are changed there.
              </p>
            )}
            {draft.connectionMode === 'existing' && !storedConnection && (
              <p className="hint">This endpoint uses the provider type directly: its defaults, and the key from {provider.api_key_env ? <code>${provider.api_key_env}</code> : 'no variable'}.</p>
            )}
            {(draft.connectionMode === 'new' || storedConnection) && (
              <CredentialFields
                provider={provider}
                values={draft.fields}
                onChange={(name, value) => {
                  update((d) => ({ ...d, fields: { ...d.fields, [name]: value } }));
                  clearError(`connection.${name}`);
                }}
                errors={errors}
                stored={storedConnection}
                readOnly={connectionReadOnly}
                moved={moved}
                hidden={provider.model_is_deployment ? ['deployment'] : []}
              />
            )}
            <div className="button-row">
              <button type="button" className="btn" onClick={testConnection} disabled={testing}>
                {testing ? 'Testing…' : 'Test connection'}
              </button>
              <span role="status" className="test-result">
                {testResult &&
                  (testResult.ok ? (
                    <span className="text-ok">
                      ✓ Connection {testResult.connection} works{testResult.latency_ms !== undefined ? ` (${formatMs(testResult.latency_ms)})` : ''}
                    </span>
                  ) : (
                    <span className="text-danger">✗ {testResult.message}</span>
                  ))}
              </span>
            </div>
            {sharedWith.length > 0 && (
              <p className="notice notice-warning" role="note">
                {sharedConnectionWarning(sharedWith)}
              </p>
            )}
            <p className="hint">Test connection makes one small call with these credentials; nothing is saved until you save the endpoint.</p>
          </>
        )}
      </section>

      <ModelSection
        provider={provider}
        kind={draft.kind}
        model={draft.model}
        catalogModel={draft.catalogModel}
        // Outside a deployment the catalogue model is the model itself: a kept other one goes with the old model.
        onModel={(model) => (update((d) => ({ ...d, model, catalogModel: provider?.model_is_deployment ? d.catalogModel : '' })), clearError('model'))}
        onCatalogModel={(catalogModel) => update((d) => ({ ...d, catalogModel }))}
        error={errors.model}
      />

      <RoutingSection draft={draft} update={update} errors={errors} connections={routingOptions} primaryConnection={connectionName} />

      <FormError message={formError} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Saving…' : creating ? 'Create endpoint' : 'Save changes'}
        </button>
        <Link href={creating ? '/' : `/endpoints/${encodeURIComponent(draft.name)}`} className="btn btn-ghost">
          Cancel
        </Link>
      </div>
    </form>
  );
}
