import { OpenAiFake } from '../fakes/openai-fake';
import { postJson, readSseData, startGateway, type TestGateway } from '../support/start-gateway';

/**
 * `mlflow` as an alias of `native` on every unified route, and the routes MLflow's
 * deployments client calls, through a real gateway in front of the OpenAI fake. The alias
 * must answer exactly as the native route does, errors included.
 */

const CONFIG = (upstream: string) => `
providers:
  up: { type: openai, base_url: "${upstream}", api_key: "sk-mlflow-routes-0123456789" }
endpoints:
  - { name: my-chat, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: my-embed, kind: embeddings, provider: up, model: text-embedding-3-small }
  - { name: demo, kind: chat, provider: mock, model: echo }
`;

/** A body without the fields that differ per call (ids and timestamps), at any depth. */
function withoutIds(value: any): any {
  if (Array.isArray(value)) return value.map(withoutIds);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'id' && k !== 'created' && k !== 'created_at').map(([k, v]) => [k, withoutIds(v)]));
}

/** The parts of an answer that must match between the native route and its alias. */
function comparable(result: { status: number; body: any; headers: Headers }) {
  return { status: result.status, body: withoutIds(result.body), contentType: result.headers.get('content-type'), target: result.headers.get('x-gateway-target') };
}

describe('MLflow routes', () => {
  let upstream: OpenAiFake;
  let gw: TestGateway;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGateway(CONFIG(upstream.baseUrl));
  });
  afterAll(async () => {
    await gw?.close();
    await upstream?.close();
  });

  describe('`mlflow` is an alias of `native`', () => {
    const chat = { messages: [{ role: 'user', content: 'same answer please' }] };
    const cases: Array<[string, string, string, unknown]> = [
      ['chat invocations', '/gateway/my-chat/native/invocations', '/gateway/my-chat/mlflow/invocations', chat],
      ['embeddings invocations', '/gateway/my-embed/native/invocations', '/gateway/my-embed/mlflow/invocations', { input: ['alpha', 'beta'] }],
      ['chat completions', '/gateway/native/v1/chat/completions', '/gateway/mlflow/v1/chat/completions', { model: 'my-chat', ...chat }],
      ['embeddings', '/gateway/native/v1/embeddings', '/gateway/mlflow/v1/embeddings', { model: 'my-embed', input: 'alpha' }],
      ['responses', '/gateway/native/v1/responses', '/gateway/mlflow/v1/responses', { model: 'demo', input: 'hi' }],
      // Errors: an unknown endpoint, the wrong body for the endpoint's kind, a bad parameter, invalid JSON.
      ['unknown endpoint (path)', '/gateway/nope/native/invocations', '/gateway/nope/mlflow/invocations', chat],
      ['unknown endpoint (model)', '/gateway/native/v1/chat/completions', '/gateway/mlflow/v1/chat/completions', { model: 'nope', ...chat }],
      ['chat body to an embeddings endpoint', '/gateway/native/v1/chat/completions', '/gateway/mlflow/v1/chat/completions', { model: 'my-embed', ...chat }],
      ['out-of-range temperature', '/gateway/my-chat/native/invocations', '/gateway/my-chat/mlflow/invocations', { ...chat, temperature: 7 }],
      ['invalid JSON', '/gateway/native/v1/chat/completions', '/gateway/mlflow/v1/chat/completions', '{"model": "my-chat", '],
    ];

    it.each(cases)('%s: the alias answers as the native route does', async (_name, nativePath, aliasPath, body) => {
      const native = await postJson(`${gw.url}${nativePath}`, body);
      const alias = await postJson(`${gw.url}${aliasPath}`, body);
      expect(comparable(alias)).toEqual(comparable(native));
      expect(alias.headers.get('x-request-id')).toBeTruthy();
    });

    it('answers the chat alias from the provider, not from a copy: the upstream saw both calls', async () => {
      upstream.reset();
      const alias = await postJson(`${gw.url}/gateway/mlflow/v1/chat/completions`, { model: 'my-chat', messages: [{ role: 'user', content: 'through the alias' }] });
      expect(alias.status).toBe(200);
      expect(alias.body.choices[0].message.content).toBe('reply to: through the alias');
      expect(upstream.requests).toHaveLength(1);
      expect(upstream.last.body.model).toBe('gpt-4o-mini');
    });

    it('streams on the alias as on the native route', async () => {
      const response = await fetch(`${gw.url}/gateway/mlflow/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'my-chat', stream: true, messages: [{ role: 'user', content: 'stream' }] }),
      });
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const events = await readSseData(response);
      expect(events[events.length - 1]).toBe('[DONE]');
      const text = events.slice(0, -1).map((e) => JSON.parse(e).choices[0]?.delta?.content ?? '').join('');
      expect(text).toBe('Hello from upstream');
    });

    it('lists the same models on both routes', async () => {
      const native = await (await fetch(`${gw.url}/gateway/native/v1/models`)).json();
      const alias: any = await (await fetch(`${gw.url}/gateway/mlflow/v1/models`)).json();
      expect(alias).toEqual(native);
      expect(alias.data.map((m: any) => m.id)).toEqual(['my-chat', 'my-embed', 'demo']);
      const one = await fetch(`${gw.url}/gateway/mlflow/v1/models/my-embed`);
      expect(await one.json()).toMatchObject({ id: 'my-embed', kind: 'embeddings' });
      expect((await fetch(`${gw.url}/gateway/mlflow/v1/models/nope`)).status).toBe(404);
    });
  });

  describe("the deployments client's routes", () => {
    it('lists every endpoint in the shape the client parses, on one page', async () => {
      for (const path of ['/api/2.0/endpoints/', '/api/2.0/endpoints']) {
        const response = await fetch(`${gw.url}${path}`);
        expect(response.status).toBe(200);
        const body: any = await response.json();
        expect(body).not.toHaveProperty('next_page_token');
        expect(body.endpoints).toEqual([
          { name: 'my-chat', endpoint_type: 'llm/v1/chat', model: { name: 'gpt-4o-mini', provider: 'openai' }, endpoint_url: '/gateway/my-chat/mlflow/invocations', limit: null },
          { name: 'my-embed', endpoint_type: 'llm/v1/embeddings', model: { name: 'text-embedding-3-small', provider: 'openai' }, endpoint_url: '/gateway/my-embed/mlflow/invocations', limit: null },
          { name: 'demo', endpoint_type: 'llm/v1/chat', model: { name: 'echo', provider: 'mock' }, endpoint_url: '/gateway/demo/mlflow/invocations', limit: null },
        ]);
      }
    });

    it('gets one endpoint, and 404s an unknown one', async () => {
      const one = await fetch(`${gw.url}/api/2.0/endpoints/my-embed`);
      expect(await one.json()).toMatchObject({ name: 'my-embed', endpoint_type: 'llm/v1/embeddings' });
      const missing = await fetch(`${gw.url}/api/2.0/endpoints/nope`);
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as any).error).toMatchObject({ code: 'endpoint_not_found', message: 'Endpoint "nope" does not exist.' });
    });

    it('serves predict on /endpoints/{name}/invocations: chat and embeddings by the endpoint kind', async () => {
      const chat = await postJson(`${gw.url}/endpoints/my-chat/invocations`, { messages: [{ role: 'user', content: 'predict me' }], temperature: 0.1 });
      expect(chat.status).toBe(200);
      expect(chat.body).toMatchObject({ object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: 'reply to: predict me' }, finish_reason: 'stop' }] });
      expect(chat.body.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 });
      const embed = await postJson(`${gw.url}/endpoints/my-embed/invocations`, { input: ['alpha', 'beta'] });
      expect(embed.status).toBe(200);
      expect(embed.body.data.map((d: any) => d.index)).toEqual([0, 1]);
      const missing = await postJson(`${gw.url}/endpoints/nope/invocations`, { messages: [{ role: 'user', content: 'x' }] });
      expect(missing.status).toBe(404);
      // MLflow's legacy completions body has no endpoint kind here.
      const completions = await postJson(`${gw.url}/endpoints/my-chat/invocations`, { prompt: 'It is one small step for' });
      expect(completions.status).toBe(400);
      expect(completions.body.error.param).toBe('messages');
    });
  });
});
