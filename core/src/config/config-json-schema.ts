import { z } from 'zod';
import type { ProviderDefinition } from '../plugins/provider-definition';
import { buildConfigSchema } from './config-schema';

/** The config schema as JSON Schema, for editor completion (yaml-language-server). */
export function configJsonSchema(providers: ReadonlyMap<string, ProviderDefinition>): Record<string, unknown> {
  const schema = z.toJSONSchema(buildConfigSchema(providers), { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return { ...schema, $id: 'https://model-gateway.dev/schema/gateway.schema.json', title: 'model-gateway configuration' };
}
