import { container } from 'tsyringe';
import type { GatewayPlugin, PluginApi } from '../contracts/gateway-plugin';
import type { GatewayRuntime } from '../contracts/gateway-runtime';
import { GatewayError } from '../errors/gateway-error';
import { PluginRegistry } from './plugin-registry';

function install(registry: PluginRegistry, name: string, register: (api: PluginApi) => void): void {
  const plugin: GatewayPlugin = { specVersion: 1, name, kind: 'pipeline', register };
  registry.install(plugin, name);
}

const runtime = {} as GatewayRuntime;
const handle = () => undefined;

/** One way to contribute routes: route groups, API styles' included, each with its plane. */
describe('route groups', () => {
  it('keeps every group in registration order, an API style\'s as a data-plane group rendering its own errors', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    install(registry, 'ops', (api) => api.registerRoutes({ plane: 'operator', prefixes: ['/api'], routes: () => [{ method: 'get', path: '/api/things', handle }] }));
    install(registry, 'style', (api) =>
      api.registerApiStyle({ name: 'shape', routes: () => [{ method: 'post', path: '/shape/v1/go', json: true, handle }], renderError: (error) => ({ status: error.status, body: { shaped: error.code } }) }),
    );
    expect(registry.routeGroups.map((group) => group.plane)).toEqual(['operator', 'data']);
    const [ops, style] = registry.routeGroups;
    expect(ops.routes(runtime).map((route) => route.path)).toEqual(['/api/things']);
    expect(ops.prefixes).toEqual(['/api']);
    expect(style.routes(runtime).map((route) => route.path)).toEqual(['/shape/v1/go']);
    expect(style.renderError?.(new GatewayError('route_not_found', 'no'))).toEqual({ status: 404, body: { shaped: 'route_not_found' } });
    expect(registry.apiStyles.has('shape')).toBe(true);
  });

  it('refuses a group without a plane (a JavaScript plugin could leave it out), naming the plugin', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    const register = (api: PluginApi) => api.registerRoutes({ routes: () => [] } as unknown as Parameters<PluginApi['registerRoutes']>[0]);
    expect(() => install(registry, 'loose', register)).toThrow(/plugin "loose" registers routes with plane undefined; say 'data'/);
    expect(registry.routeGroups).toEqual([]);
  });
});
