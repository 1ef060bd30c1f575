import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { container } from 'tsyringe';
import { ERROR_CODES } from '@model-gateway/core';
import { loadConfigText } from '@model-gateway/core/testing';
import { PluginRegistry } from '@model-gateway/core/internal';
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

  it('loads into a gateway whose plugins own their error codes, none of them core\'s', () => {
    const registry = new PluginRegistry(container.createChildContainer());
    loadConfigText('{}', { registry, builtinPlugins: BUILTIN_PLUGINS, env: {} });
    const owners = Object.fromEntries(registry.errorCodes.all().map(({ owner, definition }) => [definition.code, owner]));
    expect(owners).toEqual({
      authentication_required: 'admin-api',
      permission_denied: 'admin-api',
      service_unavailable: 'admin-api',
      gateway_key_missing: 'gateway-keys',
      gateway_key_invalid: 'gateway-keys',
      gateway_keys_unavailable: 'gateway-keys',
      endpoint_not_allowed: 'gateway-keys',
      budget_exceeded: 'rate-limits',
      limits_unavailable: 'rate-limits',
      no_available_target: 'circuit-breaker',
      endpoint_kind_mismatch: 'endpoint-resolution',
    });
    for (const code of Object.keys(owners)) expect(Object.hasOwn(ERROR_CODES, code)).toBe(false);
  });
});
