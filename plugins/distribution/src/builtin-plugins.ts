import fs from 'node:fs';
import path from 'node:path';

/**
 * The plugins every gateway of this distribution loads, from `plugins/builtin-plugins.json`:
 * the distribution, not core, decides which providers and API styles ship.
 */
// src/ and dist/ both sit two levels below plugins/, where the list lives.
export const BUILTIN_PLUGINS_FILE = path.resolve(__dirname, '../../builtin-plugins.json');

export function readBuiltinPlugins(file: string = BUILTIN_PLUGINS_FILE): readonly string[] {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { plugins?: unknown };
  if (!Array.isArray(parsed.plugins) || !parsed.plugins.every((p) => typeof p === 'string' && p.length > 0)) {
    throw new Error(`${file}: expected { "plugins": ["<package name>", ...] }`);
  }
  return Object.freeze([...(parsed.plugins as string[])]);
}

/** The shipped list, read once when this module loads. */
export const BUILTIN_PLUGINS: readonly string[] = readBuiltinPlugins();
