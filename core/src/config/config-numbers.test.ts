import { container } from 'tsyringe';
import { PluginRegistry } from '@model-gateway/core/internal';
import { ConfigError, loadConfigText } from '@model-gateway/core/testing';

// Core's tests name no distribution: the one provider the endpoints below use is enough.
const load = (text: string, env: NodeJS.ProcessEnv = {}) => loadConfigText(text, { builtinPlugins: ['@model-gateway/provider-mock'], registry: new PluginRegistry(container.createChildContainer()), env });

/** `${VAR}` always substitutes text; numeric settings must still read it as a number. */
describe('numeric settings from environment variables', () => {
  it('reads a quoted placeholder in a flow mapping, and a plain one in block style', () => {
    expect(load('server: { port: "${PORT:-8080}" }').server.port).toBe(8080);
    expect(load('server:\n  port: ${PORT}\n', { PORT: '9191' }).server.port).toBe(9191);
    const config = load('endpoints:\n  - { name: x, kind: chat, provider: mock, model: m, timeouts: { total_ms: "${TOTAL}" } }\n', { TOTAL: '900' });
    expect(config.endpoints[0].timeouts.totalMs).toBe(900);
  });

  it('still rejects text that is not a number, naming the path', () => {
    expect(() => load('server: { port: "${PORT}" }', { PORT: 'eighty' })).toThrow(ConfigError);
    try {
      load('server: { port: "${PORT}" }', { PORT: 'eighty' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([expect.stringMatching(/^server\.port: /)]);
    }
  });
});
