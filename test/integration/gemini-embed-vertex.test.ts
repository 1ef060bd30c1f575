import { profile as vertexProfile } from '../conformance/profiles/vertex-ai';
import type { VertexAiFake } from '../fakes/vertex-ai-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Gemini clients' embeddings (`:embedContent`, `:batchEmbedContents`) to a Vertex AI
 * endpoint: Vertex has no batchEmbedContents, and its text embedding models answer
 * `:predict` (https://cloud.google.com/vertex-ai/generative-ai/docs/model-reference/text-embeddings-api),
 * so the calls are translated to predict and answered in the Gemini client's shape. Relaying
 * them as written reached a method Vertex does not serve (the strict fake answers 404).
 */
describe('Gemini embeddings to Vertex AI', () => {
  let vertex: VertexAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    vertex = (await vertexProfile.startFake()) as VertexAiFake;
    const gcp = JSON.stringify({ type: 'vertex-ai', ...vertexProfile.connection(vertex) });
    gw = await startGateway(`
providers:
  gcp: ${gcp}
endpoints:
  - { name: vertex-embed, kind: embeddings, provider: gcp, model: text-embedding-005 }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await vertex?.close();
  });
  beforeEach(() => vertex.reset());

  const url = (method: string) => `${gw.url}/gateway/gemini/v1beta/models/vertex-embed:${method}`;
  const lastCall = () => vertex.requests[vertex.requests.length - 1];

  it('embedContent is answered from predict, in the embedContent shape', async () => {
    const res = await postJson(url('embedContent'), { content: { parts: [{ text: 'one text' }] } });
    expect(res.status).toBe(200);
    expect(res.body.embedding.values.length).toBeGreaterThan(0);
    expect(lastCall()).toMatchObject({ rpc: 'predict', publisher: 'google', model: 'text-embedding-005' });
    expect(lastCall().body.instances).toEqual([expect.objectContaining({ content: 'one text' })]);
  });

  it('batchEmbedContents is answered from one predict, one embedding per request, in order', async () => {
    const requests = ['first', 'second'].map((text) => ({ model: 'models/vertex-embed', content: { parts: [{ text }] } }));
    const res = await postJson(url('batchEmbedContents'), { requests });
    expect(res.status).toBe(200);
    expect(res.body.embeddings).toHaveLength(2);
    expect(lastCall().rpc).toBe('predict');
    expect(lastCall().body.instances.map((instance: { content: string }) => instance.content)).toEqual(['first', 'second']);
  });
});
