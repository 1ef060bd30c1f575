import fs from 'node:fs';
import path from 'node:path';

/**
 * The plugins every gateway loads, read from `plugins/builtin-plugins.json`: the
 * distribution, not core, decides which providers and API styles ship, so core
 * names none of them. Read once per process.
 */
let cached: readonly string[] | undefined;

export function builtinPlugins(): readonly string[] {
  if (!cached) {
    // core/src/plugins and core/dist/plugins both sit three levels below the repository root.
    const file = path.resolve(__dirname, '../../../plugins/builtin-plugins.json');
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { plugins?: unknown };
    if (!Array.isArray(parsed.plugins) || !parsed.plugins.every((p) => typeof p === 'string' && p.length > 0)) {
      throw new Error(`${file}: expected { "plugins": ["<package name>", ...] }`);
    }
    cached = parsed.plugins as string[];
  }
  return cached;
}
