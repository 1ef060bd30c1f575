import fs from 'node:fs';
import path from 'node:path';

/**
 * The names a TypeScript module exports, read from its text and following `export * from` into
 * relative modules: enough for core's entry files, and for type-only exports, which a required
 * module's keys do not show.
 */
export function exportedNames(file: string, seen: Set<string> = new Set()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, '');
  for (const m of text.matchAll(/export\s+\*\s+from\s+'(\.[^']+)'/g)) {
    for (const name of exportedNames(resolveRelative(file, m[1]), seen)) names.add(name);
  }
  for (const m of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const element of m[1].split(',').map((e) => e.trim()).filter(Boolean)) {
      const parts = element.replace(/^type\s+/, '').split(/\s+as\s+/);
      names.add(parts[parts.length - 1]);
    }
  }
  for (const m of text.matchAll(/export\s+(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:class|function\*?|const|let|var|interface|type|enum|namespace)\s+([A-Za-z_$][\w$]*)/g)) {
    names.add(m[1]);
  }
  return names;
}

function resolveRelative(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  const found = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`cannot resolve ${spec} from ${from}`);
  return found;
}
