import type { CatalogRow } from './catalog-row';
import { DIALECT_ROWS } from './rows/dialect-rows';
import { INFERENCE_PLATFORM_ROWS } from './rows/inference-platforms';
import { LOCAL_SERVER_ROWS } from './rows/local-servers';
import { MODEL_VENDOR_ROWS } from './rows/model-vendors';
import { ROUTER_ROWS } from './rows/routers';

/** Every row of the catalogue, by category. */
export const CATALOG_ROWS: readonly CatalogRow[] = [...DIALECT_ROWS, ...MODEL_VENDOR_ROWS, ...INFERENCE_PLATFORM_ROWS, ...ROUTER_ROWS, ...LOCAL_SERVER_ROWS];
