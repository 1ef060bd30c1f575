import path from 'node:path';
import { z } from 'zod';
import type { GatewayConfig } from '@model-gateway/core';
import type { RedisTopology } from '@model-gateway/core/internal';

/** Overrides `admin.allow_private_base_urls`, as GATEWAY_ADMIN_TOKEN overrides `admin.token`: for a local model server without editing the YAML. */
export const ALLOW_PRIVATE_ENV = 'GATEWAY_ALLOW_PRIVATE_BASE_URLS';

/** `${VAR}` substitution yields text, so a boolean setting also takes "true" and "false". */
const configBoolean = () => z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

export const storeSectionSchema = z
  .strictObject({
    dir: z
      .string()
      .min(1)
      .default('./.gateway-data')
      .describe(
        'Data directory of the embedded store: store.json (connections and endpoints created through /api), its lock, and secrets.key ' +
          '(the generated secrets key, only when GATEWAY_SECRETS_KEY is unset). Relative to the config file\'s folder. ' +
          'GATEWAY_DATA_DIR overrides it. Unused when state.redis_url, redis_cluster or redis_sentinel is set: the store is then in Redis, shared by every replica.',
      ),
  })
  .describe('Where connections and endpoints created through the admin API persist.')
  .prefault({});

export const adminSectionSchema = z
  .strictObject({
    token: z
      .string()
      .default('')
      .describe(
        'Bearer token for the admin API: when set, every change under /api and every route that shows configuration needs `Authorization: Bearer <token>`. ' +
          'Empty: changes are accepted only from loopback clients, and refused (403) when the gateway listens on another address. GATEWAY_ADMIN_TOKEN overrides it.',
      ),
    allow_private_base_urls: configBoolean()
      .default(false)
      .describe(
        'Let connections created through the API reach loopback and private addresses (a local Ollama or vLLM); default false. ' +
          'Link-local and cloud metadata addresses are refused regardless. Checked on the URL and again on each resolved address when connecting. ' +
          `${ALLOW_PRIVATE_ENV}=true or false overrides it.`,
      ),
  })
  .describe('The admin API (/api/connections, /api/endpoints).')
  .prefault({});

export type StoreSection = z.output<typeof storeSectionSchema>;
export type AdminSection = z.output<typeof adminSectionSchema>;

/** The admin API's settings in force: the YAML's sections, with the environment's overrides. */
export interface AdminSettings {
  token: string | undefined;
  allowPrivate: boolean;
  dataDir: string;
  /** The shared Redis (state.redis_url, redis_cluster or redis_sentinel); kind 'none': the store is the data directory's file. */
  redis: RedisTopology;
  keyPrefix: string;
  secretsKey: string | undefined;
}

export function adminSettings(config: GatewayConfig, env: NodeJS.ProcessEnv): AdminSettings {
  const store = (config.sections.store ?? storeSectionSchema.parse(undefined)) as StoreSection;
  const admin = (config.sections.admin ?? adminSectionSchema.parse(undefined)) as AdminSection;
  const base = config.file ? path.dirname(path.resolve(config.file)) : process.cwd();
  return {
    token: nonEmpty(env.GATEWAY_ADMIN_TOKEN) ?? nonEmpty(admin.token),
    allowPrivate: allowPrivateFromEnv(env) ?? admin.allow_private_base_urls,
    dataDir: nonEmpty(env.GATEWAY_DATA_DIR) ? path.resolve(env.GATEWAY_DATA_DIR as string) : path.resolve(base, store.dir),
    redis: config.state.redis,
    keyPrefix: config.state.keyPrefix,
    secretsKey: nonEmpty(env.GATEWAY_SECRETS_KEY),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * GATEWAY_ALLOW_PRIVATE_BASE_URLS as a boolean: undefined when unset or empty (the YAML's
 * value holds), true or false in any case; anything else throws, so a typo such as `yes`
 * stops check-config and the start instead of quietly leaving private addresses refused.
 */
export function allowPrivateFromEnv(env: NodeJS.ProcessEnv): boolean | undefined {
  const text = env[ALLOW_PRIVATE_ENV]?.trim().toLowerCase();
  if (text === undefined || text === '') return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw new Error(`${ALLOW_PRIVATE_ENV} is ${JSON.stringify(env[ALLOW_PRIVATE_ENV])}: give true or false (it overrides admin.allow_private_base_urls)`);
}

/** The admin section's check at load (check-config and start): the environment's override must be a boolean. */
export function checkAdminSection(): string[] {
  try {
    allowPrivateFromEnv(process.env);
    return [];
  } catch (error) {
    return [`admin.allow_private_base_urls: ${(error as Error).message}`];
  }
}
