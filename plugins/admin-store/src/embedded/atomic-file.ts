import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Replaces `file` with `text` so that a crash at any moment leaves either the old file or
 * the new one, never a mix: write a temporary file beside it, fsync it, rename it over the
 * old one, then fsync the directory so the rename itself is on disk before the caller
 * acknowledges the change.
 */
export async function writeFileAtomic(file: string, text: string, mode = 0o600): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const handle = await fs.open(temp, 'w', mode);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(path.dirname(file));
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
