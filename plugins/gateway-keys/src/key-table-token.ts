import type { InjectionToken } from 'tsyringe';
import type { KeyTable } from './key-table';

/** The key table this gateway's admin-store listener fills, for the pipeline plugin that checks keys. */
export const KEY_TABLE = 'model-gateway:GatewayKeyTable' as InjectionToken<KeyTable>;
