/** The gateway's answers, as the UI reads them (GET /api/providers..., /api/usage, the admin API of issue 16). */

export type EndpointKind = 'chat' | 'embeddings';

export interface CredentialField {
  name: string;
  type: string;
  description: string | null;
  required: boolean;
  secret: boolean;
  default: unknown;
  enum?: unknown[];
  format?: string;
  env?: string;
}

export interface ProviderType {
  type: string;
  display_name: string;
  label: string | null;
  docs_url: string | null;
  default_base_url: string;
  api_key_env: string | null;
  capabilities: { chat: boolean; embeddings: boolean; streaming: boolean; tools: boolean; vision: boolean; json_schema: boolean; passthrough: string[] };
  credential_fields: CredentialField[];
}

export interface CatalogModel {
  id: string;
  provider_type: string;
  kind?: EndpointKind;
  display_name: string | null;
  context_window: number | null;
  max_output_tokens: number | null;
  pricing: { input: number | null; output: number | null; cache_read: number | null; cache_write: number | null };
  capabilities: { tools: boolean | null; reasoning: boolean | null; caching: boolean | null; vision: boolean | null };
  deprecated: boolean;
}

export interface RoutedTarget {
  provider: string;
  model: string;
  weight?: number;
}

export interface RetrySettings {
  attempts?: number;
  backoff_ms?: number;
  max_backoff_ms?: number;
}

/** An endpoint as the admin API shows it: the YAML's fields plus where it came from. */
export interface EndpointRecord {
  name: string;
  kind: EndpointKind;
  provider?: string;
  model?: string;
  targets?: RoutedTarget[];
  fallbacks?: RoutedTarget[];
  retry?: RetrySettings;
  timeouts?: Record<string, number>;
  /** `config`: from the YAML file, read-only; anything else was made through the API. */
  source?: string;
  [field: string]: unknown;
}

/** A connection (a YAML `providers:` entry); credential fields come back masked. */
export interface ConnectionRecord {
  name: string;
  type: string;
  source?: string;
  status?: string;
  [field: string]: unknown;
}

export interface ConnectionTestResult {
  ok: boolean;
  latency_ms?: number;
  error?: string | { message?: string };
}

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

export type BudgetPeriod = 'day' | 'month';

/** A gateway key as GET /api/keys lists it: never the key itself, only its mask (`mgw-...abcd`). */
export interface GatewayKey {
  id: string;
  name: string;
  /** The mask, `mgw-...abcd`. */
  key: string;
  endpoints: '*' | string[];
  status: 'active' | 'expired' | 'revoked';
  expires_at: string | null;
  rpm: number | null;
  tpm: number | null;
  budget_usd: number | null;
  budget_period: BudgetPeriod;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** POST /api/keys's answer: the same, with the key itself, this once. */
export type CreatedGatewayKey = GatewayKey;

/** The body of POST /api/keys. */
export interface KeyCreateBody {
  name: string;
  endpoints: '*' | string[];
  expires_at?: string;
  rpm?: number;
  tpm?: number;
  budget_usd?: number;
  budget_period?: BudgetPeriod;
}
