/**
 * Where a collection's records live. The three collections older than namespaced
 * collections stay where earlier gateways wrote them, so an existing store.json or Redis
 * keyspace loads unchanged: a top-level field of the file, and the Redis hash
 * `admin:<field>`. Every other collection lives under the file's `collections` field, by
 * its name, and in the Redis hash `admin:collection:<name>`.
 *
 * The table is data, by collection name, and is here only for that compatibility: the
 * store knows no record type (the owning plugins declare them), and a new collection
 * never gets a row.
 */
const FIRST_PLACES: ReadonlyMap<string, string> = new Map([
  ['admin-api/connections', 'connections'],
  ['admin-api/endpoints', 'endpoints'],
  ['gateway-keys/keys', 'keys'],
]);

/** The top-level field of store.json holding the collection, or undefined: under `collections`. */
export function fileField(collection: string): string | undefined {
  return FIRST_PLACES.get(collection);
}

/** The top-level fields of store.json that hold a collection each, with the collection they hold. */
export function fileFields(): ReadonlyArray<[field: string, collection: string]> {
  return [...FIRST_PLACES].map(([collection, field]) => [field, collection]);
}

/** The Redis hash of a collection, under the store's prefix; `head` is `{admin}` on a Redis Cluster (one hash tag for the whole store). */
export function redisHash(collection: string, head = 'admin'): string {
  const field = FIRST_PLACES.get(collection);
  return field ? `${head}:${field}` : `${head}:collection:${collection}`;
}
