import { container } from 'tsyringe';
import type { GatewayPlugin, PluginApi } from '../contracts/gateway-plugin';
import { defineErrorCodes } from '../errors/plugin-error-codes';
import { PluginRegistry } from './plugin-registry';

/** Error codes registered through PluginApi at load: each has one owner across the loaded plugins. */
function install(registry: PluginRegistry, name: string, register: (api: PluginApi) => void): void {
  const plugin: GatewayPlugin = { specVersion: 1, name, kind: 'pipeline', register };
  registry.install(plugin, name);
}

const QUOTA = defineErrorCodes({ quota_spent: { status: 429, type: 'rate_limit', summary: 'The quota is spent.' } });

describe('plugin error codes in the registry', () => {
  it('keeps each registered code with its owner', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    install(registry, 'quotas', (api) => api.registerErrorCodes(QUOTA));
    expect(registry.errorCodes.get('quota_spent')).toEqual({ owner: 'quotas', definition: QUOTA.quota_spent });
  });

  it('refuses the load when a second plugin registers a code, naming both plugins', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    install(registry, 'quotas', (api) => api.registerErrorCodes(QUOTA));
    const copy = defineErrorCodes({ quota_spent: { status: 403, type: 'permission', summary: 'Another meaning.' } });
    expect(() => install(registry, 'budgets', (api) => api.registerErrorCodes(copy))).toThrow(
      'plugin "budgets" registers error code "quota_spent", which plugin "quotas" already registered',
    );
    expect(registry.errorCodes.get('quota_spent')?.owner).toBe('quotas');
  });
});
