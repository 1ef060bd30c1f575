import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminClient, type AdminClient } from './admin-client';
import { startGateway, type TestGateway } from './start-gateway';

/** An in-process gateway whose admin store lives in a data folder of its own, and an admin API client on it. */
export interface AdminGateway {
  gw: TestGateway;
  api: AdminClient;
  /** GATEWAY_DATA_DIR: not made until the gateway writes its store; its parent folder is removed by stopAdminGateway. */
  dataDir: string;
}

/** Starts a gateway on `yaml` with a data folder under a fresh temporary folder named after `prefix`. */
export async function startAdminGateway(prefix: string, yaml: string): Promise<AdminGateway> {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), prefix)), 'data');
  const gw = await startGateway(yaml, { env: { GATEWAY_DATA_DIR: dataDir } });
  return { gw, api: adminClient(gw.url), dataDir };
}

/** Closes the gateway and removes its data folder's parent. */
export async function stopAdminGateway({ gw, dataDir }: Partial<AdminGateway>): Promise<void> {
  await gw?.close();
  if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
}
