import type http from 'node:http';
import { AnthropicFake, respondAnthropic, type AnthropicBehaviour, type AnthropicRequest } from '../fakes/anthropic-fake';
import { GeminiFake, respondGemini, type GeminiBehaviour, type GeminiRequest } from '../fakes/gemini-fake';
import { OpenAiFake, respondOpenAi, type OpenAiBehaviour, type OpenAiRequest } from '../fakes/openai-fake';
import { respondResponses } from '../fakes/openai-responses';
import { ensurePythonVenv, PYTHON_VENV_SETUP_TIMEOUT_MS } from '../support/python-venv';
import { expectPytestPassed, PYTEST_TIMEOUT_MS, runPytest, type PytestRun } from '../support/run-pytest';
import { startGateway, type TestGateway } from '../support/start-gateway';

/** What the Python clients hold; it must never reach a provider. */
const PLACEHOLDER_KEY = 'placeholder-client-key';
const KEYS = { openai: 'sk-openai-server-held-1', anthropic: 'sk-ant-server-held-2', gemini: 'AIza-server-held-3' };

/**
 * The endpoints the pytest files call, by name. Python cannot program the fakes,
 * so each failure mode gets an endpoint of its own whose configured model the fake's
 * script answers in that one way (see the scripts below). Every model differs from
 * its endpoint's name, so a model seen upstream proves the gateway rewrote it.
 */
const ENDPOINTS = [
  { name: 'gpt-chat', kind: 'chat', provider: 'openai-up', model: 'gpt-4o-mini' },
  { name: 'gpt-tools', kind: 'chat', provider: 'openai-up', model: 'tool-caller' },
  { name: 'gpt-embed', kind: 'embeddings', provider: 'openai-up', model: 'text-embedding-3-small' },
  { name: 'gpt-responses', kind: 'chat', provider: 'openai-up', model: 'gpt-4.1-mini' },
  { name: 'gpt-401', kind: 'chat', provider: 'openai-up', model: 'fail-401' },
  { name: 'gpt-429', kind: 'chat', provider: 'openai-up', model: 'fail-429' },
  { name: 'gpt-500', kind: 'chat', provider: 'openai-up', model: 'fail-500' },
  { name: 'gpt-reset', kind: 'chat', provider: 'openai-up', model: 'reset-mid-stream' },
  { name: 'claude', kind: 'chat', provider: 'claude-up', model: 'claude-haiku-4-5' },
  { name: 'claude-tools', kind: 'chat', provider: 'claude-up', model: 'tool-user' },
  { name: 'claude-401', kind: 'chat', provider: 'claude-up', model: 'fail-401' },
  { name: 'claude-429', kind: 'chat', provider: 'claude-up', model: 'fail-429' },
  { name: 'claude-500', kind: 'chat', provider: 'claude-up', model: 'fail-500' },
  { name: 'claude-reset', kind: 'chat', provider: 'claude-up', model: 'reset-mid-stream' },
  { name: 'gem', kind: 'chat', provider: 'gemini-up', model: 'gemini-2.5-flash' },
  { name: 'gem-tools', kind: 'chat', provider: 'gemini-up', model: 'function-caller' },
  { name: 'gem-401', kind: 'chat', provider: 'gemini-up', model: 'fail-401' },
  { name: 'gem-429', kind: 'chat', provider: 'gemini-up', model: 'fail-429' },
  { name: 'gem-500', kind: 'chat', provider: 'gemini-up', model: 'fail-500' },
  { name: 'gem-reset', kind: 'chat', provider: 'gemini-up', model: 'reset-mid-stream' },
];
const modelsOf = (provider: string) => ENDPOINTS.filter((e) => e.provider === provider).map((e) => e.model).sort();

/** Several pieces with a pause between them, so the reset lands while the client is reading. */
const RESET_AFTER_TWO = { resetAfter: 2, intervalMs: 10 };

function openAiScript(req: OpenAiRequest): OpenAiBehaviour | undefined {
  switch (req.body?.model) {
    case 'fail-401':
      return respondOpenAi.status(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key', param: null } });
    case 'fail-429':
      return respondOpenAi.status(429, { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded', param: null } }, { 'retry-after': '3' });
    case 'fail-500':
      return respondOpenAi.status(500, { error: { message: 'The server had an error', type: 'server_error', code: null, param: null } });
    case 'reset-mid-stream':
      return respondOpenAi.stream(['a', 'b', 'c', 'd'], RESET_AFTER_TWO);
    case 'tool-caller':
      return respondOpenAi.stream([], { toolCall: { name: 'lookup', args: ['{"q":', '"x"}'] } });
  }
  // Everything else gets the fake's default answer, but for a Responses stream in two pieces.
  return req.kind === 'responses' && req.body?.stream ? respondResponses.stream(['Hel', 'lo']) : undefined;
}

function anthropicScript(req: AnthropicRequest): AnthropicBehaviour | undefined {
  switch (req.body?.model) {
    case 'fail-401':
      return respondAnthropic.error(401, 'authentication_error', 'invalid x-api-key');
    case 'fail-429':
      return respondAnthropic.error(429, 'rate_limit_error', 'slow down', { 'retry-after': '2' });
    case 'fail-500':
      return respondAnthropic.error(500, 'api_error', 'Internal server error');
    case 'reset-mid-stream':
      return respondAnthropic.stream(['a', 'b', 'c', 'd'], RESET_AFTER_TWO);
    case 'tool-user':
      return respondAnthropic.stream(['Let me check.'], { toolUse: { id: 'toolu_py_1', name: 'get_weather', inputJson: ['{"city":', ' "Paris"}'] } });
  }
  return undefined;
}

function geminiScript(req: GeminiRequest): GeminiBehaviour | undefined {
  switch (req.model) {
    case 'fail-401':
      return respondGemini.error(401, 'UNAUTHENTICATED', 'API key not valid. Please pass a valid API key.');
    case 'fail-429':
      return respondGemini.error(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).');
    case 'fail-500':
      return respondGemini.error(500, 'INTERNAL', 'An internal error has occurred.');
    case 'reset-mid-stream':
      return respondGemini.stream(['a', 'b', 'c', 'd'], RESET_AFTER_TWO);
    case 'function-caller':
      return respondGemini.generate({ text: null, functionCall: { name: 'get_weather', args: { city: 'Paris' } } });
  }
  return undefined;
}

/** A request as sent upstream, reduced to what the credential checks read. */
interface Sent {
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** The request target, query string included. */
  path: string;
}

function expectNoPlaceholder(requests: Sent[]): void {
  for (const request of requests) {
    expect(JSON.stringify(request.headers)).not.toContain(PLACEHOLDER_KEY);
    expect(request.rawBody).not.toContain(PLACEHOLDER_KEY);
    expect(request.path).not.toContain(PLACEHOLDER_KEY);
  }
}

/**
 * The official Python SDKs (openai, anthropic, google-genai), each with a
 * placeholder key, against the vendor-shaped passthrough routes. The pytest
 * files check what the SDKs see; this file checks what reached the providers.
 */
describe('official Python SDKs on the passthrough routes', () => {
  let openai: OpenAiFake;
  let anthropic: AnthropicFake;
  let gemini: GeminiFake;
  let gw: TestGateway;
  const runs: Record<string, PytestRun> = {};

  // One setup, pytest included: a failed venv or gateway start then reports once, not again as a crash in a later hook.
  beforeAll(async () => {
    const python = await ensurePythonVenv();
    // Python cannot queue behaviours, so each fake's script picks the failure mode by the model.
    [openai, anthropic, gemini] = await Promise.all([OpenAiFake.start({ script: openAiScript }), AnthropicFake.start({ script: anthropicScript }), GeminiFake.start({ script: geminiScript })]);
    gw = await startGateway(`
providers:
  openai-up: { type: openai, base_url: "${openai.baseUrl}", api_key: "${KEYS.openai}" }
  claude-up: { type: anthropic, base_url: "${anthropic.baseUrl}", api_key: "${KEYS.anthropic}" }
  gemini-up: { type: gemini, base_url: "${gemini.baseUrl}", api_key: "${KEYS.gemini}" }
endpoints:
${ENDPOINTS.map((e) => `  - { name: ${e.name}, kind: ${e.kind}, provider: ${e.provider}, model: ${e.model} }`).join('\n')}
`);
    // Each file talks to a fake of its own, so they can run side by side.
    const files = ['test_openai_passthrough.py', 'test_anthropic_passthrough.py', 'test_gemini_passthrough.py'];
    const results = await Promise.all(files.map((file) => runPytest(python, file, { GATEWAY_URL: gw.url, PLACEHOLDER_KEY })));
    files.forEach((file, i) => (runs[file] = results[i]));
  }, PYTHON_VENV_SETUP_TIMEOUT_MS + PYTEST_TIMEOUT_MS);

  afterAll(async () => {
    await gw?.close();
    await Promise.all([openai?.close(), anthropic?.close(), gemini?.close()]);
  });

  describe('openai SDK (test_openai_passthrough.py)', () => {
    it('passes under pytest', () => expectPytestPassed(runs['test_openai_passthrough.py']));

    it('every upstream request carried the server key and a configured model, never the placeholder', () => {
      expect(openai.requests.length).toBeGreaterThan(0);
      for (const request of openai.requests) {
        expect(request.headers.authorization).toBe(`Bearer ${KEYS.openai}`);
        expect(modelsOf('openai-up')).toContain(request.body?.model);
      }
      expectNoPlaceholder(openai.requests);
    });

    it('reached every OpenAI endpoint, chat, embeddings and responses', () => {
      expect([...new Set(openai.requests.map((r) => r.body?.model))].sort()).toEqual(modelsOf('openai-up'));
      const paths = new Set(openai.requests.map((r) => r.path));
      expect([...paths].sort()).toEqual(['/v1/chat/completions', '/v1/embeddings', '/v1/responses']);
    });
  });

  describe('anthropic SDK (test_anthropic_passthrough.py)', () => {
    it('passes under pytest', () => expectPytestPassed(runs['test_anthropic_passthrough.py']));

    it('every upstream request carried the server key and a configured model, never the placeholder', () => {
      expect(anthropic.requests.length).toBeGreaterThan(0);
      for (const request of anthropic.requests) {
        expect(request.pathname).toBe('/v1/messages');
        expect(request.headers['x-api-key']).toBe(KEYS.anthropic);
        expect(request.headers.authorization).toBeUndefined();
        expect(modelsOf('claude-up')).toContain(request.body?.model);
      }
      expectNoPlaceholder(anthropic.requests);
      expect([...new Set(anthropic.requests.map((r) => r.body?.model))].sort()).toEqual(modelsOf('claude-up'));
    });
  });

  describe('google-genai SDK (test_gemini_passthrough.py)', () => {
    it('passes under pytest', () => expectPytestPassed(runs['test_gemini_passthrough.py']));

    it('every upstream request carried the server key and a configured model, never the placeholder nor a ?key=', () => {
      expect(gemini.requests.length).toBeGreaterThan(0);
      for (const request of gemini.requests) {
        expect(request.headers['x-goog-api-key']).toBe(KEYS.gemini);
        expect(request.query.key).toBeUndefined();
        expect(modelsOf('gemini-up')).toContain(request.model);
        // The model travels in the path; the body must not name one of its own.
        expect(request.body?.model).toBeUndefined();
      }
      expectNoPlaceholder(gemini.requests);
      expect([...new Set(gemini.requests.map((r) => r.model))].sort()).toEqual(modelsOf('gemini-up'));
      expect(new Set(gemini.requests.map((r) => r.rpc))).toEqual(new Set(['generateContent', 'streamGenerateContent', 'countTokens']));
      // The Python SDK defaults to v1; one test addresses v1beta. Each call kept its version.
      expect(new Set(gemini.requests.map((r) => r.apiVersion))).toEqual(new Set(['v1', 'v1beta']));
    });
  });
});
