/**
 * The gateway's answers, as the UI reads them. Every type the OpenAPI document describes is an
 * alias of the generated one (generated/openapi-types.ts, from GET /api/openapi.json), so the UI
 * never re-declares what the server answers.
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

/** GET /api/usage's answer, one row per endpoint (or series) and time bucket. */
export type UsageAnswer = ApiSchemas['Usage'];
export type UsageRow = ApiSchemas['UsageRow'];
export type LatencySummary = ApiSchemas['LatencySummary'];
/** The counters of a row, as of each of its targets. */
export type UsageCounters = Omit<UsageRow, 'endpoint' | 'caller' | 'key' | 'bucket_start' | 'targets'>;

/** The shape of every list answer, for lists the document does not describe (the data plane's model list). */
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
