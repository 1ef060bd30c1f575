import type { Request, Response } from 'express';
import { writeJson, type MountedRoute, type PluginApi, type PluginCatalog, type RouteDefinition } from '@model-gateway/core';

export interface FeatureSources {
  registry: PluginCatalog;
  /** Every route the HTTP app mounted, with its plane (core fills it when the listener starts). */
  mounted: () => readonly MountedRoute[];
  /** Core's zod, so this package needs no zod of its own. */
  z: PluginApi['z'];
}

/**
 * GET /api/features: the plugins this gateway loaded and the operator-plane routes they serve,
 * so a client (the web UI) learns in one call what it can offer instead of probing for 404s.
 * Fixed for the life of the process (plugins load once), so it is built on first use.
 */
export function featuresRoute({ registry, mounted, z }: FeatureSources): RouteDefinition {
  let answer: Record<string, unknown> | undefined;
  const build = () => ({
    object: 'features',
    plugins: registry.plugins.map(({ name, kind }) => ({ name, kind })),
    routes: mounted()
      .filter((route) => route.plane === 'operator')
      .map(({ method, path }) => ({ method, path })),
  });
  return {
    method: 'get',
    path: '/api/features',
    // It shows how the gateway is put together: the configuration-read rule, like /api/usage.
    access: 'operator',
    handle: (_req: Request, res: Response) => writeJson(res, 200, (answer ??= build())),
    doc: {
      summary: 'Loaded plugins and the operator routes they serve',
      description: 'What this gateway offers operators and the web UI: every plugin it loaded, and every operator-plane route mounted (method and Express path pattern); client (data-plane) routes are not listed.',
      tags: ['meta'],
      responses: { 200: { description: 'Fixed for the life of the process.', schema: featuresSchema(z) } },
    },
  };
}

/** The answer's schema; `z` is core's, handed to plugins at registration. */
export function featuresSchema(z: PluginApi['z']) {
  return z
    .object({
      object: z.literal('features'),
      plugins: z
        .array(
          z.object({
            name: z.string().describe('The plugin\'s name (`admin-api`, `gateway-keys`, ...).'),
            kind: z.enum(['provider', 'api-style', 'pipeline', 'operator']).describe('What it contributes.'),
          }),
        )
        .describe('Every plugin loaded, in load order.'),
      routes: z
        .array(
          z.object({
            method: z.enum(['get', 'post', 'put', 'delete']),
            path: z.string().describe('The Express path pattern, e.g. `/api/keys/:id`.'),
          }),
        )
        .describe('Every operator-plane route mounted (admin, keys, usage, catalogue, UI), in mount order.'),
    })
    .describe('The plugins loaded and the operator routes they serve.')
    .meta({ title: 'Features' });
}
