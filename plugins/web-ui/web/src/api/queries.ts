import { useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from './http';
import type { ApiSchemas, EndpointListing, Features, GatewayKey, ListAnswer, UsageAnswer } from './types';

/** The admin API lists as `{data: [...]}`; a bare array is read too. */
function listOf<T>(answer: ListAnswer<T> | T[] | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return answer?.data ?? [];
}

/** A route the gateway does not serve (an older gateway without GET /api/features). */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && (error.code === 'route_not_found' || error.code === undefined);
}

/** Which operator APIs this gateway serves, read once from GET /api/features. */
export interface ServedApis {
  /** The admin API's endpoints: without it the list comes from the data plane, read-only. */
  endpoints: boolean;
  connections: boolean;
  /** Gateway keys (the gateway-keys plugin). */
  keys: boolean;
}

/** What `features` says is served; a gateway without GET /api/features is taken to serve none of them. */
export function servedApis(features: Features | undefined): ServedApis {
  const serves = (method: string, path: string) => features?.routes.some((route) => route.method === method && route.path === path) ?? false;
  return { endpoints: serves('get', '/api/endpoints'), connections: serves('get', '/api/connections'), keys: serves('get', '/api/keys') };
}

export const queryKeys = {
  features: ['features'] as const,
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

/** The operator APIs served: one call for the life of the page (plugins load once per gateway process). */
const servedApisQuery = {
  queryKey: queryKeys.features,
  queryFn: async (): Promise<ServedApis> => {
    try {
      return servedApis(await apiRequest<Features>('GET', '/api/features'));
    } catch (error) {
      if (isMissingRoute(error)) return servedApis(undefined);
      throw error;
    }
  },
  staleTime: Infinity,
};

/** Read inside a query: the first asks the gateway, the rest reuse the answer; its failure (a 401, say) is the query's. */
function useServed(): () => Promise<ServedApis> {
  const client = useQueryClient();
  return () => client.ensureQueryData(servedApisQuery);
}

export function useProviders() {
  return useQuery({
    queryKey: queryKeys.providers,
    queryFn: async () => listOf(await apiRequest<ApiSchemas['ProviderList']>('GET', '/api/providers')),
    staleTime: Infinity,
  });
}

export function useModels(type: string | undefined) {
  return useQuery({
    queryKey: queryKeys.models(type ?? ''),
    queryFn: async () => listOf(await apiRequest<ApiSchemas['CatalogModelList']>('GET', `/api/providers/${encodeURIComponent(type ?? '')}/models`)),
    enabled: Boolean(type),
    staleTime: 5 * 60_000,
  });
}

export interface EndpointList {
  endpoints: EndpointListing[];
  /** False when the gateway has no admin API: the list then comes from the data plane's model list, read-only. */
  adminApi: boolean;
}

export function useEndpoints() {
  const served = useServed();
  return useQuery({
    queryKey: queryKeys.endpoints,
    queryFn: async (): Promise<EndpointList> => {
      if ((await served()).endpoints) return { endpoints: listOf(await apiRequest<ApiSchemas['EndpointList']>('GET', '/api/endpoints')), adminApi: true };
      const models = listOf(await apiRequest<ListAnswer<{ id: string; kind?: EndpointListing['kind'] }>>('GET', '/gateway/native/v1/models'));
      return { endpoints: models.map((m) => ({ name: m.id, kind: m.kind ?? 'chat', source: 'config' })), adminApi: false };
    },
  });
}

export function useEndpoint(name: string) {
  const served = useServed();
  return useQuery({
    queryKey: queryKeys.endpoint(name),
    queryFn: async (): Promise<EndpointListing & { adminApi?: boolean }> => {
      if ((await served()).endpoints) return apiRequest<ApiSchemas['Endpoint']>('GET', `/api/endpoints/${encodeURIComponent(name)}`);
      const model = await apiRequest<{ id: string; kind?: EndpointListing['kind'] }>('GET', `/gateway/native/v1/models/${encodeURIComponent(name)}`);
      return { name: model.id, kind: model.kind ?? 'chat', source: 'config', adminApi: false };
    },
    enabled: Boolean(name),
  });
}

export function useConnections() {
  const served = useServed();
  return useQuery({
    queryKey: queryKeys.connections,
    queryFn: async () => ((await served()).connections ? listOf(await apiRequest<ApiSchemas['ConnectionList']>('GET', '/api/connections')) : []),
  });
}

export function useConnection(name: string | undefined) {
  return useQuery({
    queryKey: queryKeys.connection(name ?? ''),
    queryFn: () => apiRequest<ApiSchemas['Connection']>('GET', `/api/connections/${encodeURIComponent(name ?? '')}`),
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
  const served = useServed();
  return useQuery({
    queryKey: queryKeys.keys,
    queryFn: async (): Promise<KeyList> => ((await served()).keys ? { keys: listOf(await apiRequest<ApiSchemas['KeyList']>('GET', '/api/keys')), served: true } : { keys: [], served: false }),
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
