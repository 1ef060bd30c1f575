import 'reflect-metadata';

export * from './canonical';
export * from './errors';
export { Secret } from './secrets/secret';
export type { StateStore } from './state/state-store';
export { EmbeddedStateStore } from './state/embedded-state-store';
