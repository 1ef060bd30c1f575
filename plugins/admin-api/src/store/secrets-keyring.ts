import type { Logger } from 'pino';
import { GatewayError } from '@model-gateway/core';
import { ADMIN_ERRORS } from '../admin-error-codes';
import {
  createKeyFile, newSecretsKey, openSecretsKey, parseKeyMaterial, readKeyFile,
  type KekMeta, type KeyMaterial, type SecretsKey, type StoreSnapshot,
} from '@model-gateway/admin-store';

export interface KeyringOptions {
  kind: 'embedded' | 'redis';
  /** GATEWAY_SECRETS_KEY, when set. */
  secretsKey?: string;
  /** The embedded store's directory, where a generated key file lives. */
  dataDir: string;
  logger: Logger;
}

/** What the keyring knows about the store's key: none written yet, open, or not openable with what this process has. */
export type KeyState = 'none' | 'open' | 'missing' | 'wrong';

/**
 * The key-encryption key of the running gateway. It comes from GATEWAY_SECRETS_KEY, or
 * (embedded store only) from a key file generated in the data directory on first use. The
 * derived key is kept per KEK description, so scrypt runs once per key, not per request.
 */
export class SecretsKeyring {
  private opened?: SecretsKey;
  state: KeyState = 'none';

  constructor(private readonly options: KeyringOptions) {
    // A malformed variable is an operator's mistake to report at start, not at the first write.
    if (options.secretsKey !== undefined) parseKeyMaterial(options.secretsKey);
  }

  /** The key for records sealed under `meta` (the snapshot's), when this process has it. */
  async open(meta: KekMeta | null): Promise<SecretsKey | undefined> {
    if (!meta) {
      this.state = 'none';
      return undefined;
    }
    if (this.opened?.meta.id === meta.id && this.opened.meta.version === meta.version) return this.opened;
    const material = this.material();
    if (!material) {
      this.state = 'missing';
      this.opened = undefined;
      return undefined;
    }
    const key = await openSecretsKey(material, meta);
    this.opened = key;
    this.state = key ? 'open' : 'wrong';
    return key;
  }

  /**
   * The key to seal new credentials with, at `snapshot`; `created` is set when this is the
   * store's first key and the commit must record its description. Throws a 503 when this
   * process cannot write secrets (Redis with no GATEWAY_SECRETS_KEY, or another key in use).
   */
  async forWrite(snapshot: StoreSnapshot): Promise<{ key: SecretsKey; created?: KekMeta }> {
    if (this.options.kind === 'redis' && this.options.secretsKey === undefined) {
      throw new GatewayError(
        ADMIN_ERRORS.service_unavailable,
        'GATEWAY_SECRETS_KEY is not set: with the Redis store every replica must share one secrets key, so connections cannot be created or changed through the API until it is set (base64 of 32 random bytes, or a long passphrase).',
      );
    }
    if (snapshot.kek) {
      const key = await this.open(snapshot.kek);
      if (key) return { key };
      throw new GatewayError(
        ADMIN_ERRORS.service_unavailable,
        'The stored credentials are sealed with a secrets key this gateway does not have (GATEWAY_SECRETS_KEY is missing or different, or the key was rotated since this replica started); set the key in use and restart.',
      );
    }
    const material = this.material() ?? (await this.generate());
    const key = await newSecretsKey(material, 1);
    this.opened = key;
    this.state = 'open';
    return { key, created: key.meta };
  }

  private material(): KeyMaterial | undefined {
    if (this.options.secretsKey !== undefined) return parseKeyMaterial(this.options.secretsKey);
    if (this.options.kind !== 'embedded') return undefined;
    const text = readKeyFile(this.options.dataDir);
    return text === undefined ? undefined : parseKeyMaterial(text);
  }

  private async generate(): Promise<KeyMaterial> {
    const { text, file } = await createKeyFile(this.options.dataDir);
    this.options.logger.warn(
      { file },
      'GATEWAY_SECRETS_KEY is not set: generated a random secrets key for stored credentials in this file (mode 0600); in production set GATEWAY_SECRETS_KEY instead and keep it out of the data directory',
    );
    return parseKeyMaterial(text);
  }
}
