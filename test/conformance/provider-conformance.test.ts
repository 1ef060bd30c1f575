import fs from 'node:fs';
import path from 'node:path';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { SCENARIOS, type ConformanceFake, type ProviderProfile, type Scenario } from './conformance-types';
import { scenarioChecks, type ScenarioRun } from './scenario-checks';

/**
 * The provider conformance suite: every provider plugin's profile, every scenario,
 * through the gateway's OpenAI-compatible API against a fake that speaks the
 * provider's wire format. Unsupported scenarios are listed with their reason, so the
 * report shows what each provider cannot do instead of silently skipping it.
 */

const PROFILE_DIR = path.join(__dirname, 'profiles');
const profiles: ProviderProfile[] = fs
  .readdirSync(PROFILE_DIR)
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .map((file) => (require(path.join(PROFILE_DIR, file)) as { profile: ProviderProfile }).profile);

/**
 * Provider packages whose type needs no profile of its own: the mock is not a
 * provider, and catalogue rows all run the openai profile's connection code (the rows
 * with a dialect, such as groq and mistral, have profiles of their own in profiles/).
 */
const NOT_PROFILED = new Set(['provider-mock', 'provider-catalog']);

describe('conformance profiles', () => {
  it('every provider plugin package has a profile', () => {
    const packages = fs.readdirSync(path.join(__dirname, '../../plugins')).filter((dir) => dir.startsWith('provider-') && !NOT_PROFILED.has(dir));
    const profiled = new Set(profiles.map((p) => `provider-${p.type}`));
    expect(packages.filter((dir) => !profiled.has(dir))).toEqual([]);
  });

  it.each(profiles.map((p) => [p.type, p] as const))('%s declares every scenario, with a reason for each unsupported one', (_type, profile) => {
    expect(Object.keys(profile.scenarios).sort()).toEqual([...SCENARIOS].sort());
    for (const support of Object.values(profile.scenarios)) {
      if (support !== true) expect(support.unsupported.trim().length).toBeGreaterThan(10);
    }
  });
});

describe.each(profiles.map((p) => [p.type, p] as const))('provider %s', (_type, profile) => {
  let fake: ConformanceFake;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = await profile.startFake();
    gw = await startGateway(gatewayConfig(profile, fake));
  });

  afterAll(async () => {
    await gw?.close();
    await fake?.close();
  });

  beforeEach(() => {
    fake.requests.length = 0;
  });

  const cases = SCENARIOS.map((scenario) => [scenario, profile.scenarios[scenario]] as const);
  const supported = cases.filter(([, support]) => support === true).map(([scenario]) => scenario);
  const unsupported = cases.filter(([, support]) => support !== true);

  if (supported.length > 0) {
    it.each(supported)('%s', async (scenario: Scenario) => {
      const run: ScenarioRun = { gatewayUrl: gw.url, fake, profile, logs: () => gw.logs };
      await scenarioChecks[scenario](run);
      expect(fake.requests.length).toBeGreaterThan(0);
      for (const seen of fake.requests) expect(profile.checkAuth(seen)).toBeUndefined();
      expect(gw.logs.join('')).not.toContain(profile.apiKey);
    });
  }

  // Declared, not run: the test name carries the reason into the report.
  for (const [scenario, support] of unsupported) {
    const reason = (support as { unsupported: string }).unsupported;
    it(`${scenario}: declared unsupported (${reason})`, () => expect(reason.trim().length).toBeGreaterThan(10));
  }
});

function gatewayConfig(profile: ProviderProfile, fake: ConformanceFake): string {
  const connection = { type: profile.type, ...profile.connection(fake) };
  const endpoints: Array<Record<string, unknown>> = [];
  // The suite tests providers, not routing: a breaker opened by error-401 would turn the later scenarios into 503s.
  const breaker = { enabled: false };
  if (profile.model) endpoints.push({ name: 'conf-chat', kind: 'chat', provider: 'conf', model: profile.model, breaker });
  if (profile.embeddingsModel) endpoints.push({ name: 'conf-embed', kind: 'embeddings', provider: 'conf', model: profile.embeddingsModel, breaker });
  // Reasoning reaches only models the catalogue flags with it (on every route): the fakes' models are declared so.
  const models = profile.model ? { [profile.type]: { [profile.model]: { reasoning: true } } } : {};
  // JSON is YAML: no quoting rules to get wrong for keys, URLs or JSON key files.
  return JSON.stringify({ providers: { conf: connection }, endpoints, models });
}

