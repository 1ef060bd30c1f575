import { generateKeyPairSync } from 'node:crypto';
import { postJson, startGateway, type TestGateway } from '../../../test/support/start-gateway';
import type { VertexAiFake } from '../../../test/fakes/vertex-ai-fake';
import { profile, SERVICE_ACCOUNT, serviceAccountJson } from '../../../test/conformance/profiles/vertex-ai';
import { vertexAiProvider } from './index';
import { vertexOptionsSchema } from './vertex-facts';

/** The vertex-ai connection through a gateway, against the conformance fake's token endpoint and API. */
describe('vertex-ai connection', () => {
  let fake: VertexAiFake;
  const gateways: TestGateway[] = [];

  beforeAll(async () => {
    fake = (await profile.startFake()) as VertexAiFake;
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gw) => gw.close()));
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.tokenEndpoint.grants.length = 0;
  });

  async function gateway(connection: Record<string, unknown> = profile.connection(fake)): Promise<TestGateway> {
    const gw = await startGateway(JSON.stringify({
      providers: { vx: { type: 'vertex-ai', ...connection } },
      endpoints: [
        { name: 'gem', kind: 'chat', provider: 'vx', model: 'gemini-2.5-flash' },
        { name: 'emb', kind: 'embeddings', provider: 'vx', model: 'gemini-embedding-001' },
      ],
    }));
    gateways.push(gw);
    return gw;
  }

  const hello = { model: 'gem', messages: [{ role: 'user', content: 'scenario:chat' }] };

  it('mints one token for concurrent first calls and reuses it', async () => {
    const gw = await gateway();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postJson(`${gw.url}/gateway/native/v1/chat/completions`, hello)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    await postJson(`${gw.url}/gateway/native/v1/chat/completions`, hello);
    expect(fake.tokenEndpoint.grants).toEqual([{ ok: true }]);
    expect(new Set(fake.requests.map((r) => r.headers.authorization))).toEqual(new Set(['Bearer ya29.conformance-1']));
    expect(fake.requests.every((r) => r.authProblem === undefined)).toBe(true);
  });

  it('a key the token endpoint does not accept is a 502 provider_auth_error with Google\'s reason, and nothing reaches the API', async () => {
    const { privateKey: other } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = JSON.parse(serviceAccountJson(fake));
    key.private_key = other.export({ type: 'pkcs8', format: 'pem' }).toString();
    const gw = await gateway({ ...profile.connection(fake), service_account_json: JSON.stringify(key) });
    const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, hello);
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('provider_auth_error');
    expect(res.body.error.message).toContain('invalid_grant: Invalid JWT Signature.');
    expect(res.text).not.toContain('PRIVATE KEY');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 503 provider_credentials_missing when no key is configured', async () => {
    const gw = await gateway({ base_url: fake.baseUrl, location: SERVICE_ACCOUNT.location, project: SERVICE_ACCOUNT.project });
    const res = await postJson(`${gw.url}/gateway/native/v1/chat/completions`, hello);
    expect(res.status).toBe(503);
    expect(res.body.error.message).toBe('Provider "vx" has no service_account_json configured.');
  });

  it('relays a Gemini client to a Gemini model at its Vertex path, with the Bearer token', async () => {
    const gw = await gateway();
    const res = await postJson(`${gw.url}/gateway/gemini/v1beta/models/gem:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'scenario:chat' }] }] }, { 'x-goog-api-key': 'client-key' });
    expect(res.status).toBe(200);
    expect(res.body.candidates[0].content.parts[0].text).toBe('Hello from the fake.');
    const [seen] = fake.requests;
    expect(seen.pathname).toBe('/v1/projects/conformance-project/locations/europe-west4/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(seen.headers['x-goog-api-key']).toBeUndefined();
    expect(seen.authProblem).toBeUndefined();
  });

  it('embeds with gemini-embedding models one text per predict call, in order, with their token counts as usage', async () => {
    const gw = await gateway();
    const res = await postJson(`${gw.url}/gateway/native/v1/embeddings`, { model: 'emb', input: ['alpha', 'beta'] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((d: { embedding: number[] }) => d.embedding)).toEqual([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]);
    expect(res.body.usage).toEqual({ prompt_tokens: 2, total_tokens: 2 });
    expect(fake.requests.map((r) => r.view.inputs)).toEqual(expect.arrayContaining([['alpha'], ['beta']]));
  });
});

describe('vertex-ai options', () => {
  it('checks a configured key at load, without quoting it', () => {
    const result = vertexOptionsSchema.safeParse({ service_account_json: '{"private_key": "secret-material"' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('the service account key is not valid JSON');
    expect(JSON.stringify(result.error?.issues)).not.toContain('secret-material');
  });

  it('defaults the location and API version, and describes every field', () => {
    expect(vertexOptionsSchema.parse({})).toEqual({ location: 'us-central1', api_version: 'v1', default_max_tokens: 4096 });
    for (const [name, field] of Object.entries(vertexOptionsSchema.shape)) expect([name, field.description]).toEqual([name, expect.any(String)]);
  });

  it('keeps the key secret and authorizes requests itself', () => {
    expect(vertexAiProvider.secretOptions).toEqual(['service_account_json']);
    expect(vertexAiProvider.auth).toEqual({ kind: 'connection' });
  });
});
