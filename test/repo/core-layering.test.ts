import fs from 'node:fs';
import path from 'node:path';
import { container } from 'tsyringe';
import { loadConfigText } from '@model-gateway/core/testing';
import { PluginRegistry } from '@model-gateway/core/internal';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

/**
 * Core's shape, held by tests: the contracts a plugin author reads depend only on
 * the foundation below them, and core names no provider (the distribution's
 * plugins bring those). Import circles, in core/src and between packages, are checked in CI (`npm run check:cycles`).
 */
const CORE = path.join(__dirname, '..', '..', 'core', 'src');
const FOUNDATION = new Set(['canonical', 'errors', 'secrets', 'contracts']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The relative modules a file imports (import/export ... from, import type included). */
function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]));
}

describe('core layering', () => {
  it('contracts import nothing but the foundation (canonical, errors, secrets) and each other', () => {
    const offending: string[] = [];
    for (const file of sourceFiles(path.join(CORE, 'contracts'))) {
      for (const target of relativeImports(file)) {
        const layer = path.relative(CORE, target).split(path.sep)[0];
        if (!FOUNDATION.has(layer)) offending.push(`${path.relative(CORE, file)} -> ${path.relative(CORE, target)}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('the foundation imports nothing above it', () => {
    const offending: string[] = [];
    for (const layer of ['canonical', 'errors', 'secrets']) {
      for (const file of sourceFiles(path.join(CORE, layer))) {
        for (const target of relativeImports(file)) {
          const to = path.relative(CORE, target).split(path.sep)[0];
          if (!['canonical', 'errors', 'secrets'].includes(to)) offending.push(`${path.relative(CORE, file)} -> ${path.relative(CORE, target)}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });

  it('names no provider type that the built-in plugins register', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    loadConfigText('{}', { builtinPlugins: BUILTIN_PLUGINS, registry, env: {} });
    // English words that happen to be provider types, and the project's own mock provider.
    const notNames = new Set(['mock', 'together', 'infinity']);
    const types = [...registry.providers.keys()].filter((t) => !notNames.has(t));
    expect(types.length).toBeGreaterThan(50);
    const hits: string[] = [];
    for (const file of sourceFiles(CORE)) {
      const text = fs.readFileSync(file, 'utf8').toLowerCase();
      for (const type of types) {
        const escaped = type.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (new RegExp(`(^|[^a-z0-9-])${escaped}($|[^a-z0-9-])`).test(text)) hits.push(`${path.relative(CORE, file)}: ${type}`);
      }
    }
    expect(hits).toEqual([]);
  });
});
