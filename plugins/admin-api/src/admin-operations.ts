import { GatewayError, type ConfigSourceHost, type ConnectionCheckResult, type Endpoint, type EndpointKind, type GatewayRuntime, type PluginCatalog } from '@model-gateway/core';
import { type ConnectionRegistry, type EndpointRegistry } from '@model-gateway/core/internal';
import type { ModelCatalog } from '@model-gateway/model-catalog';
import type { StoreSnapshot } from '@model-gateway/admin-store';
import type { AdminSettings } from './admin-config';
import { parseConnectionInput, type ConnectionInput } from './model/connection-input';
import { draftTestRequestSchema } from './model/draft-test';
import { credentialFields } from './model/credential-fields';
import { headersOf } from './model/header-secrets';
import { parseEndpointInput } from './model/endpoint-input';
import { invalidBody, requireObject } from './model/input-issues';
import { configConnectionView, endpointView, testRequestSchema, type ConnectionView, type EndpointView } from './model/views';
import { CONNECTIONS, ENDPOINTS } from './store/admin-collections';
import type { AdminState, AppliedConnection } from './store/admin-state';
import { sealConnection } from './store/connection-codec';
import type { SecretsKeyring } from './store/secrets-keyring';

export interface AdminOperationsDeps {
  state: AdminState;
  keyring: SecretsKeyring;
  /** Core's checks of what is entered here (the admin store is a config source). */
  host: ConfigSourceHost;
  /** Read only: what is live, from every source. */
  connections: ConnectionRegistry;
  endpoints: EndpointRegistry;
  plugins: PluginCatalog;
  runtime: GatewayRuntime;
  catalog: ModelCatalog;
  settings: () => AdminSettings;
  now?: () => string;
}

/** What one connection check answers. */
export interface TestResult {
  ok: boolean;
  latency_ms: number;
  model: string;
  kind: EndpointKind;
  error?: { code: string; status: number; message: string };
}

const TEST_TIMEOUT_MS = 30_000;
/** What a draft sent without a name is called in messages (it is never stored under it). */
const DRAFT_NAME = 'draft';

/**
 * The admin API's operations on connections and endpoints: views of what is live (from the
 * YAML and from the store), and changes checked by core like the YAML, committed to the
 * store and published to core before they are answered.
 */
export class AdminOperations {
  private readonly now: () => string;

  constructor(private readonly deps: AdminOperationsDeps) {
    this.now = deps.now ?? (() => new Date().toISOString());
  }

  listConnections(): ConnectionView[] {
    return this.deps.connections.names().sort().map((name) => this.connectionView(name) as ConnectionView);
  }

  getConnection(name: string): ConnectionView {
    const view = this.connectionView(name);
    if (!view) throw notFound('connection', name);
    return view;
  }

  listEndpoints(): EndpointView[] {
    const names = new Set([...this.deps.endpoints.list().map((e) => e.name), ...this.deps.state.endpoints.keys()]);
    return [...names].sort().map((name) => this.endpointViewOf(name) as EndpointView);
  }

  getEndpoint(name: string): EndpointView {
    const view = this.endpointViewOf(name);
    if (!view) throw notFound('endpoint', name);
    return view;
  }

  createConnection(body: unknown): Promise<ConnectionView> {
    return this.deps.state.mutate(async (snapshot) => {
      const input = parseConnectionInput(body, this.inputContext());
      this.assertNewConnection(input.name, snapshot);
      const { key, created } = await this.deps.keyring.forWrite(snapshot);
      const now = this.now();
      const record = sealConnection(input, key, now, now);
      return { commit: { kek: created, ops: [CONNECTIONS.put(record)] }, result: () => this.getConnection(input.name) };
    });
  }

  replaceConnection(name: string, body: unknown): Promise<ConnectionView> {
    return this.deps.state.mutate(async (snapshot) => {
      const stored = this.apiConnection(name, snapshot);
      const input = parseConnectionInput(body, this.inputContext(), { name, stored: { type: stored.record.type, fields: stored.fields, secrets: stored.secrets } });
      if (stored.status === 'undecryptable') {
        const missing = Object.keys(stored.record.secrets).filter((field) => input.secrets[field] === undefined);
        if (missing.length > 0) {
          throw new GatewayError('resource_conflict', `Connection "${name}" has stored credentials this gateway cannot decrypt; send ${missing.join(', ')} again to replace them.`, { param: missing[0] });
        }
      }
      const { key, created } = await this.deps.keyring.forWrite(snapshot);
      const record = sealConnection(input, key, stored.record.created_at, this.now());
      return { commit: { kek: created, ops: [CONNECTIONS.put(record)] }, result: () => this.getConnection(name) };
    });
  }

  deleteConnection(name: string): Promise<void> {
    return this.deps.state.mutate(async (snapshot) => {
      this.apiConnection(name, snapshot);
      const users = this.usersOf(name);
      if (users.length > 0) {
        throw new GatewayError('resource_conflict', `Connection "${name}" is used by endpoint${users.length > 1 ? 's' : ''} ${users.map((u) => `"${u}"`).join(', ')}; change or delete ${users.length > 1 ? 'them' : 'it'} first.`);
      }
      return { commit: { ops: [CONNECTIONS.delete(name)] }, result: () => undefined };
    });
  }

  createEndpoint(body: unknown): Promise<EndpointView> {
    return this.deps.state.mutate(async (snapshot) => {
      const input = parseEndpointInput(body, this.deps.host, this.deps.connections);
      if (this.deps.endpoints.get(input.name) || ENDPOINTS.get(snapshot, input.name)) {
        throw new GatewayError('resource_conflict', `An endpoint named "${input.name}" already exists${this.deps.endpoints.get(input.name)?.source === 'config' ? ' (in the config file)' : ''}; names are unique.`, { param: 'name' });
      }
      const now = this.now();
      const record = { name: input.name, body: input.body, created_at: now, updated_at: now };
      return { commit: { ops: [ENDPOINTS.put(record)] }, result: () => this.getEndpoint(input.name) };
    });
  }

  replaceEndpoint(name: string, body: unknown): Promise<EndpointView> {
    return this.deps.state.mutate(async (snapshot) => {
      const stored = this.apiEndpoint(name, snapshot);
      const input = parseEndpointInput(body, this.deps.host, this.deps.connections, name);
      const record = { name, body: input.body, created_at: stored.created_at, updated_at: this.now() };
      return { commit: { ops: [ENDPOINTS.put(record)] }, result: () => this.getEndpoint(name) };
    });
  }

  deleteEndpoint(name: string): Promise<void> {
    return this.deps.state.mutate(async (snapshot) => {
      this.apiEndpoint(name, snapshot);
      return { commit: { ops: [ENDPOINTS.delete(name)] }, result: () => undefined };
    });
  }

  /** One minimal real call through a live connection (config or API), credentials scrubbed from any error. */
  async testConnection(name: string, body: unknown): Promise<TestResult> {
    const live = this.deps.connections.get(name);
    if (!live) throw notFound('connection', name);
    const parsed = testRequestSchema.safeParse(body === undefined ? {} : requireObject(body), { reportInput: true });
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    const { capabilities } = live.definition;
    const kind: EndpointKind = parsed.data.kind ?? (capabilities.chat ? 'chat' : 'embeddings');
    const model = parsed.data.model ?? this.usedModel(name, kind) ?? this.catalogModel(live.definition.type, kind);
    if (!model) {
      throw new GatewayError('invalid_parameter', `No endpoint uses connection "${name}" for ${kind} and the catalogue lists no ${kind} model for type "${live.definition.type}"; give "model".`, { param: 'model' });
    }
    const result = await this.deps.runtime.checkConnection(name, { kind, model, timeoutMs: TEST_TIMEOUT_MS });
    if (!result) throw notFound('connection', name);
    return resultOf(result, model, kind);
  }

  /**
   * One minimal real call through a connection draft that is never stored, registered or
   * logged: checked exactly as a create (a PUT's rules with `replaces`, so a stored
   * credential only goes to the destination it was entered for), built, called, closed.
   */
  async testDraft(body: unknown): Promise<TestResult> {
    const parsed = draftTestRequestSchema.safeParse(requireObject(body));
    if (!parsed.success) throw invalidBody(parsed.error.issues);
    const { connection, replaces } = parsed.data;
    const draft: Record<string, unknown> = { ...connection };
    let input: ConnectionInput;
    if (replaces) {
      const stored = this.apiConnection(replaces, this.deps.state.store.current());
      delete draft.name;
      input = parseConnectionInput(draft, this.inputContext(), { name: replaces, stored: { type: stored.record.type, fields: stored.fields, secrets: stored.secrets } });
    } else {
      if (draft.name === undefined || draft.name === '') draft.name = DRAFT_NAME;
      input = parseConnectionInput(draft, this.inputContext());
    }
    // parseConnectionInput refused an unknown type, so the definition is there.
    const chat = this.deps.plugins.providers.get(input.type)?.capabilities.chat !== false;
    const kind: EndpointKind = parsed.data.kind ?? (chat ? 'chat' : 'embeddings');
    const model = parsed.data.model ?? (replaces ? this.usedModel(replaces, kind) : undefined) ?? this.catalogModel(input.type, kind);
    if (!model) {
      throw new GatewayError('invalid_parameter', `The catalogue lists no ${kind} model for type "${input.type}"; give "model".`, { param: 'model' });
    }
    const result = await this.deps.runtime.checkDraftConnection(input.settings, { kind, model, timeoutMs: TEST_TIMEOUT_MS });
    return resultOf(result, model, kind);
  }

  private inputContext() {
    return {
      definitions: this.deps.plugins.providers,
      check: this.deps.host.checkConnection,
      allowPrivate: this.deps.settings().allowPrivate,
      listenAddress: this.deps.runtime.listenAddress,
    };
  }

  private assertNewConnection(name: string, snapshot: StoreSnapshot): void {
    const source = this.deps.connections.sourceOf(name);
    if (source || CONNECTIONS.get(snapshot, name)) {
      throw new GatewayError('resource_conflict', `A connection named "${name}" already exists${source === 'config' ? ' (in the config file)' : ''}; names are unique.`, { param: 'name' });
    }
  }

  /** The API-owned connection of that name; a config one is read-only here (409), a missing one 404. */
  private apiConnection(name: string, snapshot: StoreSnapshot): AppliedConnection {
    const applied = this.deps.state.connections.get(name);
    if (applied && CONNECTIONS.get(snapshot, name)) return applied;
    if (this.deps.connections.sourceOf(name) === 'config') throw readOnly('connection', name);
    throw notFound('connection', name);
  }

  private apiEndpoint(name: string, snapshot: StoreSnapshot) {
    const record = ENDPOINTS.get(snapshot, name);
    if (record) return record;
    if (this.deps.endpoints.get(name)?.source === 'config') throw readOnly('endpoint', name);
    throw notFound('endpoint', name);
  }

  private usersOf(connection: string): string[] {
    const names = new Set<string>();
    for (const endpoint of this.deps.endpoints.list()) if (routesTo(endpoint, connection)) names.add(endpoint.name);
    for (const [name, applied] of this.deps.state.endpoints) if (providersIn(applied.record.body).includes(connection)) names.add(name);
    return [...names].sort();
  }

  private usedModel(connection: string, kind: EndpointKind): string | undefined {
    for (const endpoint of this.deps.endpoints.list()) {
      if (endpoint.kind !== kind) continue;
      const target = [...endpoint.targets, ...endpoint.fallbacks].find((t) => t.provider === connection);
      if (target) return target.model;
    }
    return undefined;
  }

  /** The cheapest listed model of the kind: the models list carries no kind, so embedding models are told by name. */
  private catalogModel(type: string, kind: EndpointKind): string | undefined {
    const models = this.deps.catalog
      .list(type)
      .filter((m) => !m.deprecated && /embed/i.test(m.id) === (kind === 'embeddings'))
      .sort((a, b) => (a.prices.inputPerMtok ?? Infinity) - (b.prices.inputPerMtok ?? Infinity));
    return models[0]?.id;
  }

  private connectionView(name: string): ConnectionView | undefined {
    const live = this.deps.connections.get(name);
    const applied = this.deps.state.connections.get(name);
    const usedBy = this.usersOf(name);
    if (applied && this.deps.connections.sourceOf(name) !== 'config') {
      const { record } = applied;
      const definition = this.deps.plugins.providers.get(record.type);
      const masked = Object.fromEntries(credentialFields(definition ?? ({} as never)).filter((f) => applied.masks[f]).map((f) => [f, applied.masks[f]]));
      const headers = headersOf(applied.masks);
      return {
        name,
        type: record.type,
        source: 'api',
        status: applied.status,
        ...(applied.problem ? { problem: applied.problem } : {}),
        ...applied.fields,
        ...(headers ? { headers } : {}),
        base_url: live?.connection.settings.baseUrl ?? String(applied.fields.base_url ?? definition?.defaultBaseUrl ?? ''),
        api_key: applied.masks.api_key ?? null,
        ...masked,
        used_by: usedBy,
        created_at: record.created_at,
        updated_at: record.updated_at,
      };
    }
    if (!live) return undefined;
    return configConnectionView(live.connection.settings, credentialFields(live.definition), usedBy);
  }

  private endpointViewOf(name: string): EndpointView | undefined {
    const live = this.deps.endpoints.get(name);
    const applied = this.deps.state.endpoints.get(name);
    if (applied && live?.source !== 'config') {
      const { record } = applied;
      const stamps = { created_at: record.created_at, updated_at: record.updated_at };
      if (!live || applied.status !== 'ok') {
        return { ...(record.body as object), name, source: 'api', status: 'invalid', problem: applied.problem, ...stamps } as EndpointView;
      }
      return endpointView(live, { ...this.pluginSections(record.body), ...this.availability(live), ...stamps });
    }
    return live && endpointView(live, this.availability(live));
  }

  private pluginSections(body: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const field of this.deps.plugins.endpointSettings.keys()) if (body[field] !== undefined) out[field] = body[field];
    return out;
  }

  /** "unavailable" when a connection the endpoint uses cannot be used. */
  private availability(endpoint: Endpoint): { status?: 'unavailable'; problem?: string } {
    for (const { provider } of [...endpoint.targets, ...endpoint.fallbacks]) {
      const applied = this.deps.state.connections.get(provider);
      if (applied && applied.status !== 'ok' && this.deps.connections.sourceOf(provider) === 'api') {
        return { status: 'unavailable', problem: `connection "${provider}" cannot be used: ${applied.problem}` };
      }
    }
    return {};
  }
}

function resultOf(result: ConnectionCheckResult, model: string, kind: EndpointKind): TestResult {
  return { ok: result.ok, latency_ms: Math.round(result.latencyMs * 10) / 10, model, kind, ...(result.error ? { error: result.error } : {}) };
}

function routesTo(endpoint: Endpoint, connection: string): boolean {
  return endpoint.targets.some((t) => t.provider === connection) || endpoint.fallbacks.some((t) => t.provider === connection);
}

/** The connections a stored endpoint body names, read without validating it. */
function providersIn(body: Record<string, unknown>): string[] {
  const lists = [body.targets, body.fallbacks].filter(Array.isArray) as Array<Array<{ provider?: unknown }>>;
  return [body.provider, ...lists.flat().map((t) => t?.provider)].filter((p): p is string => typeof p === 'string');
}

function notFound(kind: 'connection' | 'endpoint', name: string): GatewayError {
  return new GatewayError('resource_not_found', `No ${kind} is named "${name}".`);
}

function readOnly(kind: 'connection' | 'endpoint', name: string): GatewayError {
  return new GatewayError('resource_conflict', `The ${kind} "${name}" is defined in the config file (source "config") and is read-only here; edit gateway.config.yaml to change it.`);
}
