import type { Request, Response } from 'express';
import { GatewayError, writeJson, type PluginApi, type PluginCatalog, type ProviderDefinition, type RouteDefinition } from '@model-gateway/core';
import type { ModelCatalog } from '@model-gateway/model-catalog';
import { catalogSchemas } from './catalog-schemas';
import type { ToJsonSchema } from './credential-fields';
import { modelListings } from './model-listing';
import { providerListing } from './provider-listing';

export interface CatalogSources {
  registry: PluginCatalog;
  catalog: ModelCatalog;
  toJsonSchema: ToJsonSchema;
  /** Core's zod, for the routes' OpenAPI schemas. */
  z: PluginApi['z'];
}

/**
 * GET /api/providers, /api/providers/{type} and /api/providers/{type}/models. The provider
 * list is fixed for the life of the process (plugins load once), so it is built on first
 * use; models are read from the catalogue on each call, so a reload's `models:` shows at once.
 */
export function catalogRoutes(sources: CatalogSources): RouteDefinition[] {
  let listings: Map<string, ReturnType<typeof providerListing>> | undefined;
  const all = () => (listings ??= buildListings(sources.registry.providers, sources.toJsonSchema));
  const one = (req: Request) => {
    const type = String(req.params.type);
    const found = all().get(type);
    if (!found) throw new GatewayError('route_not_found', `Provider type "${type}" is not registered; GET /api/providers lists the types.`, { param: 'type' });
    return found;
  };
  const schemas = catalogSchemas(sources.z);
  const unknownType = { 404: { description: 'No such provider type (`route_not_found`).' } };
  return [
    {
      method: 'get',
      path: '/api/providers',
      handle: (_req: Request, res: Response) => writeJson(res, 200, { object: 'list', data: [...all().values()] }),
      doc: { summary: 'List provider types', tags: ['providers'], responses: { 200: { description: 'Every registered provider type, sorted by type.', schema: schemas.providerList } } },
    },
    {
      method: 'get',
      path: '/api/providers/:type',
      handle: (req: Request, res: Response) => writeJson(res, 200, one(req)),
      doc: { summary: 'Get a provider type', tags: ['providers'], responses: { 200: { description: 'The type, with its credential fields.', schema: schemas.provider }, ...unknownType } },
    },
    {
      method: 'get',
      path: '/api/providers/:type/models',
      handle: (req: Request, res: Response) => {
        const { type } = one(req);
        writeJson(res, 200, { object: 'list', provider_type: type, data: modelListings(sources.catalog.list(type)) });
      },
      doc: { summary: 'List a provider type\'s catalogue models', tags: ['providers'], responses: { 200: { description: 'The catalogue\'s models of the type, with prices and capabilities, in the order a picker shows them: current models before legacy ones, each newest release first, undated ones after the dated by version, newest first.', schema: schemas.modelList }, ...unknownType } },
    },
  ];
}

function buildListings(providers: ReadonlyMap<string, ProviderDefinition>, toJsonSchema: ToJsonSchema) {
  const sorted = [...providers.values()].sort((a, b) => a.type.localeCompare(b.type));
  return new Map(sorted.map((definition) => [definition.type, providerListing(definition, toJsonSchema)]));
}
