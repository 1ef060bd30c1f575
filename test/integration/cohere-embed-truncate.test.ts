import { COHERE_TRUNCATE } from '../../plugins/provider-cohere/src/cohere-facts';
import { CohereFake } from '../fakes/cohere-fake';
import { postJson, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * Cohere embed's `truncate`, from an OpenAI-format client, over real HTTP. Every value the
 * gateway relays reaches the Cohere fake, whose request oracle holds the body to the cohere
 * SDK's own embed parameters (a value the SDK does not list is a 400 there); any other value
 * is the gateway's 400 naming the field, with no upstream call. Before, any string was relayed.
 */
describe("Cohere embed's truncate", () => {
  let cohere: CohereFake;
  let gw: TestGateway;

  beforeAll(async () => {
    cohere = await CohereFake.start();
    gw = await startGateway(`
providers:
  co: { type: cohere, base_url: "${cohere.baseUrl}", api_key: co-truncate-key-1234 }
endpoints:
  - { name: co-embed, kind: embeddings, provider: co, model: embed-v4.0 }
`);
  });
  afterAll(async () => {
    await gw?.close();
    await cohere?.close();
  });
  beforeEach(() => cohere.reset());

  const embed = (truncate: unknown) => postJson(`${gw.url}/gateway/openai/v1/embeddings`, { model: 'co-embed', input: ['a text'], truncate });

  it.each(COHERE_TRUNCATE)('relays %s, which the cohere SDK takes', async (value) => {
    const res = await embed(value);
    expect(res.status).toBe(200);
    expect(cohere.last.body.truncate).toBe(value);
  });

  it('refuses a value Cohere v2 does not take, naming the field, with no upstream call', async () => {
    const res = await embed('LEFT');
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('truncate');
    expect(cohere.requests).toHaveLength(0);
  });
});
