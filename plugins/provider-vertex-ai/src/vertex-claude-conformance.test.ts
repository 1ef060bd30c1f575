import { startGateway, type TestGateway } from '../../../test/support/start-gateway';
import { SCENARIOS, type Scenario } from '../../../test/conformance/conformance-types';
import { scenarioChecks, type ScenarioRun } from '../../../test/conformance/scenario-checks';
import type { VertexAiFake } from '../../../test/fakes/vertex-ai-fake';
import { claudeProfile, SERVICE_ACCOUNT } from '../../../test/conformance/profiles/vertex-ai';

/**
 * The conformance scenarios for Claude on Vertex AI (Anthropic's Messages format at
 * rawPredict / streamRawPredict, service-account OAuth), run the way the shared runner
 * runs a profile: the runner takes one profile per provider type, and vertex-ai's is
 * its Gemini model.
 */
describe('provider vertex-ai, Claude model', () => {
  let fake: VertexAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    fake = (await claudeProfile.startFake()) as VertexAiFake;
    const config = {
      providers: { conf: { type: claudeProfile.type, ...claudeProfile.connection(fake) } },
      endpoints: [{ name: 'conf-chat', kind: 'chat', provider: 'conf', model: claudeProfile.model }],
    };
    gw = await startGateway(JSON.stringify(config));
  });
  afterAll(async () => {
    await gw?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const supported = SCENARIOS.filter((scenario) => claudeProfile.scenarios[scenario] === true && !scenario.startsWith('error-'));

  it.each(supported)('%s', async (scenario: Scenario) => {
    const run: ScenarioRun = { gatewayUrl: gw.url, fake, profile: claudeProfile, logs: () => gw.logs };
    await scenarioChecks[scenario](run);
    expect(fake.requests.length).toBeGreaterThan(0);
    for (const seen of fake.requests) {
      expect(claudeProfile.checkAuth(seen)).toBeUndefined();
      expect(seen.pathname).toMatch(/^\/v1\/projects\/conformance-project\/locations\/europe-west4\/publishers\/anthropic\/models\/claude-sonnet-4@20250514:(stream)?[rR]awPredict$/);
    }
    const logs = gw.logs.join('');
    expect(logs).not.toContain(claudeProfile.apiKey);
    expect(logs).not.toContain(SERVICE_ACCOUNT.privateKeyPem.split('\n')[1]);
  });

  // The error scenarios run alone, each with a fresh gateway: a circuit breaker opened by one would answer the next.
  it.each(['error-401', 'error-429', 'error-500'] as const)('%s', async (scenario) => {
    const own = await startGateway(JSON.stringify({
      providers: { conf: { type: claudeProfile.type, ...claudeProfile.connection(fake) } },
      endpoints: [{ name: 'conf-chat', kind: 'chat', provider: 'conf', model: claudeProfile.model }],
    }));
    try {
      await scenarioChecks[scenario]({ gatewayUrl: own.url, fake, profile: claudeProfile, logs: () => own.logs });
    } finally {
      await own.close();
    }
  });

  it('minted one access token per gateway, each from an assertion the token endpoint verified', () => {
    expect(fake.tokenEndpoint.grants.filter((g) => !g.ok)).toEqual([]);
    // One for the shared gateway, one for each error scenario's own gateway.
    expect(fake.tokenEndpoint.grants).toHaveLength(4);
  });

  it('declares the scenarios it cannot run', () => {
    expect(claudeProfile.scenarios.embeddings).toEqual({ unsupported: expect.any(String) });
  });
});
