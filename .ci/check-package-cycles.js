#!/usr/bin/env node
// Package-level import-circle check for the workspace: madge covers the files inside
// core/src, and this covers the packages, where a circle (core -> a plugin -> core, or
// two plugins importing each other) would make the build order and the layering a lie.
// Usage: node .ci/check-package-cycles.js [ROOT]   (ROOT holds core/ and plugins/; default: the repo)
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const SCOPE = '@model-gateway/';
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
// Every form that loads a module: import/export ... from, bare import, import(), require().
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](@model-gateway\/[a-z0-9-]+)(?:\/[^'"]*)?['"]/g;

/** The workspace's package directories: core and every plugins/* with a package.json. */
function packageDirs(root) {
  const dirs = [path.join(root, 'core')];
  const plugins = path.join(root, 'plugins');
  if (fs.existsSync(plugins)) {
    for (const entry of fs.readdirSync(plugins, { withFileTypes: true })) {
      if (entry.isDirectory()) dirs.push(path.join(plugins, entry.name));
    }
  }
  return dirs.filter((dir) => fs.existsSync(path.join(dir, 'package.json')));
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

/**
 * Package name -> the workspace packages it uses, from both its src imports and its
 * package.json (an import not declared, or a declaration not imported, is still an edge
 * npm or the code will follow). Each edge keeps one file as evidence for the message.
 */
function packageGraph(root) {
  const dirs = packageDirs(root);
  const names = new Map(dirs.map((dir) => [JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name, dir]));
  const graph = new Map();
  for (const [name, dir] of names) {
    const edges = new Map();
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const dep of Object.keys(manifest[field] ?? {})) {
        if (dep.startsWith(SCOPE) && names.has(dep) && dep !== name) edges.set(dep, `${path.relative(root, dir)}/package.json (${field})`);
      }
    }
    for (const file of sourceFiles(path.join(dir, 'src'))) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const dep = match[1];
        if (names.has(dep) && dep !== name && !edges.has(dep)) edges.set(dep, path.relative(root, file));
      }
    }
    graph.set(name, edges);
  }
  return graph;
}

/** Every elementary circle found by depth-first search, each reported once from its smallest name. */
function findCycles(graph) {
  const cycles = [];
  const seen = new Set();
  const visit = (start, node, trail) => {
    for (const next of (graph.get(node) ?? new Map()).keys()) {
      if (next === start) {
        const key = [...trail].sort().join(' ');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push([...trail, start]);
        }
      } else if (next > start && !trail.includes(next)) {
        visit(start, next, [...trail, next]);
      }
    }
  };
  for (const name of [...graph.keys()].sort()) visit(name, name, [name]);
  return cycles;
}

function main() {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
  const graph = packageGraph(root);
  const cycles = findCycles(graph);
  if (cycles.length === 0) {
    console.log(`No circular dependency between the ${graph.size} workspace packages.`);
    return;
  }
  console.error(`Found ${cycles.length} circular dependenc${cycles.length === 1 ? 'y' : 'ies'} between workspace packages:`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.join(' -> ')}`);
    for (let i = 0; i < cycle.length - 1; i++) console.error(`    ${cycle[i]} -> ${cycle[i + 1]}: ${graph.get(cycle[i]).get(cycle[i + 1])}`);
  }
  process.exitCode = 1;
}

main();
