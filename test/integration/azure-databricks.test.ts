import OpenAI from 'openai';
import { OpenAiFake } from '../fakes/openai-fake';
import { respondResponses } from '../fakes/openai-responses';
import { startGateway, type TestGateway } from '../support/start-gateway';
import { readChatStream } from '../support/read-chat-stream';

const AZURE_KEY = 'azure-server-key-31';
const DATABRICKS_TOKEN = 'dapi-server-token-57';
const CLIENT_KEY = 'placeholder-client-key';

/**
 * Azure OpenAI and Databricks over real HTTP: one OpenAI fake stands in for the Azure
 * resource and the Databricks workspace (it serves each API under any prefix), and the tests
 * check the path, the credential header and the body's model each provider received,
 * through the unified OpenAI-compatible route and the OpenAI passthrough route.
 */
describe('azure-openai and databricks providers', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start({ basePath: '', paths: { chat: /\/chat\/completions$/, embeddings: /\/embeddings$/, responses: /\/responses$/ } });
    const base = upstream.baseUrl;
    gw = await startGateway(`
providers:
  az: { type: azure-openai, base_url: "${base}", api_key: "${AZURE_KEY}" }
  az-v1: { type: azure-openai, base_url: "${base}/", api_key: "${AZURE_KEY}", api_style: v1 }
  az-fixed: { type: azure-openai, base_url: "${base}", api_key: "${AZURE_KEY}", deployment: fixed-deploy, api_version: 2025-04-01-preview }
  dbx: { type: databricks, base_url: "${base}", api_key: "${DATABRICKS_TOKEN}" }
endpoints:
  - { name: az-chat, kind: chat, provider: az, model: my-deploy }
  - { name: az-embed, kind: embeddings, provider: az, model: my-embed-deploy }
  - { name: az-v1-chat, kind: chat, provider: az-v1, model: my-v1-deploy }
  - { name: az-v1-embed, kind: embeddings, provider: az-v1, model: my-v1-embed }
  - { name: az-fixed-chat, kind: chat, provider: az-fixed, model: gpt-4o }
  - { name: az-fixed-embed, kind: embeddings, provider: az-fixed, model: text-embedding-3-small }
  - { name: dbx-chat, kind: chat, provider: dbx, model: databricks-claude-sonnet-4-5 }
  - { name: dbx-embed, kind: embeddings, provider: dbx, model: databricks-gte-large-en }
`);
  });
  afterAll(async () => {
    await gw.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const ROUTES = { unified: '/gateway/native/v1', passthrough: '/gateway/openai/v1' } as const;
  type Route = keyof typeof ROUTES;
  const client = (route: Route) => new OpenAI({ apiKey: CLIENT_KEY, baseURL: `${gw.url}${ROUTES[route]}`, maxRetries: 0 });

  function expectAzureKey() {
    expect(upstream.last.headers['api-key']).toBe(AZURE_KEY);
    expect(upstream.last.headers.authorization).toBeUndefined();
    expectNoClientKey();
  }
  function expectDatabricksToken() {
    expect(upstream.last.headers.authorization).toBe(`Bearer ${DATABRICKS_TOKEN}`);
    expect(upstream.last.headers['api-key']).toBeUndefined();
    expectNoClientKey();
  }
  function expectNoClientKey() {
    expect(JSON.stringify(upstream.last.headers)).not.toContain(CLIENT_KEY);
    expect(upstream.last.rawBody).not.toContain(CLIENT_KEY);
  }

  async function chat(route: Route, endpoint: string): Promise<string> {
    const completion = await client(route).chat.completions.create({ model: endpoint, messages: [{ role: 'user', content: 'Hello' }] });
    return String(completion.choices[0].message.content);
  }
  async function streamChat(route: Route, endpoint: string): Promise<string> {
    const stream = await client(route).chat.completions.create({ model: endpoint, messages: [{ role: 'user', content: 'Hi' }], stream: true });
    return (await readChatStream(stream)).text;
  }
  async function embed(route: Route, endpoint: string): Promise<number[]> {
    return (await client(route).embeddings.create({ model: endpoint, input: 'one' })).data[0].embedding;
  }

  describe.each(['unified', 'passthrough'] as const)('Azure OpenAI through the %s route', (route) => {
    it('chat goes to the deployment path with the api-version and the api-key header', async () => {
      expect(await chat(route, 'az-chat')).toBe('reply to: Hello');
      expect(upstream.last.path).toBe('/openai/deployments/my-deploy/chat/completions?api-version=2024-10-21');
      expect(upstream.last.body.model).toBe('my-deploy');
      expectAzureKey();
    });

    it('streams', async () => {
      expect(await streamChat(route, 'az-chat')).toBe('Hello from upstream');
      expect(upstream.last.path).toBe('/openai/deployments/my-deploy/chat/completions?api-version=2024-10-21');
      expect(upstream.last.body.stream).toBe(true);
      expectAzureKey();
    });

    it('embeddings go to the embedding deployment', async () => {
      expect(await embed(route, 'az-embed')).toEqual([0.25, -0.5, 0.125]);
      expect(upstream.last.path).toBe('/openai/deployments/my-embed-deploy/embeddings?api-version=2024-10-21');
      expect(upstream.last.body.model).toBe('my-embed-deploy');
      expectAzureKey();
    });

    it('api_style v1: {base}/openai/v1/{operation}, the deployment in the body, no api-version', async () => {
      expect(await chat(route, 'az-v1-chat')).toBe('reply to: Hello');
      expect(upstream.last.path).toBe('/openai/v1/chat/completions');
      expect(upstream.last.body.model).toBe('my-v1-deploy');
      expectAzureKey();
      expect(await streamChat(route, 'az-v1-chat')).toBe('Hello from upstream');
      expect(upstream.last.path).toBe('/openai/v1/chat/completions');
      expect(await embed(route, 'az-v1-embed')).toEqual([0.25, -0.5, 0.125]);
      expect(upstream.last.path).toBe('/openai/v1/embeddings');
      expect(upstream.last.body.model).toBe('my-v1-embed');
    });

    it('a connection-level deployment is only a default: each endpoint\'s model names its deployment; api_version applies', async () => {
      await chat(route, 'az-fixed-chat');
      expect(upstream.last.path).toBe('/openai/deployments/gpt-4o/chat/completions?api-version=2025-04-01-preview');
      expect(upstream.last.body.model).toBe('gpt-4o');
      expectAzureKey();
      await embed(route, 'az-fixed-embed');
      expect(upstream.last.path).toBe('/openai/deployments/text-embedding-3-small/embeddings?api-version=2025-04-01-preview');
      expect(upstream.last.body.model).toBe('text-embedding-3-small');
    });
  });

  describe.each(['unified', 'passthrough'] as const)('Databricks through the %s route', (route) => {
    it('chat goes to /serving-endpoints/chat/completions with the serving endpoint as model and a bearer token', async () => {
      expect(await chat(route, 'dbx-chat')).toBe('reply to: Hello');
      expect(upstream.last.path).toBe('/serving-endpoints/chat/completions');
      expect(upstream.last.body.model).toBe('databricks-claude-sonnet-4-5');
      expectDatabricksToken();
    });

    it('streams', async () => {
      expect(await streamChat(route, 'dbx-chat')).toBe('Hello from upstream');
      expect(upstream.last.path).toBe('/serving-endpoints/chat/completions');
      expectDatabricksToken();
    });

    it('embeddings go to /serving-endpoints/embeddings', async () => {
      expect(await embed(route, 'dbx-embed')).toEqual([0.25, -0.5, 0.125]);
      expect(upstream.last.path).toBe('/serving-endpoints/embeddings');
      expect(upstream.last.body.model).toBe('databricks-gte-large-en');
      expectDatabricksToken();
    });
  });

  describe('Responses passthrough', () => {
    it('Azure serves it at /openai/v1/responses (no deployment path exists), the deployment as model', async () => {
      upstream.enqueue(respondResponses.response());
      const response = await client('passthrough').responses.create({ model: 'az-chat', input: 'Hello' });
      expect(response.output_text).toBe('reply to: Hello');
      expect(upstream.last.path).toBe('/openai/v1/responses');
      expect(upstream.last.body.model).toBe('my-deploy');
      expectAzureKey();
    });

    it('Databricks serves it at /serving-endpoints/responses', async () => {
      upstream.enqueue(respondResponses.response());
      await client('passthrough').responses.create({ model: 'dbx-chat', input: 'Hello' });
      expect(upstream.last.path).toBe('/serving-endpoints/responses');
      expect(upstream.last.body.model).toBe('databricks-claude-sonnet-4-5');
      expectDatabricksToken();
    });
  });

  it('an upstream error keeps its status and never shows the server key', async () => {
    upstream.enqueue((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'DeploymentNotFound', message: `The API deployment for this resource does not exist (key ${AZURE_KEY}).` } }));
    });
    const error = (await client('unified').chat.completions.create({ model: 'az-chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.message).toContain('does not exist');
    expect(error.message).not.toContain(AZURE_KEY);
  });
});

describe('azure-openai and databricks config', () => {
  const problemsOf = (config: string) => startGateway(config).then(
    async (gw) => {
      await gw.close();
      return [] as string[];
    },
    (error: { problems?: string[] }) => error.problems ?? [],
  );

  it('a named connection without base_url is a config error, as is a base_url that already has the API path', async () => {
    expect(await problemsOf(`
providers:
  az: { type: azure-openai, api_key: x }
  dbx: { type: databricks, base_url: "https://w.cloud.databricks.com/serving-endpoints" }
endpoints:
  - { name: a, kind: chat, provider: az, model: d }
  - { name: b, kind: chat, provider: dbx, model: e }
`)).toEqual([
      'providers.az.base_url: required (expected string)',
      'providers.dbx.base_url: give the workspace URL without /serving-endpoints (the gateway adds the path)',
    ]);
  });

  it('an implicit provider: azure-openai (or databricks) is a config error naming base_url', async () => {
    expect(await problemsOf(`
endpoints:
  - { name: a, kind: chat, provider: azure-openai, model: d }
  - { name: b, kind: embeddings, provider: databricks, model: e }
`)).toEqual([
      'endpoints[0].provider: base_url is required for provider type "azure-openai"; name a connection under providers: that sets it',
      'endpoints[1].provider: base_url is required for provider type "databricks"; name a connection under providers: that sets it',
    ]);
  });
});
