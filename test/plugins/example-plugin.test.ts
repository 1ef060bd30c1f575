import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { container } from 'tsyringe';
import { PluginRegistry } from '@model-gateway/core/internal';
import { ConfigError, loadConfigText } from '@model-gateway/core/testing';
import { postJson, startGateway } from '../support/start-gateway';
import { BUILTIN_PLUGINS } from '@model-gateway/distribution';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = `
plugins: [./docs/examples/reverse-provider]
providers:
  backwards: { type: reverse, prefix: "« " }
endpoints:
  - { name: rev, kind: chat, provider: backwards, model: reverse-1 }
`;

/** The documented example plugin, loaded from a path the way an operator drops one in. */
describe('a drop-in plugin loaded from a path', () => {
  it('adds a provider type that the config validates and the unified APIs serve', async () => {
    const gw = await startGateway(CONFIG, { baseDir: ROOT });
    try {
      const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, { model: 'rev', messages: [{ role: 'user', content: 'gateway' }] });
      expect(res.status).toBe(200);
      expect(res.body.choices[0].message.content).toBe('« yawetag');
      expect(res.body.model).toBe('reverse-1');
      const streamed = await postJson(`${gw.url}/gateway/rev/native/invocations`, { stream: true, messages: [{ role: 'user', content: 'x' }] });
      expect(streamed.status).toBe(400);
      expect(streamed.body.error.param).toBe('stream');
      expect(gw.gateway.plugins.plugins.map((p) => p.name)).toContain('example-reverse-provider');
    } finally {
      await gw.close();
    }
  });

  it("validates the plugin's own options schema", () => {
    const registry = new PluginRegistry(container.createChildContainer());
    const bad = CONFIG.replace('prefix: "« "', 'prefix: 3');
    expect(() => loadConfigText(bad, { builtinPlugins: BUILTIN_PLUGINS, registry, baseDir: ROOT })).toThrow(ConfigError);
    try {
      loadConfigText(bad, { builtinPlugins: BUILTIN_PLUGINS, registry: new PluginRegistry(container.createChildContainer()), baseDir: ROOT });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual(['providers.backwards.prefix: expected string, got 3']);
    }
  });

  it('reports a missing or malformed plugin as one config line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mg-plugin-'));
    fs.writeFileSync(path.join(dir, 'old.js'), 'module.exports = { specVersion: 9, name: "old", kind: "provider", register() {} };');
    fs.writeFileSync(path.join(dir, 'empty.js'), 'module.exports = {};');
    const problems = (plugin: string) => {
      try {
        loadConfigText(`plugins: [${plugin}]`, { builtinPlugins: BUILTIN_PLUGINS, registry: new PluginRegistry(container.createChildContainer()), baseDir: dir });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems('./nowhere.js')).toEqual([expect.stringMatching(/^plugins: plugin "\.\/nowhere\.js": cannot find module/)]);
    expect(problems('./old.js')).toEqual(['plugins: plugin "./old.js": declares specVersion 9; this gateway supports 1']);
    expect(problems('./empty.js')).toEqual([expect.stringContaining('does not export a plugin')]);
    expect(problems('no-such-package-xyz')).toEqual([expect.stringContaining('cannot find module no-such-package-xyz')]);
    fs.rmSync(dir, { recursive: true });
  });
});
