import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { syncDirectory } from './atomic-file';

export const KEY_FILE = 'secrets.key';

/** The generated key of a data directory, when there is one (base64 of 32 bytes). */
export function readKeyFile(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, KEY_FILE), 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Creates the directory's random key, readable by this user only (0600), for a gateway
 * started with no GATEWAY_SECRETS_KEY. Returns the key and its path.
 */
export async function createKeyFile(dir: string): Promise<{ text: string; file: string }> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, KEY_FILE);
  const text = randomBytes(32).toString('base64');
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.writeSync(fd, `${text}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  await syncDirectory(dir);
  return { text, file };
}

export function removeKeyFile(dir: string): void {
  fs.rmSync(path.join(dir, KEY_FILE), { force: true });
}
