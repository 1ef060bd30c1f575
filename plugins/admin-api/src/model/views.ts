import { z } from 'zod';
import { Secret, type ConnectionSettings, type Endpoint, type EndpointTarget } from '@model-gateway/core';
import { maskSecret } from './masking';

/**
 * What the API answers, as zod schemas (the OpenAPI document is generated from them) and
 * the functions that build each view. No view ever holds a credential: only its mask.
 */

const source = z.enum(['config', 'api']).describe('"config": from gateway.config.yaml (read-only here); "api": created through this API.');

export const connectionViewSchema = z
  .looseObject({
    name: z.string().describe('The connection\'s name, used as `provider` in endpoints.'),
    type: z.string().describe('Its provider type.'),
    source,
    status: z
      .enum(['ok', 'undecryptable', 'invalid'])
      .describe('"undecryptable": its stored credentials cannot be decrypted with this gateway\'s secrets key; "invalid": its stored settings no longer validate. Either way its endpoints answer 503.'),
    problem: z.string().optional().describe('Why the connection cannot be used, when it cannot.'),
    implicit: z.boolean().optional().describe('A connection the YAML made for an endpoint that names a provider type directly.'),
    base_url: z.string().describe('Where it sends calls.'),
    api_key: z.string().nullable().describe('The key, masked (`sk-...abcd`; `***` for short values), or null when none is set.'),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe('Custom headers sent on every call, each value masked like a key (they often carry tokens). On a PUT, a value sent back as its mask keeps the stored one.'),
    used_by: z.array(z.string()).describe('Endpoints that name this connection (targets or fallbacks).'),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .describe('A provider connection. Its type\'s other fields appear as set; credential fields only masked.')
  .meta({ title: 'Connection' });

const catalogModelText = 'The catalogue model the target\'s `model` serves (its facts and prices): `model` unless the endpoint names another (an Azure deployment\'s model).';

export const endpointViewSchema = z
  .looseObject({
    name: z.string(),
    kind: z.enum(['chat', 'embeddings']),
    source,
    status: z.enum(['ok', 'unavailable', 'invalid']).describe('"unavailable": a connection it uses cannot be used (see that connection\'s status).'),
    problem: z.string().optional(),
    provider: z.string().describe('The first target\'s connection.'),
    model: z.string().describe('The first target\'s model.'),
    catalog_model: z.string().describe(catalogModelText),
    targets: z.array(z.object({ provider: z.string(), model: z.string(), catalog_model: z.string().describe(catalogModelText), weight: z.number() })),
    fallbacks: z.array(z.object({ provider: z.string(), model: z.string(), catalog_model: z.string().describe(catalogModelText) })),
    retry: z.object({ attempts: z.number(), backoff_ms: z.number(), max_backoff_ms: z.number() }),
    timeouts: z.object({ connect_ms: z.number(), first_byte_ms: z.number(), idle_ms: z.number(), total_ms: z.number() }),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .describe('An endpoint, with defaults applied. Plugin sections (e.g. `breaker`) appear as they were sent.')
  .meta({ title: 'Endpoint' });

export const testResultSchema = z
  .object({
    ok: z.boolean(),
    latency_ms: z.number().describe('Milliseconds the call took.'),
    model: z.string().describe('The model the call asked for.'),
    kind: z.enum(['chat', 'embeddings']).describe('A 1-token chat, or one short input to embed.'),
    error: z
      .object({ code: z.string(), status: z.number(), message: z.string().describe("The provider's or gateway's message, with the connection's credentials scrubbed.") })
      .optional(),
  })
  .describe('The outcome of one minimal real call through the connection.')
  .meta({ title: 'TestResult' });

export const testRequestSchema = z
  .strictObject({
    model: z.string().min(1).optional().describe('The model to call; default: a model of an endpoint that uses the connection, else the catalogue\'s first model of the type.'),
    kind: z.enum(['chat', 'embeddings']).optional().describe('Default: chat when the type serves chat, else embeddings.'),
  })
  .describe('What to call; every field optional.')
  .meta({ title: 'TestRequest' });

export const errorSchema = z
  .object({ error: z.object({ message: z.string(), type: z.string(), code: z.string(), param: z.string().nullable() }) })
  .describe('The gateway\'s error shape (docs/errors.md).')
  .meta({ title: 'Error' });

export const listOf = (item: z.ZodType, title: string) => z.object({ object: z.literal('list'), data: z.array(item) }).meta({ title });

export type ConnectionView = z.output<typeof connectionViewSchema>;
export type EndpointView = z.output<typeof endpointViewSchema>;

/** A connection built from the YAML, as shown: settings with every secret masked (header values too, which can carry tokens). */
export function configConnectionView(settings: ConnectionSettings, secretFields: readonly string[], usedBy: string[]): ConnectionView {
  const view: ConnectionView = {
    name: settings.name,
    type: settings.type,
    source: 'config',
    status: 'ok',
    ...(settings.implicit ? { implicit: true } : {}),
    base_url: settings.baseUrl,
    api_key: settings.apiKey ? maskSecret(settings.apiKey.reveal()) : null,
    used_by: usedBy,
  };
  if (Object.keys(settings.headers).length > 0) {
    view.headers = Object.fromEntries(Object.entries(settings.headers).map(([name, value]) => [name, maskSecret(value)]));
  }
  for (const [field, value] of Object.entries(settings.options)) {
    if (value === undefined) continue;
    view[field] = value instanceof Secret ? maskSecret(value.reveal()) : secretFields.includes(field) ? '***' : value;
  }
  return view;
}

/** An endpoint as shown: the resolved routing in the YAML's field names. */
export function endpointView(endpoint: Endpoint, extra: Record<string, unknown>): EndpointView {
  const target = (t: EndpointTarget) => ({ provider: t.provider, model: t.model, catalog_model: t.catalogModel, weight: t.weight });
  return {
    name: endpoint.name,
    kind: endpoint.kind,
    source: endpoint.source === 'config' ? 'config' : 'api',
    status: 'ok',
    provider: endpoint.provider,
    model: endpoint.model,
    catalog_model: endpoint.targets[0].catalogModel,
    targets: endpoint.targets.map(target),
    fallbacks: endpoint.fallbacks.map((t) => ({ provider: t.provider, model: t.model, catalog_model: t.catalogModel })),
    retry: { attempts: endpoint.retry.attempts, backoff_ms: endpoint.retry.backoffMs, max_backoff_ms: endpoint.retry.maxBackoffMs },
    timeouts: {
      connect_ms: endpoint.timeouts.connectMs,
      first_byte_ms: endpoint.timeouts.firstByteMs,
      idle_ms: endpoint.timeouts.idleMs,
      total_ms: endpoint.timeouts.totalMs,
    },
    ...extra,
  };
}
