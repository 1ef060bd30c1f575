import { z } from 'zod';
import { type PluginCatalog } from '@model-gateway/core';
import { buildEndpointSchema, providerSchema } from '@model-gateway/core/internal';
import { objectNameSchema } from '../model/object-name';

/** The request bodies as the YAML's own schemas, built on first use (the connection union spans every provider type). */
export interface BodySchemas {
  connection(): z.ZodType;
  endpoint(): z.ZodType;
}

export function bodySchemas(plugins: PluginCatalog): BodySchemas {
  let connection: z.ZodType | undefined;
  let endpoint: z.ZodType | undefined;
  return {
    connection: () => {
      if (!connection) {
        const options = [...plugins.providers.values()].map((definition) => providerSchema(definition).extend({ name: objectNameSchema }));
        connection = z
          .discriminatedUnion('type', options as unknown as [z.ZodObject, ...z.ZodObject[]])
          .describe('A connection: its name and a `providers:` entry of the YAML.')
          .meta({ title: 'ConnectionBody' });
      }
      return connection;
    },
    endpoint: () => (endpoint ??= (buildEndpointSchema(plugins.endpointSettings) as unknown as z.ZodType).meta({ title: 'EndpointBody' })),
  };
}
