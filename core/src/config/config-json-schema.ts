import { z } from 'zod';
import { buildConfigSchema, type SchemaSources } from './config-schema';

/** The config schema as JSON Schema, for editor completion (yaml-language-server). */
export function configJsonSchema(sources: SchemaSources): Record<string, unknown> {
  const schema = z.toJSONSchema(buildConfigSchema(sources), { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return { ...schema, $id: 'https://model-gateway.dev/schema/gateway.schema.json', title: 'model-gateway configuration' };
}
