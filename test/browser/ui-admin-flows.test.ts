import { OpenAiFake } from '../fakes/openai-fake';
import { BROWSER_TEST_TIMEOUT_MS, BrowserSession } from '../support/browser';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { runShellSnippet } from '../support/run-snippet';
import { gatewayConfigFile, labelled, nativeChat, seededConfig } from '../support/ui-gateway';

/**
 * The UI's create / edit / delete flows in a real Chromium, on the admin API
 * (`/api/connections`, `/api/endpoints`, `POST /api/connections/test` for a connection draft, the admin
 * token as a Bearer header), against a gateway process and two fake OpenAI upstreams.
 */

const KEY_A = 'sk-ui-created-key-7c1e55d0a9';
const KEY_B = 'sk-yaml-seed-key-31b8e2f64d';
const ADMIN_TOKEN = 'admin-token-for-ui-tests-5a2f';
const ANSWER = 'reply to: Hello!';

describe('web UI create/edit/delete flows on the admin API (Chromium)', () => {
  let upstreamA: OpenAiFake;
  let upstreamB: OpenAiFake;
  let gw: GatewayProcess;
  let session: BrowserSession;

  beforeAll(async () => {
    [upstreamA, upstreamB] = await Promise.all([OpenAiFake.start(), OpenAiFake.start()]);
    gw = await startGatewayProcess(gatewayConfigFile('ui-admin-', seededConfig(upstreamB.baseUrl, KEY_B)), { GATEWAY_ADMIN_TOKEN: ADMIN_TOKEN, GATEWAY_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') });
    session = await BrowserSession.start(gw.url);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await session?.close();
    await gw?.stop();
    await Promise.all([upstreamA?.close(), upstreamB?.close()]);
  });

  const page = () => session.page;
  const chat = (name: string) => nativeChat(gw.url, name);

  it('asks for the admin token, refuses a wrong one and opens with the right one', async () => {
    await session.open('/');
    const dialog = page().getByRole('dialog', { name: 'Admin token required' });
    await dialog.waitFor();
    await session.screenshot('admin-token');
    const token = dialog.getByLabel('Admin token');
    await token.fill('not-the-token');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The gateway refused this token.' }).waitFor();
    expect(await page().evaluate(() => (globalThis as unknown as { sessionStorage: { length: number } }).sessionStorage.length)).toBe(0);
    await token.fill(ADMIN_TOKEN);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page().getByRole('table').getByRole('row', { name: /from-yaml/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Config file');
    expect(await row.textContent()).toContain('seed / gpt-4o-mini');
    // The token is kept for the tab, never put in an address.
    expect(page().url()).not.toContain(ADMIN_TOKEN);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('creates an endpoint through the form: provider from the dropdown, credentials typed, connection tested, model picked; it is listed and answers at once', async () => {
    await page().getByRole('button', { name: 'Create endpoint' }).click();
    await page().getByRole('textbox', { name: 'Endpoint name' }).fill('ui-chat');
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await provider.fill('openai');
    await page().getByRole('option', { name: /OpenAI, or any OpenAI-compatible/ }).click();
    expect(await page().getByRole('textbox', { name: 'Connection name' }).inputValue()).toBe('openai');
    await page().getByLabel(labelled('API key')).fill(KEY_A);
    await page().getByLabel(labelled('Base URL')).fill(upstreamA.baseUrl);
    await page().getByRole('button', { name: 'Test connection' }).click();
    await page().getByRole('status').filter({ hasText: /Connection openai works/ }).waitFor();
    expect(upstreamA.last.headers.authorization).toBe(`Bearer ${KEY_A}`);

    const model = page().getByRole('combobox', { name: 'Model' });
    await model.click();
    await model.fill('gpt-4o-mini');
    await page().getByRole('option', { name: /^gpt-4o-mini\b/ }).first().click();
    await session.screenshot('create-filled');
    await page().getByRole('button', { name: 'Create endpoint' }).click();

    const row = page().getByRole('table').getByRole('row', { name: /ui-chat/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('openai / gpt-4o-mini');
    expect(await row.textContent()).toContain('UI / API');
    const reply = await chat('ui-chat');
    expect(reply.status).toBe(200);
    expect(reply.body.choices[0].message.content).toBe(ANSWER);
    expect(upstreamA.last.headers.authorization).toBe(`Bearer ${KEY_A}`);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('opens Use for the new endpoint: the copied curl runs, and Try it shows the answer', async () => {
    await page().getByRole('table').getByRole('row', { name: /ui-chat/ }).getByRole('button', { name: 'Use' }).click();
    const dialog = page().getByRole('dialog', { name: 'Use endpoint ui-chat' });
    const example = dialog.getByRole('article', { name: 'Native invocations' });
    await example.getByRole('button', { name: /Copy/ }).click();
    await example.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    const run = await runShellSnippet(await session.clipboard());
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).choices[0].message.content).toBe(ANSWER);

    await dialog.getByRole('tab', { name: 'Try it' }).click();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const result = dialog.getByRole('region', { name: 'Response' });
    await result.getByText('200 OK').waitFor();
    expect(await result.textContent()).toContain(ANSWER);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, BROWSER_TEST_TIMEOUT_MS);

  it('creates a traffic-split endpoint with two targets at 50% each; calls go to both', async () => {
    await page().getByRole('button', { name: 'Create endpoint' }).click();
    await page().getByRole('textbox', { name: 'Endpoint name' }).fill('ui-split');
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await provider.fill('openai');
    await page().getByRole('option', { name: /OpenAI, or any OpenAI-compatible/ }).click();
    await page().getByRole('combobox', { name: 'Connection' }).selectOption('openai');
    // A stored key is shown only as its mask, and left blank it is kept.
    expect(await page().getByLabel(labelled('API key')).inputValue()).toBe('');
    expect(await page().getByLabel(labelled('API key')).getAttribute('placeholder')).toMatch(/^sk-\.\.\.\w{4} \(unchanged\)$/);
    const model = page().getByRole('combobox', { name: 'Model' });
    await model.click();
    await model.fill('gpt-4o-mini');
    await page().getByRole('option', { name: /^gpt-4o-mini\b/ }).first().click();

    await page().getByText('Advanced').click();
    await page().getByRole('checkbox', { name: 'Split traffic across several targets' }).check();
    await page().getByRole('combobox', { name: 'Connection of target 2' }).selectOption('seed');
    const second = page().getByRole('combobox', { name: 'Model of target 2' });
    await second.click();
    await second.fill('gpt-4o');
    await page().getByRole('option', { name: /^gpt-4o\b/ }).first().click();
    const total = page().getByRole('status').filter({ hasText: /^Total/ });
    expect(await total.textContent()).toBe('Total 100%');
    await session.screenshot('create-split');
    await page().getByRole('button', { name: 'Create endpoint' }).click();

    const row = page().getByRole('table').getByRole('row', { name: /ui-split/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('split: 2 targets');
    upstreamA.reset();
    upstreamB.reset();
    for (let i = 0; i < 4; i++) expect((await chat('ui-split')).status).toBe(200);
    expect(upstreamA.requests.map((r) => r.body.model)).toEqual(['gpt-4o-mini', 'gpt-4o-mini']);
    expect(upstreamB.requests.map((r) => r.body.model)).toEqual(['gpt-4o', 'gpt-4o']);

    await session.screenshot('endpoints-list-admin');
    await page().getByRole('table').getByRole('button', { name: 'ui-split' }).click();
    await page().getByRole('dialog', { name: 'Use endpoint ui-split' }).getByRole('link', { name: 'Open endpoint page' }).click();
    const split = page().getByRole('table', { name: 'Split targets' });
    await split.waitFor();
    expect(await split.getByRole('row').allTextContents()).toEqual(['ConnectionModelShare', 'openaigpt-4o-mini50%', 'seedgpt-4o50%']);
    await session.screenshot('endpoint-page-split');
  }, BROWSER_TEST_TIMEOUT_MS);

  it("shows the API's error beside the field it names (a base URL the admin API refuses)", async () => {
    await session.open('/endpoints/new');
    await page().getByRole('textbox', { name: 'Endpoint name' }).fill('ui-refused');
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await provider.fill('openai');
    await page().getByRole('option', { name: /OpenAI, or any OpenAI-compatible/ }).click();
    await page().getByRole('textbox', { name: 'Connection name' }).fill('metadata');
    await page().getByLabel(labelled('API key')).fill('sk-anything-at-all-123');
    await page().getByLabel(labelled('Base URL')).fill('http://169.254.169.254/v1');
    const model = page().getByRole('combobox', { name: 'Model' });
    await model.click();
    await model.fill('gpt-4o-mini');
    await page().getByRole('option', { name: /^gpt-4o-mini\b/ }).first().click();
    await page().getByRole('button', { name: 'Create endpoint' }).click();
    const error = page().locator('#connection-base_url-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/169\.254|link-local|metadata/i);
    expect(await error.textContent()).not.toMatch(/^base_url:/);
    expect(await page().getByLabel(labelled('Base URL')).getAttribute('aria-invalid')).toBe('true');
    await session.screenshot('create-api-error');
    const list = (await (await fetch(`${gw.url}/api/endpoints`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as { data: Array<{ name: string }> };
    expect(list.data.map((e) => e.name)).not.toContain('ui-refused');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('offers no editing for an endpoint from the YAML file, and says to edit the file', async () => {
    await session.open('/endpoints/from-yaml');
    await page().getByRole('heading', { name: 'from-yaml', level: 1 }).waitFor();
    expect(await page().getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await page().getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(await page().getByRole('note').textContent()).toContain('gateway.config.yaml');
    // Its connection's key is shown masked only.
    expect(await page().getByRole('region', { name: 'Connection' }).textContent()).toMatch(/sk-\.\.\.\w{4}/);
    await session.open('/endpoints/from-yaml/edit');
    await page().getByRole('note').filter({ hasText: 'cannot be edited here' }).waitFor();
    expect(await page().getByRole('button', { name: 'Save changes' }).count()).toBe(0);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('edits an endpoint made in the UI, keeping its stored key', async () => {
    await session.open('/endpoints/ui-chat');
    await page().getByRole('button', { name: 'Edit' }).click();
    await page().getByRole('heading', { name: 'Edit endpoint ui-chat' }).waitFor();
    await page().getByText('Advanced').click();
    await page().getByRole('textbox', { name: 'Retry attempts' }).fill('2');
    await page().getByRole('button', { name: 'Save changes' }).click();
    await page().getByRole('heading', { name: 'ui-chat', level: 1 }).waitFor();
    expect(await page().getByRole('region', { name: 'Configuration' }).textContent()).toContain('2 extra tries per target');
    upstreamA.reset();
    expect((await chat('ui-chat')).status).toBe(200);
    expect(upstreamA.last.headers.authorization).toBe(`Bearer ${KEY_A}`);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('asks for the stored key again when an edit changes where the connection sends it, and sends nothing to the new host without it', async () => {
    await session.open('/endpoints/ui-chat/edit');
    await page().getByRole('heading', { name: 'Edit endpoint ui-chat' }).waitFor();
    const key = page().getByLabel(labelled('API key'));
    expect(await page().locator('#connection-api_key-hint').textContent()).toContain('Leave blank to keep it.');
    await page().getByLabel(labelled('Base URL')).fill(upstreamB.baseUrl);
    const hint = page().locator('#connection-api_key-hint');
    await hint.filter({ hasText: 'Enter it again: Base URL changed' }).waitFor();
    expect(await page().locator('label[for="connection-api_key"]').textContent()).toBe('API key');
    expect(await key.getAttribute('aria-required')).toBe('true');
    await session.screenshot('edit-destination-reenter');

    upstreamB.reset();
    await page().getByRole('button', { name: 'Save changes' }).click();
    const error = page().locator('#connection-api_key-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('a stored credential is sent only to the destination it was entered for');
    expect(await key.getAttribute('aria-invalid')).toBe('true');
    const stored = (await (await fetch(`${gw.url}/api/connections/openai`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()) as { base_url: string };
    expect(stored.base_url).toBe(upstreamA.baseUrl);
    expect(upstreamB.requests.some((r) => JSON.stringify(r.headers).includes(KEY_A))).toBe(false);

    // Back where it was, the key is kept again without typing it.
    await page().getByLabel(labelled('Base URL')).fill(`${upstreamA.baseUrl}/`);
    await hint.filter({ hasText: 'Leave blank to keep it.' }).waitFor();
    await page().getByRole('button', { name: 'Save changes' }).click();
    await page().getByRole('heading', { name: 'ui-chat', level: 1 }).waitFor();
    upstreamA.reset();
    expect((await chat('ui-chat')).status).toBe(200);
    expect(upstreamA.last.headers.authorization).toBe(`Bearer ${KEY_A}`);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('deletes an endpoint after a confirmation that names what is deleted', async () => {
    await session.open('/endpoints/ui-chat');
    await page().getByRole('button', { name: 'Delete' }).click();
    const confirm = page().getByRole('alertdialog', { name: 'Delete endpoint ui-chat?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('This deletes the endpoint ui-chat');
    expect(await confirm.textContent()).toContain('openai');
    await session.screenshot('delete-confirm');
    await confirm.getByRole('button', { name: 'Delete endpoint ui-chat' }).click();
    await page().getByRole('status').filter({ hasText: 'Endpoint ui-chat deleted.' }).waitFor();
    expect(await page().getByRole('table').getByRole('row', { name: /ui-chat/ }).count()).toBe(0);
    expect((await chat('ui-chat')).status).toBe(404);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('never shows a credential: no HTML, JS or JSON response the browser received holds a provider key or the admin token', async () => {
    const received = await session.received();
    expect(received.filter((r) => /json/.test(r.contentType)).length).toBeGreaterThan(10);
    for (const secret of [KEY_A, KEY_B, ADMIN_TOKEN]) {
      expect(received.filter((r) => r.body.includes(secret)).map((r) => r.url)).toEqual([]);
    }
    expect(session.cspViolations).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
