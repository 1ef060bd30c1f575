import type { OpenAiFake } from '../fakes/openai-fake';
import { BROWSER_TEST_TIMEOUT_MS, type BrowserSession } from '../support/browser';
import type { GatewayProcess } from '../support/gateway-process';
import { installLineOf, runShellSnippet, runSnippetAsShown } from '../support/run-snippet';
import { exampleInstallLines, prepareSnippetEnvs, SNIPPET_ENVS_SETUP_TIMEOUT_MS } from '../support/snippet-envs';
import { labelled, startUiGateway, stopUiGateway } from '../support/ui-gateway';

/**
 * The UI in a real Chromium against a gateway process whose endpoints come from its
 * YAML file, served by a fake OpenAI upstream: the list, the Use dialog (each example
 * copied or read from the page and run as written), Try it, the endpoint page, the
 * usage dashboard and the create form's provider and model pickers.
 */

const PROVIDER_KEY = 'sk-fake-provider-key-4f9d2c7a1b';
const ANSWER = 'reply to: Hello!';
const STREAMED = 'Hello from upstream';

const config = (upstream: string) => `providers:
  up: { type: openai, base_url: "${upstream}", api_key: "${PROVIDER_KEY}" }
endpoints:
  - { name: chat-a, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: embed-a, kind: embeddings, provider: up, model: text-embedding-3-small }
`;

describe('web UI on config endpoints (Chromium)', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let session: BrowserSession;

  beforeAll(async () => {
    // Each example runs in a fresh environment holding only what its install line installs: made here, once per run.
    await prepareSnippetEnvs(exampleInstallLines());
    ({ upstream, gw, session } = await startUiGateway({ prefix: 'ui-config-', config }));
  }, SNIPPET_ENVS_SETUP_TIMEOUT_MS);

  afterAll(() => stopUiGateway({ session, gw, upstream }));

  const page = () => session.page;

  it('lists the endpoints with their kind and source, each with a Use button', async () => {
    await session.open('/');
    expect(page().url()).toBe(`${gw.url}/ui/`);
    const table = page().getByRole('table', { name: /Endpoints/ });
    await table.getByRole('row', { name: /chat-a/ }).waitFor();
    const chat = table.getByRole('row', { name: /chat-a/ });
    expect(await chat.getByRole('cell').nth(0).textContent()).toBe('chat');
    expect(await chat.textContent()).toContain('Config file');
    expect(await table.getByRole('row', { name: /embed-a/ }).getByRole('cell').nth(0).textContent()).toBe('embeddings');
    expect(await chat.getByRole('button', { name: 'Use' }).isVisible()).toBe(true);
    expect(await page().getByRole('button', { name: 'Create endpoint' }).isVisible()).toBe(true);
    await session.screenshot('endpoints-list');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('opens the Use dialog; the copied cURL example runs and gets the provider\'s answer', async () => {
    await page().getByRole('table').getByRole('row', { name: /chat-a/ }).getByRole('button', { name: 'Use' }).click();
    const dialog = page().getByRole('dialog', { name: 'Use endpoint chat-a' });
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: 'Unified APIs' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('heading', { name: 'Passthrough APIs' }).isVisible()).toBe(true);
    await session.screenshot('use-dialog');

    const example = dialog.getByRole('article', { name: 'OpenAI-compatible chat' });
    await example.getByRole('button', { name: /Copy/ }).click();
    await example.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const copied = await session.clipboard();
    expect(copied).toContain(`curl -s '${gw.url}/gateway/native/v1/chat/completions'`);
    const run = await runShellSnippet(copied);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).choices[0].message.content).toBe(ANSWER);
    expect(upstream.last.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  }, BROWSER_TEST_TIMEOUT_MS);

  it.each([
    ['chat-a', 7, ['Native invocations', 'OpenAI-compatible chat', 'OpenAI Chat Completions', 'OpenAI Responses', 'Anthropic Messages', 'Gemini generateContent', 'Gemini streamGenerateContent']],
    ['embed-a', 4, ['Native invocations', 'OpenAI-compatible embeddings', 'OpenAI Embeddings', 'Gemini embedContent']],
  ])('shows %s\'s %d examples, and each Python and JavaScript snippet runs as written, in a fresh environment holding only what its install line installs', async (name, count, titles) => {
    await session.open('/');
    await page().getByRole('table').getByRole('row', { name: new RegExp(`${name}`) }).getByRole('button', { name: 'Use' }).click();
    const dialog = page().getByRole('dialog', { name: `Use endpoint ${name}` });
    await dialog.waitFor();
    const examples = dialog.getByRole('article');
    expect(await examples.count()).toBe(count);
    const shown = await Promise.all(Array.from({ length: count }, (_v, i) => examples.nth(i).getByRole('heading').textContent()));
    expect(shown).toEqual(titles);

    for (const language of ['Python', 'JavaScript'] as const) {
      await dialog.getByRole('radio', { name: language }).check();
      for (let i = 0; i < count; i++) {
        const code = (await examples.nth(i).locator('pre').textContent()) ?? '';
        const run = await runSnippetAsShown(language === 'Python' ? 'python' : 'javascript', installLineOf(await examples.nth(i).locator('.example-install').textContent()), code);
        const expected = name === 'embed-a' ? /^3 dimensions$/m : titles[i].includes('stream') ? new RegExp(STREAMED) : new RegExp(`^${ANSWER}$`, 'm');
        if (run.code !== 0 || !expected.test(run.stdout)) throw new Error(`${language} example "${titles[i]}" of ${name} failed (exit ${run.code}):\n${code}\n---\n${run.output}`);
      }
      // Each language's install notes, as shown: accessible, and within a phone's width.
      expect(await session.accessibilityViolations()).toEqual([]);
      await session.resize('phone');
      expect(await session.horizontalOverflow()).toBe(0);
      expect(await session.accessibilityViolations()).toEqual([]);
      await session.resize('desktop');
    }
    await dialog.getByRole('radio', { name: 'Python' }).check();
    await session.screenshot(`use-dialog-python-${name}`);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 180_000);

  it('sends a request from Try it and shows the answer, the status, the latency and the Server-Timing split', async () => {
    await session.open('/');
    await page().getByRole('table').getByRole('row', { name: /chat-a/ }).getByRole('button', { name: 'Use' }).click();
    const dialog = page().getByRole('dialog', { name: 'Use endpoint chat-a' });
    await dialog.getByRole('tab', { name: 'Try it' }).click();
    await dialog.getByRole('combobox', { name: 'API style' }).selectOption({ label: 'OpenAI-compatible chat' });
    const body = dialog.getByRole('textbox', { name: 'Request body (JSON)' });
    expect(JSON.parse(await body.inputValue())).toEqual({ model: 'chat-a', messages: [{ role: 'user', content: 'Hello!' }] });
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const result = dialog.getByRole('region', { name: 'Response' });
    await result.getByText('200 OK').waitFor();
    expect(await result.textContent()).toContain(ANSWER);
    expect(await result.textContent()).toMatch(/gateway [\d.]+ ms · upstream [\d.]+ ms/);
    expect(await result.textContent()).toMatch(/Latency\s*[\d.]+ (ms|s)/);
    await session.screenshot('try-it');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('shows a streamed answer as text as it arrives, and a bad JSON body next to the body field', async () => {
    const dialog = page().getByRole('dialog', { name: 'Use endpoint chat-a' });
    await dialog.getByRole('checkbox', { name: 'Stream the answer' }).check();
    const body = dialog.getByRole('textbox', { name: 'Request body (JSON)' });
    expect(JSON.parse(await body.inputValue()).stream).toBe(true);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const result = dialog.getByRole('region', { name: 'Response' });
    await result.locator('.streamed-text').getByText(STREAMED).waitFor();
    expect(await result.locator('.streamed-text').textContent()).toBe(STREAMED);
    await session.screenshot('try-it-streamed');

    await body.fill('{"model": ');
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const error = dialog.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toContain('Not valid JSON');
    expect(await body.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, BROWSER_TEST_TIMEOUT_MS);

  it("shows an endpoint's page with its examples and its usage", async () => {
    await session.open('/');
    // The name opens the Use dialog, which links to the endpoint's page.
    await page().getByRole('table').getByRole('button', { name: 'chat-a' }).click();
    await page().getByRole('dialog', { name: 'Use endpoint chat-a' }).getByRole('link', { name: 'Open endpoint page' }).click();
    await page().getByRole('heading', { name: 'chat-a', level: 1 }).waitFor();
    expect(page().url()).toBe(`${gw.url}/ui/endpoints/chat-a`);
    await page().getByRole('heading', { name: 'Use examples' }).waitFor();
    const usage = page().getByRole('region', { name: 'Usage' });
    // The calls made above (snippets and Try it) are counted.
    await usage.locator('.stat-card').first().getByText(/^[1-9]\d*$/).waitFor();
    await session.screenshot('endpoint-page');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('shows the usage dashboard over all endpoints and one, with the top endpoints by cost', async () => {
    for (const [name, path, body] of [
      ['chat-a', 'chat/completions', { messages: [{ role: 'user', content: 'count me' }] }],
      ['embed-a', 'embeddings', { input: 'count me' }],
    ] as const) {
      const res = await fetch(`${gw.url}/gateway/native/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: name, ...body }) });
      expect(res.status).toBe(200);
    }
    await session.open('/usage');
    const top = page().getByRole('table', { name: 'Top endpoints by cost' });
    await top.getByRole('row', { name: /chat-a/ }).waitFor();
    await top.getByRole('row', { name: /embed-a/ }).waitFor();
    const rows = await top.getByRole('row').allTextContents();
    // Sorted by cost: chat-a's answers are priced (gpt-4o-mini), the embeddings cheaper.
    expect(rows[1]).toContain('chat-a');
    expect(await page().getByRole('img', { name: /Requests and errors: \d+ requests/ }).count()).toBe(1);
    for (const range of ['Last day', 'Last week']) {
      await page().getByRole('radio', { name: range }).check();
      await top.getByRole('row', { name: /chat-a/ }).waitFor();
    }
    await page().getByRole('combobox', { name: 'Endpoint' }).selectOption('embed-a');
    await page().getByRole('region', { name: 'Usage of embed-a' }).waitFor();
    await page().getByRole('radio', { name: 'Last hour' }).check();
    await page().getByRole('combobox', { name: 'Endpoint' }).selectOption('');
    await session.screenshot('usage-dashboard');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('offers every provider type in a searchable Provider combobox, with each type\'s own credential fields', async () => {
    await session.open('/endpoints/new');
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    const options = page().getByRole('listbox').getByRole('option');
    await options.first().waitFor();
    expect(await options.count()).toBeGreaterThan(90);
    expect((await options.nth(0).textContent())?.startsWith('OpenAI')).toBe(true);
    expect((await options.nth(1).textContent())?.startsWith('Anthropic')).toBe(true);

    await provider.fill('azure');
    await page().getByRole('option', { name: /Azure OpenAI/ }).click();
    for (const label of ['API key', 'Azure endpoint URL', 'API version', 'Deployment name']) {
      await page().getByLabel(labelled(label)).waitFor();
    }
    expect(await page().getByLabel(labelled('API key')).getAttribute('type')).toBe('password');
    expect(await page().getByLabel(labelled('API version')).inputValue()).toBe('2024-10-21');
    await session.screenshot('create-azure');

    await provider.fill('databricks');
    await page().getByRole('option', { name: /Databricks/ }).click();
    for (const label of ['Personal access token', 'Workspace URL']) await page().getByLabel(labelled(label)).waitFor();
    expect(await page().getByLabel('Azure endpoint URL').count()).toBe(0);
    expect(await page().getByText('The serving endpoint name in your Databricks workspace.').isVisible()).toBe(true);
    expect(await page().getByLabel(labelled('Personal access token')).getAttribute('type')).toBe('password');
    await session.screenshot('create-databricks');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('picks a model from the catalogue with search, capability filter, badges, context window and prices, or a custom name', async () => {
    await session.open('/endpoints/new');
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await page().getByRole('option', { name: /^OpenAI/ }).first().click();
    // The Base URL of an OpenAI connection is optional and shows the default.
    expect(await page().getByLabel(labelled('Base URL')).inputValue()).toBe('https://api.openai.com/v1');

    const model = page().getByRole('combobox', { name: 'Model' });
    await model.click();
    await model.fill('gpt-4o-mini');
    const option = page().getByRole('option', { name: /^gpt-4o-mini\b/ }).first();
    await option.waitFor();
    const text = (await option.textContent()) ?? '';
    expect(text).toContain('Tools');
    expect(text).toContain('128K context');
    expect(text).toContain('$0.15 input · $0.60 output per 1M tokens');
    // Only chat models for a chat endpoint.
    await model.fill('text-embedding');
    await page().getByText('Use custom model').waitFor();
    expect(await page().getByRole('option', { name: /^text-embedding-3-small/ }).count()).toBe(0);

    await model.fill('');
    await page().getByRole('checkbox', { name: 'Reasoning' }).check();
    await model.click();
    const reasoning = page().getByRole('listbox').getByRole('option');
    await reasoning.first().waitFor();
    const all = await reasoning.allTextContents();
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((t) => t.includes('Reasoning'))).toBe(true);
    await page().getByRole('checkbox', { name: 'Reasoning' }).uncheck();

    await model.fill('gpt-4o-mini');
    await page().getByRole('option', { name: /^gpt-4o-mini\b/ }).first().click();
    expect(await model.inputValue()).toBe('gpt-4o-mini');
    const chosen = page().locator('.chosen-model');
    expect(await chosen.textContent()).toContain('$0.15 input · $0.60 output per 1M tokens');
    await session.screenshot('create-model-picked');

    await model.fill('my-finetune-2');
    await page().getByRole('option', { name: /Use custom model/ }).click();
    expect(await model.inputValue()).toBe('my-finetune-2');
    expect(await chosen.textContent()).toContain('Custom model');

    await page().getByRole('radio', { name: 'Embeddings' }).check();
    await model.click();
    await model.fill('text-embedding-3');
    await page().getByRole('option', { name: /^text-embedding-3-small/ }).waitFor();
  }, BROWSER_TEST_TIMEOUT_MS);

  it('checks the endpoint name as the API does, inline, and keeps the split at 100%', async () => {
    await session.open('/endpoints/new');
    const name = page().getByRole('textbox', { name: 'Endpoint name' });
    await name.fill('bad name/with slash');
    const error = page().locator('#endpoint-name-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('[A-Za-z0-9._-]+');
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('chat-a');
    expect(await error.textContent()).toContain('already exists');
    await name.fill('fresh-name');
    await error.waitFor({ state: 'detached' });

    await page().getByText('Advanced').click();
    await page().getByRole('checkbox', { name: 'Split traffic across several targets' }).check();
    const total = page().getByRole('status').filter({ hasText: /^Total/ });
    expect(await total.textContent()).toBe('Total 100%');
    await page().getByRole('textbox', { name: 'Weight of target 2 (%)' }).fill('30');
    expect(await total.textContent()).toBe('Total 80% (must be 100%)');
    await page().getByRole('button', { name: 'Add fallback' }).click();
    expect(await page().getByRole('button', { name: 'Move fallback 1 up' }).isDisabled()).toBe(true);
    await session.screenshot('create-advanced');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('never shows the provider key: no HTML, JS or JSON response the browser received contains it, and the page policy refused nothing', async () => {
    const received = await session.received();
    expect(received.length).toBeGreaterThan(20);
    expect(received.filter((r) => /html/.test(r.contentType)).length).toBeGreaterThan(0);
    expect(received.filter((r) => /javascript/.test(r.contentType)).length).toBeGreaterThan(0);
    expect(received.filter((r) => /json/.test(r.contentType)).length).toBeGreaterThan(10);
    expect(received.filter((r) => r.body.includes(PROVIDER_KEY)).map((r) => r.url)).toEqual([]);
    expect(session.cspViolations).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
