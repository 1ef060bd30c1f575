import { z } from 'zod';
import type { RouteDefinition } from '@model-gateway/core';

type JsonSchema = Record<string, unknown>;

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
}

/**
 * An OpenAPI 3.1 document of every mounted /api route, generated from the zod schemas the
 * routes declare (RouteDefinition.doc); a route without a description is listed with its
 * method and path only. Schemas used by several operations go to components once.
 */
export function openApiDocument(routes: readonly RouteDefinition[], info: OpenApiInfo): Record<string, unknown> {
  const components = new Components();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.path.startsWith('/api')) continue;
    const { path, parameters } = openApiPath(route.path);
    const doc = route.doc;
    const operation: Record<string, unknown> = {
      operationId: operationId(route),
      summary: doc?.summary ?? `${route.method.toUpperCase()} ${route.path}`,
      ...(doc?.description ? { description: doc.description } : {}),
      ...(doc?.tags ? { tags: doc.tags } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
    };
    if (doc?.query) {
      const query = components.schema(doc.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
      const fromQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: query.required?.includes(name) ?? false, schema }));
      operation.parameters = [...parameters, ...fromQuery];
    }
    if (doc?.body) operation.requestBody = { required: true, content: { 'application/json': { schema: components.ref(doc.body, 'input') } } };
    operation.responses = doc
      ? Object.fromEntries(
          Object.entries(doc.responses).map(([status, response]) => [
            status,
            { description: response.description, ...(response.schema ? { content: { 'application/json': { schema: components.ref(response.schema, 'output') } } } : {}) },
          ]),
        )
      : { default: { description: 'Not described by the plugin that serves it.' } };
    (paths[path] ??= {})[route.method] = operation;
  }
  return { openapi: '3.1.0', info, paths, components: { schemas: components.all() } };
}

/** Express's `:name` segments as OpenAPI's `{name}` with path parameters. */
function openApiPath(expressPath: string): { path: string; parameters: unknown[] } {
  const parameters: unknown[] = [];
  const path = expressPath.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    return `{${name}}`;
  });
  return { path, parameters };
}

function operationId(route: RouteDefinition): string {
  const words = route.path.split('/').filter(Boolean).map((segment) => segment.replace(/^:/, 'by-'));
  return [route.method, ...words].join('-').replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase());
}

/** Named schemas (those with a `title` in their zod metadata) collected once each and used by reference. */
class Components {
  private readonly names = new Map<z.ZodType, string>();
  private readonly schemas: Record<string, JsonSchema> = {};

  ref(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const known = this.names.get(schema);
    if (known) return { $ref: `#/components/schemas/${known}` };
    const title = titleOf(schema);
    if (title === undefined) return this.schema(schema, io);
    const name = title in this.schemas ? `${title}${Object.keys(this.schemas).length}` : title;
    // Named before it is converted, so a schema nested in itself or in its own parts refers to it.
    this.names.set(schema, name);
    this.schemas[name] = {};
    this.schemas[name] = this.schema(schema, io);
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The JSON Schema of `schema`, each named schema inside it (a list's items, say) by reference. */
  schema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const override = ({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }) => {
      if (zodSchema === schema || titleOf(zodSchema as z.ZodType) === undefined) return;
      const ref = this.ref(zodSchema as z.ZodType, io);
      for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
      Object.assign(jsonSchema, ref);
    };
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any', override }) as JsonSchema;
    return json;
  }

  all(): Record<string, JsonSchema> {
    return this.schemas;
  }
}

function titleOf(schema: z.ZodType): string | undefined {
  const title = (schema.meta?.() as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
}
