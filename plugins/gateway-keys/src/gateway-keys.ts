import type { IncomingHttpHeaders } from 'node:http';
import { inject, injectable } from 'tsyringe';
import { GatewayError, TOKENS, type CallContext, type Endpoint, type EndpointQuery, type GatewayConfig, type PipelinePlugin, type PluginCatalog, type StateStore } from '@model-gateway/core';
import { type LiveConfig } from '@model-gateway/core/internal';
import { PRINCIPAL_LIMITS } from '@model-gateway/rate-limits';
import { authSection } from './auth-config';
import { KEY_ERRORS } from './key-error-codes';
import { keyHash, KEY_PATTERN } from './key-material';
import { KEY_TABLE } from './key-table-token';
import type { KeyEntry, KeyTable } from './key-table';
import { LastUsed } from './last-used';
import { presentedKey, type CredentialSources } from './presented-key';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="model-gateway"' };

/**
 * Gateway keys on the data plane. With `auth.require_keys`, every call (onRequest, before
 * anything else) and every endpoint listing (filterEndpoints) must present a key the
 * admin store holds, not revoked nor expired, scoped to the endpoint it names: the call
 * then carries the key as its principal (usage records, the key's limits). The check is
 * a SHA-256 and one Map read, no I/O; with keys off it is one comparison.
 */
@injectable()
export class GatewayKeys implements PipelinePlugin {
  readonly name = 'gateway-keys';
  /** First: a refused caller costs nothing else, and learns nothing of the endpoints. */
  readonly priority = 20;
  private readonly lastUsed: LastUsed;
  private seen?: GatewayConfig;
  private required = false;
  private sources?: CredentialSources;

  constructor(
    @inject(KEY_TABLE) private readonly table: KeyTable,
    @inject(TOKENS.Config) private readonly config: LiveConfig,
    @inject(TOKENS.StateStore) store: StateStore,
    @inject(TOKENS.PluginRegistry) private readonly plugins: PluginCatalog,
  ) {
    this.lastUsed = new LastUsed(store);
  }

  onRequest(call: CallContext): void {
    if (!this.keysRequired()) return;
    const entry = this.check(call.headers, call.url, call.endpointName);
    call.principal = entry.principal;
    if (entry.limits) PRINCIPAL_LIMITS.set(call, entry.limits);
  }

  filterEndpoints(query: EndpointQuery, endpoints: readonly Endpoint[]): readonly Endpoint[] {
    if (!this.keysRequired()) return endpoints;
    const { scope } = this.check(query.headers, query.url, query.name);
    return scope ? endpoints.filter((endpoint) => scope.has(endpoint.name)) : endpoints;
  }

  /** With `auth.require_keys`, no data-plane call gets through without a key (core then may skip its Host check). */
  requiresCredential(): boolean {
    return this.keysRequired();
  }

  /** The config is read again only when a reload replaced it. */
  private keysRequired(): boolean {
    const current = this.config.current;
    if (current !== this.seen) {
      this.seen = current;
      this.required = authSection(current).require_keys;
    }
    return this.required;
  }

  /** The key the request presents, checked; `endpoint`: the endpoint it names, if any. Throws the refusal. */
  private check(headers: IncomingHttpHeaders, url: string, endpoint: string | undefined): KeyEntry {
    if (!this.table.isRead) {
      throw new GatewayError(KEY_ERRORS.gateway_keys_unavailable, 'Gateway keys cannot be checked: this replica has not read them since it started (the shared store is unreachable). Retry shortly.', {
        retryAfterMs: 1000,
      });
    }
    const key = presentedKey(headers, url, (this.sources ??= this.credentialSources()));
    if (key === undefined) {
      throw new GatewayError(
        KEY_ERRORS.gateway_key_missing,
        'This gateway requires a gateway key: send it where your client sends its API key (Authorization: Bearer, x-api-key, x-goog-api-key, api-key or ?key=).',
        { headers: CHALLENGE },
      );
    }
    if (!KEY_PATTERN.test(key)) throw invalid('The credential sent is not a gateway key (gateway keys are "mgw-" and 43 more characters).');
    const entry = this.table.byKeyHash(keyHash(key));
    if (!entry) throw invalid('The gateway key is not known to this gateway.');
    if (entry.revoked) throw invalid('The gateway key was revoked.');
    const now = Date.now();
    if (now >= entry.expiresAt) throw invalid(`The gateway key expired at ${new Date(entry.expiresAt).toISOString()}.`);
    if (endpoint !== undefined && entry.scope && !entry.scope.has(endpoint)) {
      throw new GatewayError(KEY_ERRORS.endpoint_not_allowed, `The gateway key "${entry.record.name}" may not use endpoint "${endpoint.slice(0, 128)}".`);
    }
    this.lastUsed.touch(entry.record.id, now);
    return entry;
  }

  /** `authorization` (core's generic credential header), then every header and query parameter the loaded API styles' clients use. */
  private credentialSources(): CredentialSources {
    const headers = new Set<string>();
    const query = new Set<string>();
    for (const style of this.plugins.apiStyles.values()) {
      for (const name of style.clientCredentials?.headers ?? []) if (name.toLowerCase() !== 'authorization') headers.add(name.toLowerCase());
      for (const name of style.clientCredentials?.query ?? []) query.add(name);
    }
    return { headers: [...headers], query: [...query] };
  }
}

function invalid(message: string): GatewayError {
  return new GatewayError(KEY_ERRORS.gateway_key_invalid, message, { headers: CHALLENGE });
}
