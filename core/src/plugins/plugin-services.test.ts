import { container } from 'tsyringe';
import { z } from 'zod';
import { buildConfigSchema } from '../config/config-schema';
import type { GatewayPlugin, PluginApi } from '../contracts/gateway-plugin';
import { PluginRegistry } from './plugin-registry';

/** Plugin-owned config sections and services: registered through PluginApi, validated and run by core. */
function install(registry: PluginRegistry, name: string, register: (api: PluginApi) => void): void {
  const plugin: GatewayPlugin = { specVersion: 1, name, kind: 'pipeline', register };
  registry.install(plugin, name);
}

describe('plugin config sections', () => {
  it('adds the section to the config schema with its defaults, and refuses a taken name', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    const schema = z.strictObject({ level: z.number().default(3).describe('How much.') }).prefault({}).describe('A section.');
    install(registry, 'owner', (api) => api.registerConfigSection({ field: 'extra', schema }));
    const parsed = buildConfigSchema(registry).parse({}) as Record<string, unknown>;
    expect(parsed.extra).toEqual({ level: 3 });
    expect(buildConfigSchema(registry).safeParse({ extra: { level: 'x' } }).success).toBe(false);
    expect(() => install(registry, 'second', (api) => api.registerConfigSection({ field: 'extra', schema }))).toThrow(/config section "extra", which is already taken/);
    expect(() => install(registry, 'third', (api) => api.registerConfigSection({ field: 'providers', schema }))).toThrow(/already taken/);
  });
});

describe('plugin services', () => {
  it('start in order with the listen host, stop in reverse once, and a failed start stops those already started', async () => {
    const events: string[] = [];
    const registry = new PluginRegistry(container.createChildContainer());
    for (const name of ['a', 'b']) {
      install(registry, name, (api) =>
        api.registerService({ name, start: async ({ listenHost }) => void events.push(`start ${name} ${listenHost}`), stop: async () => void events.push(`stop ${name}`) }),
      );
    }
    await registry.startServices({ listenHost: '127.0.0.1' }, () => undefined);
    await registry.stopServices(() => undefined);
    await registry.stopServices(() => undefined);
    expect(events).toEqual(['start a 127.0.0.1', 'start b 127.0.0.1', 'stop b', 'stop a']);

    events.length = 0;
    install(registry, 'broken', (api) => api.registerService({ name: 'broken', start: async () => Promise.reject(new Error('no store')) }));
    const failures: string[] = [];
    await expect(registry.startServices({ listenHost: '::1' }, (service) => failures.push(service))).rejects.toThrow('no store');
    expect(events).toEqual(['start a ::1', 'start b ::1', 'stop b', 'stop a']);
    expect(failures).toEqual([]);
  });
});

describe('operator access', () => {
  it('is registered by one plugin only', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    expect(registry.operatorAccess).toBeUndefined();
    const access = { check: () => undefined, requiresCredential: () => true };
    install(registry, 'admin', (api) => api.registerOperatorAccess(access));
    expect(registry.operatorAccess).toBe(access);
    expect(() => install(registry, 'other', (api) => api.registerOperatorAccess({ ...access }))).toThrow(/operator-access check, and one is already registered/);
  });
});
