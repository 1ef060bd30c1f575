import type { z } from 'zod';
import type { Endpoint } from '../contracts/endpoint';
import type { EndpointSettingsDefinition } from '../contracts/endpoint-settings';
import { keyRequired, type ProviderDefinition } from '../contracts/provider-definition';
import { checkConfigReferences } from './check-config-references';
import { buildEndpointSchema, providerSchema, type RawEndpoint } from './config-schema';
import type { CheckedConnection, CheckedEndpoint, DeclarationProblem } from '../contracts/config-source';
import { formatConfigIssues } from './format-config-issues';
import { resolveConnectionSettings, resolveEndpoint } from './resolve-config';

/** The plugin registrations the checks depend on (fixed for the life of a gateway). */
export interface DeclarationSchemas {
  readonly providers: ReadonlyMap<string, ProviderDefinition>;
  readonly endpointSettings: ReadonlyMap<string, EndpointSettingsDefinition>;
}

/** How many resolved endpoint bodies are remembered, so a body checked before it is stored is not validated again when published. */
const MEMO_SIZE = 256;

/**
 * The one place a declaration from a run-time config source is validated and resolved,
 * with the YAML's own schemas, built once per plugin set rather than per call.
 */
export class DeclarationChecker {
  private readonly endpointSchema: ReturnType<typeof buildEndpointSchema>;
  private readonly connectionSchemas = new Map<string, ReturnType<typeof providerSchema>>();
  private readonly resolved = new Map<string, Endpoint>();

  constructor(private readonly schemas: DeclarationSchemas) {
    this.endpointSchema = buildEndpointSchema(schemas.endpointSettings);
  }

  /**
   * An endpoint about to be stored: the schema (offending values shown), then the YAML's
   * reference checks against `connectionTypes` (each provider exists and serves the kind,
   * no target listed twice).
   */
  checkEndpoint(body: Readonly<Record<string, unknown>>, source: string, connectionTypes: ReadonlyMap<string, string>): CheckedEndpoint | DeclarationProblem {
    const parsed = this.endpointSchema.safeParse(body, { reportInput: true });
    if (!parsed.success) return issuesProblem(parsed.error.issues);
    const declared = parsed.data as RawEndpoint;
    const providers = Object.fromEntries([...connectionTypes].map(([name, type]) => [name, { type }]));
    const problems = checkConfigReferences({ providers, endpoints: [declared], models: {} } as never, this.schemas.providers).map((p) => p.replace(/^endpoints\[0\]\.?/, ''));
    if (problems.length > 0) {
      const param = problems[0].slice(0, problems[0].indexOf(': ')) || 'provider';
      return { ok: false, param, message: `${param}: ${problems.map((p) => p.slice(p.indexOf(': ') + 2)).join('; ')}` };
    }
    const endpoint = resolveEndpoint(declared, this.schemas, source);
    this.remember(memoKey(source, body), endpoint);
    return { ok: true, declared, endpoint };
  }

  /** A stored endpoint, published: the schema only (it may have changed since the body was stored); a body checked before is not validated again. */
  endpoint(body: Readonly<Record<string, unknown>>, source: string): Endpoint | DeclarationProblem {
    const key = memoKey(source, body);
    const known = this.resolved.get(key);
    if (known) return known;
    const parsed = this.endpointSchema.safeParse(body);
    if (!parsed.success) return issuesProblem(parsed.error.issues);
    const endpoint = resolveEndpoint(parsed.data as RawEndpoint, this.schemas, source);
    this.remember(key, endpoint);
    return endpoint;
  }

  /**
   * A connection: its type must be loaded; the type's own check of run-time entries; the
   * YAML's schema for the type. Credential fields and headers are never echoed.
   * `showValues` reports offending values of other fields (a body being entered).
   */
  checkConnection(name: string, body: Readonly<Record<string, unknown>>, allowPrivate: boolean, showValues = true): CheckedConnection | DeclarationProblem {
    const type = String(body.type);
    const definition = this.schemas.providers.get(type);
    if (!definition) return { ok: false, param: 'type', message: `provider type "${type}" is not loaded` };
    // Held to run-time entries only: a record stored before a check existed is held to it too.
    const refusal = definition.checkApiEntry?.(body);
    if (refusal) return { ok: false, param: refusal.field, message: `${refusal.field}: ${refusal.message}` };
    const parsed = this.connectionSchema(definition).safeParse(body, showValues ? { reportInput: true } : undefined);
    if (!parsed.success) return issuesProblem(parsed.error.issues, ['api_key', ...(definition.secretOptions ?? []), 'headers']);
    const fields = parsed.data as { type: string } & Record<string, unknown>;
    const settings = resolveConnectionSettings(name, fields, definition);
    settings.egress = { allowPrivate };
    return { ok: true, fields, settings, keyMissing: !settings.apiKey && keyRequired(definition, settings) };
  }

  private connectionSchema(definition: ProviderDefinition): ReturnType<typeof providerSchema> {
    let schema = this.connectionSchemas.get(definition.type);
    if (!schema) this.connectionSchemas.set(definition.type, (schema = providerSchema(definition)));
    return schema;
  }

  private remember(key: string, endpoint: Endpoint): void {
    this.resolved.delete(key);
    this.resolved.set(key, endpoint);
    if (this.resolved.size > MEMO_SIZE) this.resolved.delete(this.resolved.keys().next().value as string);
  }
}

function memoKey(source: string, body: Readonly<Record<string, unknown>>): string {
  return `${source}\u0000${JSON.stringify(body)}`;
}

/** Every schema problem as the YAML reports it; `param` is the first one's path. Values of `secretFields` are never echoed. */
function issuesProblem(issues: readonly z.core.$ZodIssue[], secretFields: readonly string[] = []): DeclarationProblem {
  const hidden = new Set(secretFields);
  const safe = issues.map((issue) => (hidden.has(String(issue.path[0])) && issue.input !== undefined ? { ...issue, input: '[redacted]' } : issue));
  const lines = formatConfigIssues(safe as z.core.$ZodIssue[]);
  const first = lines[0]?.slice(0, lines[0].indexOf(': '));
  return { ok: false, param: first && first !== '(root)' ? first : undefined, message: lines.join('; ') };
}
