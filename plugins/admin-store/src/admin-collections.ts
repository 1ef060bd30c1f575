import { defineCollection } from './collection';
import { CONNECTIONS_COLLECTION, ENDPOINTS_COLLECTION } from './records';
import { connectionRecordSchema, endpointRecordSchema } from './record-schemas';

/**
 * admin-api's records as collections. Declared here rather than in admin-api because
 * every store registers them (admin-api's commit forms `put-connection` and the like, and
 * the snapshot's `connections` and `endpoints`, name them); admin-api may take them over.
 */
export const CONNECTIONS = defineCollection(CONNECTIONS_COLLECTION, connectionRecordSchema, { idField: 'name' });
export const ENDPOINTS = defineCollection(ENDPOINTS_COLLECTION, endpointRecordSchema, { idField: 'name' });
