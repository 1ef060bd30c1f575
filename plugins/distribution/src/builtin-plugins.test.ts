import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILTIN_PLUGINS, readBuiltinPlugins } from './builtin-plugins';

describe('the built-in plugin list', () => {
  it('is the shipped file\'s list, package names only', () => {
    expect(BUILTIN_PLUGINS.length).toBeGreaterThan(0);
    for (const name of BUILTIN_PLUGINS) expect(name).toMatch(/^@model-gateway\/[a-z0-9-]+$/);
    expect(BUILTIN_PLUGINS).toContain('@model-gateway/model-catalog');
  });

  it('refuses a file that is not { plugins: [names] }, naming it', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'builtins-')), 'list.json');
    fs.writeFileSync(file, JSON.stringify({ plugins: ['ok', ''] }));
    expect(() => readBuiltinPlugins(file)).toThrow(`${file}: expected { "plugins": ["<package name>", ...] }`);
  });
});
