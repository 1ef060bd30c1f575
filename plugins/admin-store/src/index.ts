export { StoreConflictError, StoreUnavailableError, type AdminStore } from './admin-store';
export { applyCommit, EMPTY_SNAPSHOT, type ConnectionRecord, type EndpointRecord, type KekMeta, type KeyRecord, type SealedSecret, type StoreCommit, type StoreOp, type StoreSnapshot } from './records';
export { rewrap, seal, secretBinding, unseal, UnsealError } from './crypto/envelope';
export { newSecretsKey, openSecretsKey, parseKeyMaterial, SCRYPT_COST, type KeyMaterial, type SecretsKey } from './crypto/secrets-key';
export { FileStore, readStoreFile, STORE_FILE } from './embedded/file-store';
export { DirectoryLock, LockHeldError } from './embedded/directory-lock';
export { createKeyFile, KEY_FILE, readKeyFile, removeKeyFile } from './embedded/key-file';
export { writeFileAtomic } from './embedded/atomic-file';
export { RedisAdminStore, type RedisStoreOptions } from './redis/redis-store';
