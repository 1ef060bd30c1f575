export { StoreConflictError, StoreInvalidError, StoreUnavailableError, type AdminStore } from './admin-store';
export {
  applyCommit, EMPTY_SNAPSHOT, makeSnapshot, recordChange,
  type KekMeta, type RecordChange, type SealedSecret, type StoredRecord, type StoreCommit, type StoreOp, type StoreSnapshot,
} from './records';
export { COLLECTION_NAME, defineCollection, type Collection } from './collection';
export { CollectionHandle } from './collection-handle';
export { STORE_COLLECTIONS, StoreCollections, storeCollections } from './store-collections';
export { rewrap, seal, secretBinding, unseal, UnsealError } from './crypto/envelope';
export { newSecretsKey, openSecretsKey, parseKeyMaterial, SCRYPT_COST, type KeyMaterial, type SecretsKey } from './crypto/secrets-key';
export { FileStore, type FileStoreOptions } from './embedded/file-store';
export { readStoreFile, STORE_FILE, storeFileSchema, storeFileSchemaFor } from './embedded/store-file';
export { firstIssue, kekMetaSchema, sealedSecretSchema } from './record-schemas';
export { DirectoryLock, LockHeldError } from './embedded/directory-lock';
export { judgeLock, type LockOwner } from './embedded/lock-staleness';
export { procProbe, type ProcessProbe } from './embedded/process-probe';
export { createKeyFile, KEY_FILE, readKeyFile, removeKeyFile } from './embedded/key-file';
export { writeFileAtomic } from './embedded/atomic-file';
export { RedisAdminStore, type RedisConnectionSource, type RedisStoreOptions } from './redis/redis-store';
