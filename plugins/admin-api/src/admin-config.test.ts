import type { GatewayConfig } from '@model-gateway/core';
import { adminSectionSchema, adminSettings, ALLOW_PRIVATE_ENV, allowPrivateFromEnv, checkAdminSection } from './admin-config';

/** A loaded config holding only what adminSettings reads. */
function config(admin: Record<string, unknown>): GatewayConfig {
  return { file: undefined, sections: { admin: adminSectionSchema.parse(admin) }, state: { redis: { kind: 'none' }, keyPrefix: 'mg:' } } as unknown as GatewayConfig;
}

describe('admin.allow_private_base_urls from the environment', () => {
  it('reads true and false in any case, and leaves an unset or empty variable to the YAML', () => {
    expect(allowPrivateFromEnv({ [ALLOW_PRIVATE_ENV]: 'true' })).toBe(true);
    expect(allowPrivateFromEnv({ [ALLOW_PRIVATE_ENV]: ' TRUE ' })).toBe(true);
    expect(allowPrivateFromEnv({ [ALLOW_PRIVATE_ENV]: 'False' })).toBe(false);
    expect(allowPrivateFromEnv({})).toBeUndefined();
    expect(allowPrivateFromEnv({ [ALLOW_PRIVATE_ENV]: '  ' })).toBeUndefined();
  });

  it('refuses anything else, naming the variable, the value and what it takes', () => {
    for (const value of ['yes', '1', 'on', 'ture']) {
      expect(() => allowPrivateFromEnv({ [ALLOW_PRIVATE_ENV]: value })).toThrow(`${ALLOW_PRIVATE_ENV} is "${value}": give true or false (it overrides admin.allow_private_base_urls)`);
    }
  });

  it('overrides the YAML either way when set; the YAML holds when it is not', () => {
    expect(adminSettings(config({ allow_private_base_urls: false }), { [ALLOW_PRIVATE_ENV]: 'true' }).allowPrivate).toBe(true);
    expect(adminSettings(config({ allow_private_base_urls: true }), { [ALLOW_PRIVATE_ENV]: 'false' }).allowPrivate).toBe(false);
    expect(adminSettings(config({ allow_private_base_urls: true }), {}).allowPrivate).toBe(true);
    expect(adminSettings(config({}), {}).allowPrivate).toBe(false);
  });

  it("makes the admin section's load check (check-config, start) fail on a value that is not a boolean", () => {
    const saved = process.env[ALLOW_PRIVATE_ENV];
    try {
      process.env[ALLOW_PRIVATE_ENV] = 'yes';
      expect(checkAdminSection()).toEqual([`admin.allow_private_base_urls: ${ALLOW_PRIVATE_ENV} is "yes": give true or false (it overrides admin.allow_private_base_urls)`]);
      process.env[ALLOW_PRIVATE_ENV] = 'true';
      expect(checkAdminSection()).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env[ALLOW_PRIVATE_ENV];
      else process.env[ALLOW_PRIVATE_ENV] = saved;
    }
  });
});
