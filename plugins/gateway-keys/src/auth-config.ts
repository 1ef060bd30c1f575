import { z } from 'zod';
import type { GatewayConfig } from '@model-gateway/core';

/** `${VAR}` substitution yields text, so a boolean setting also takes "true" and "false". */
const configBoolean = () => z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

export const authSectionSchema = z
  .strictObject({
    require_keys: configBoolean()
      .default(false)
      .describe(
        'Require a gateway key (created with POST /api/keys) on every /gateway/... route and MLflow\'s deployments routes: ' +
          'sent where each route\'s clients send a key (Authorization: Bearer, x-api-key, x-goog-api-key or ?key=, api-key). ' +
          'Missing or invalid: 401; an endpoint outside the key\'s scope: 403; nothing is sent upstream. Default false: clients send no credential.',
      ),
  })
  .describe('Who may call the data plane (docs/access.md).')
  .prefault({});

export type AuthSection = z.output<typeof authSectionSchema>;

export function authSection(config: GatewayConfig): AuthSection {
  return (config.sections.auth ?? authSectionSchema.parse(undefined)) as AuthSection;
}
