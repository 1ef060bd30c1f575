import type { Logger } from 'pino';
import { CredentialIncidents } from './credential-incidents';

function recorder(): { logger: Logger; warnings: Array<[Record<string, unknown>, string]> } {
  const warnings: Array<[Record<string, unknown>, string]> = [];
  const logger = { warn: (fields: Record<string, unknown>, message: string) => warnings.push([fields, message]) } as unknown as Logger;
  return { logger, warnings };
}

describe('CredentialIncidents', () => {
  it('warns once per connection per minute on its clock, each connection on its own', () => {
    let now = 0;
    const { logger, warnings } = recorder();
    const incidents = new CredentialIncidents(logger, () => now);
    for (let i = 0; i < 5; i++) incidents.report('primary', 401, 'chat');
    incidents.report('secondary', 403, 'summaries');
    expect(warnings).toEqual([
      [{ connection: 'primary', status: 401, endpoint: 'chat' }, "provider refused the gateway's credential"],
      [{ connection: 'secondary', status: 403, endpoint: 'summaries' }, "provider refused the gateway's credential"],
    ]);
    now = 59_999;
    incidents.report('primary', 401, 'chat');
    expect(warnings).toHaveLength(2);
    now = 60_000;
    incidents.report('primary', 401, 'other');
    expect(warnings).toHaveLength(3);
    expect(warnings[2][0]).toEqual({ connection: 'primary', status: 401, endpoint: 'other' });
  });

  it('forgets quiet connections once it remembers many, and still throttles the recent ones', () => {
    let now = 0;
    const { logger, warnings } = recorder();
    const incidents = new CredentialIncidents(logger, () => now);
    for (let i = 0; i < 1000; i++) incidents.report(`old-${i}`, 401, 'e');
    now = 60_000;
    incidents.report('recent', 401, 'e');
    incidents.report('recent', 401, 'e');
    expect(warnings).toHaveLength(1001);
    expect((incidents as unknown as { lastLogged: Map<string, number> }).lastLogged.size).toBe(1);
  });
});
