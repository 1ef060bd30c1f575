import fs from 'node:fs';
import path from 'node:path';
import { fileField, redisHash } from './collection-places';

/** The store's sources, tests left out. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('where collections live', () => {
  it('keeps the three collections older than collections where earlier gateways wrote them', () => {
    expect(['admin-api/connections', 'admin-api/endpoints', 'gateway-keys/keys'].map((name) => [fileField(name), redisHash(name)])).toEqual([
      ['connections', 'admin:connections'],
      ['endpoints', 'admin:endpoints'],
      ['keys', 'admin:keys'],
    ]);
  });

  it('puts any other collection under its name', () => {
    expect([fileField('team-quotas/quotas'), redisHash('team-quotas/quotas')]).toEqual([undefined, 'admin:collection:team-quotas/quotas']);
  });

  it('names no plugin\'s collection or record type outside that table: the owning plugins declare them', () => {
    const table = path.join(__dirname, 'collection-places.ts');
    const named = /'(admin-api|gateway-keys)\/[a-z-]+'|ConnectionRecord|EndpointRecord|KeyRecord|'(put|delete)-(connection|endpoint|key)'/;
    const files = sources(__dirname);
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => file !== table && named.test(fs.readFileSync(file, 'utf8'))).map((file) => path.relative(__dirname, file))).toEqual([]);
  });
});
