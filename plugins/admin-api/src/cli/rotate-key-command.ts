import { container } from 'tsyringe';
import { type CliCommand, type CliCommandContext } from '@model-gateway/core';
import { loadConfigFile, PluginRegistry } from '@model-gateway/core/internal';
import {
  FileStore, LockHeldError, newSecretsKey, openSecretsKey, parseKeyMaterial, readKeyFile, RedisAdminStore, removeKeyFile, rewrap, secretBinding, StoreCollections,
  type AdminStore, type StoreOp,
} from '@model-gateway/admin-store';
import { adminSettings } from '../admin-config';
import { CONNECTIONS, type ConnectionRecord } from '../store/admin-collections';

const USAGE = `model-gateway secrets rotate-key
    Re-wraps the data key of every stored credential under a new key-encryption key, in one
    atomic write: interrupted, the store still opens with the old key; once done, only the
    new key opens it. Reads the store of the config file ($GATEWAY_CONFIG or
    ./gateway.config.yaml): its store.dir, or Redis when state.redis_url, redis_cluster or redis_sentinel is set.

    GATEWAY_SECRETS_KEY      the key in use now (unset: the data directory's generated
                             secrets.key, embedded store only; that file is deleted after)
    GATEWAY_SECRETS_KEY_NEW  the new key: base64 of 32 random bytes, or a long passphrase

    Stop the gateway first when it uses the embedded store. With Redis, restart every
    replica with the new GATEWAY_SECRETS_KEY afterwards; until then they keep serving,
    and refuse changes to connections.
`;

/** `model-gateway secrets rotate-key`. */
export const secretsCommand: CliCommand = {
  name: 'secrets',
  summary: 'Manage the key that protects stored credentials (rotate-key).',
  usage: USAGE,
  async run(argv, context) {
    if (argv[0] !== 'rotate-key' || argv.length > 1) {
      context.stderr.write(`error: expected "secrets rotate-key"\n\n${USAGE}`);
      return 2;
    }
    try {
      return await rotateKey(context);
    } catch (error) {
      context.stderr.write(`error: ${(error as Error).message}\n`);
      return 1;
    }
  },
};

async function rotateKey(context: CliCommandContext): Promise<number> {
  const { env, stdout } = context;
  const config = loadConfigFile(context.configFile, { registry: new PluginRegistry(container.createChildContainer()), builtinPlugins: context.builtinPlugins, env });
  const settings = adminSettings(config, env);
  const newText = env.GATEWAY_SECRETS_KEY_NEW?.trim();
  if (!newText) throw new Error('GATEWAY_SECRETS_KEY_NEW is not set: give the new key (base64 of 32 random bytes, or a long passphrase)');

  // Only the collection it rewrites: the file store keeps the others as it read them, and Redis leaves their hashes alone.
  const collections = new StoreCollections([CONNECTIONS]);
  let store: AdminStore;
  if (settings.redis.kind !== 'none') {
    store = new RedisAdminStore({ topology: settings.redis, keyPrefix: settings.keyPrefix, pollMs: 60_000, collections });
  } else {
    const fileStore = new FileStore(settings.dataDir, { collections });
    try {
      fileStore.lockNow();
    } catch (error) {
      if (error instanceof LockHeldError) throw new Error(`${error.message}; stop that gateway before rotating the key`);
      throw error;
    }
    store = fileStore;
  }
  try {
    const snapshot = await store.load();
    if (snapshot.version < 0) throw new Error('the store (Redis) cannot be reached');
    if (!snapshot.kek) {
      stdout.write('No credentials are stored yet: nothing to rotate. Start the gateway with GATEWAY_SECRETS_KEY set to the new key.\n');
      return 0;
    }
    const fromFile = settings.secretsKey === undefined && store.kind === 'embedded';
    const oldText = settings.secretsKey ?? (fromFile ? readKeyFile(settings.dataDir) : undefined);
    if (!oldText) throw new Error('GATEWAY_SECRETS_KEY is not set: give the key in use now');
    const oldKey = await openSecretsKey(parseKeyMaterial(oldText), snapshot.kek);
    if (!oldKey) throw new Error('the current key (GATEWAY_SECRETS_KEY) does not open this store; nothing was changed');
    const newKey = await newSecretsKey(parseKeyMaterial(newText), oldKey.version + 1);
    if (newKey.meta.id === oldKey.meta.id && newKey.meta.kdf.name === 'raw') throw new Error('the new key is the old key; nothing was changed');

    const ops: StoreOp[] = [];
    let secrets = 0;
    for (const record of CONNECTIONS.all(snapshot).values()) {
      const rewrapped: ConnectionRecord = { ...record, secrets: {} };
      for (const [field, sealed] of Object.entries(record.secrets)) {
        rewrapped.secrets[field] = rewrap(sealed, oldKey, newKey, secretBinding(record.name, field));
        secrets++;
      }
      ops.push(CONNECTIONS.put(rewrapped));
    }
    await store.commit({ baseVersion: snapshot.version, kek: newKey.meta, ops });
    if (fromFile) removeKeyFile(settings.dataDir);
    stdout.write(
      `Rotated ${secrets} credential${secrets === 1 ? '' : 's'} in ${ops.length} connection${ops.length === 1 ? '' : 's'} to key version ${newKey.version}.\n` +
        `Start the gateway${store.kind === 'redis' ? ' (every replica)' : ''} with GATEWAY_SECRETS_KEY set to the new key${fromFile ? '; the generated secrets.key was removed' : ''}.\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
