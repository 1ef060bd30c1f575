import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './http';
import type { CatalogModel, ConnectionRecord, EndpointRecord, GatewayKey, ListAnswer, ProviderType, UsageAnswer } from './types';

/** The admin API lists as `{data: [...]}`; a bare array is read too. */
function listOf<T>(answer: ListAnswer<T> | T[] | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return answer?.data ?? [];
}

/** A route the gateway does not serve (an older gateway without the admin API). */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && (error.code === 'route_not_found' || error.code === undefined);
}

export const queryKeys = {
  providers: ['providers'] as const,
  models: (type: string) => ['models', type] as const,
  endpoints: ['endpoints'] as const,
  endpoint: (name: string) => ['endpoints', name] as const,
  connections: ['connections'] as const,
  connection: (name: string) => ['connections', name] as const,
  usage: (...parts: unknown[]) => ['usage', ...parts] as const,
  keys: ['keys'] as const,
  keysRequired: ['keys-required'] as const,
};

export function useProviders() {
  return useQuery({
    queryKey: queryKeys.providers,
    queryFn: async () => listOf(await apiRequest<ListAnswer<ProviderType>>('GET', '/api/providers')),
    staleTime: Infinity,
  });
}

export function useModels(type: string | undefined) {
  return useQuery({
    queryKey: queryKeys.models(type ?? ''),
    queryFn: async () => listOf(await apiRequest<ListAnswer<CatalogModel>>('GET', `/api/providers/${encodeURIComponent(type ?? '')}/models`)),
    enabled: Boolean(type),
    staleTime: 5 * 60_000,
  });
}

export interface EndpointList {
  endpoints: EndpointRecord[];
  /** False when the gateway has no admin API: the list then comes from the data plane's model list, read-only. */
  adminApi: boolean;
}

export function useEndpoints() {
  return useQuery({
    queryKey: queryKeys.endpoints,
    queryFn: async (): Promise<EndpointList> => {
      try {
        return { endpoints: listOf(await apiRequest<ListAnswer<EndpointRecord>>('GET', '/api/endpoints')), adminApi: true };
      } catch (error) {
        if (!isMissingRoute(error)) throw error;
        const models = listOf(await apiRequest<ListAnswer<{ id: string; kind?: EndpointRecord['kind'] }>>('GET', '/gateway/native/v1/models'));
        return { endpoints: models.map((m) => ({ name: m.id, kind: m.kind ?? 'chat', source: 'config' })), adminApi: false };
      }
    },
  });
}

export function useEndpoint(name: string) {
  return useQuery({
    queryKey: queryKeys.endpoint(name),
    queryFn: async (): Promise<EndpointRecord & { adminApi?: boolean }> => {
      try {
        return await apiRequest<EndpointRecord>('GET', `/api/endpoints/${encodeURIComponent(name)}`);
      } catch (error) {
        if (!isMissingRoute(error) || (error as ApiError).code === 'endpoint_not_found') throw error;
        const model = await apiRequest<{ id: string; kind?: EndpointRecord['kind'] }>('GET', `/gateway/native/v1/models/${encodeURIComponent(name)}`);
        return { name: model.id, kind: model.kind ?? 'chat', source: 'config', adminApi: false };
      }
    },
    enabled: Boolean(name),
  });
}

export function useConnections() {
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: async () => {
      try {
        return listOf(await apiRequest<ListAnswer<ConnectionRecord>>('GET', '/api/connections'));
      } catch (error) {
        if (isMissingRoute(error)) return [];
        throw error;
      }
    },
  });
}

export function useConnection(name: string | undefined) {
  return useQuery({
    queryKey: queryKeys.connection(name ?? ''),
    queryFn: () => apiRequest<ConnectionRecord>('GET', `/api/connections/${encodeURIComponent(name ?? '')}`),
    enabled: Boolean(name),
    retry: false,
  });
}

/** Usage over a range that ends now: `query` is built at each fetch, so a refresh moves the range along. */
export function useUsage(key: readonly unknown[], query: () => string, options: Partial<UseQueryOptions<UsageAnswer>> = {}) {
  return useQuery({
    queryKey: queryKeys.usage(...key),
    queryFn: () => apiRequest<UsageAnswer>('GET', query()),
    refetchInterval: 30_000,
    ...options,
  });
}

export interface KeyList {
  keys: GatewayKey[];
  /** False when the gateway does not serve /api/keys (no gateway-keys plugin). */
  served: boolean;
}

export function useKeys() {
  return useQuery({
    queryKey: queryKeys.keys,
    queryFn: async (): Promise<KeyList> => {
      try {
        return { keys: listOf(await apiRequest<ListAnswer<GatewayKey>>('GET', '/api/keys')), served: true };
      } catch (error) {
        if (isMissingRoute(error)) return { keys: [], served: false };
        throw error;
      }
    },
  });
}

/**
 * Whether the data plane asks for a gateway key (`auth.require_keys`): read from the
 * gateway itself, as a client meets it, by listing the models without a key. Not through
 * apiRequest: this 401 is the data plane's, not a request for the admin token.
 */
export function useKeysRequired() {
  return useQuery({
    queryKey: queryKeys.keysRequired,
    queryFn: async (): Promise<boolean> => {
      const response = await fetch('/gateway/native/v1/models', { headers: { accept: 'application/json' }, credentials: 'omit', cache: 'no-store' });
      // Only the key check answers a listing 401 (gateway_key_missing); without keys it is open.
      return response.status === 401;
    },
    staleTime: 60_000,
  });
}
