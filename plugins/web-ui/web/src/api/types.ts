/**
 * The gateway's answers, as the UI reads them. Every type the OpenAPI document describes is an
 * alias of the generated one (generated/openapi-types.ts, from GET /api/openapi.json); only what
 * the document does not describe yet (usage) is declared here.
 */
import type { ApiSchemas } from './generated/openapi-types';

export type { ApiSchemas };

/** A provider type (GET /api/providers). */
export type ProviderType = ApiSchemas['Provider'];
export type CredentialField = ApiSchemas['CredentialField'];
/** A catalogue model (GET /api/providers/{type}/models). */
export type CatalogModel = ApiSchemas['CatalogModel'];

/** An endpoint as the admin API shows it: the YAML's fields, defaults applied, plus where it came from. */
export type EndpointView = ApiSchemas['Endpoint'];
export type EndpointKind = EndpointView['kind'];
/**
 * An endpoint as the UI lists it: the admin API's view, or, on a gateway without the admin API,
 * only its name and kind from the data plane's model list (`source: 'config'`).
 */
export type EndpointListing = Partial<EndpointView> & Pick<EndpointView, 'name' | 'kind' | 'source'>;

/** A connection (a YAML `providers:` entry); credential fields come back masked. */
export type ConnectionView = ApiSchemas['Connection'];
export type ConnectionTestResult = ApiSchemas['TestResult'];

/** The plugins loaded and the /api routes they serve (GET /api/features). */
export type Features = ApiSchemas['Features'];

export interface LatencySummary {
  avg: number | null;
  p50: number | null;
  p90: number | null;
  p99: number | null;
}

export interface UsageCounters {
  requests: number;
  errors: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cached_tokens: number;
  reasoning_tokens: number;
  cost_usd: number;
  unpriced_requests: number;
  latency_ms: LatencySummary;
}

export interface UsageRow extends UsageCounters {
  endpoint: string;
  /** Set when the query filtered (`caller=`) or grouped (`group_by=caller`) by caller: `app`, `judge` or a client's label. */
  caller?: string;
  /** Set when the query filtered (`key=`) or grouped (`group_by=key`) by gateway key: its id, null for calls made without one. */
  key?: string | null;
  bucket_start: string;
  targets: Array<UsageCounters & { target: string }>;
}

export interface UsageAnswer {
  bucket_seconds: number;
  from: string;
  to: string;
  data: UsageRow[];
}

export interface ListAnswer<T> {
  data: T[];
}

/** A gateway key as GET /api/keys lists it: never the key itself, only its mask (`mgw-...abcd`). */
export type GatewayKey = ApiSchemas['Key'];
export type BudgetPeriod = GatewayKey['budget_period'];
/** POST /api/keys's answer: the same, with the key itself, this once. */
export type CreatedGatewayKey = ApiSchemas['CreatedKey'];
/** The body of POST /api/keys. */
export type KeyCreateBody = ApiSchemas['KeyCreate'];
