import { OpenAiFake } from '../fakes/openai-fake';
import { BROWSER_TEST_TIMEOUT_MS, BrowserSession } from '../support/browser';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { ADMIN_TOKEN_ITEM, gatewayConfigFile, labelled, type TabStorage } from '../support/ui-gateway';

/**
 * The endpoint form's Model selector and connection step in a real Chromium (issue 26
 * items 1-4 and 6): the exact name typed is the name saved, the list holds only current
 * models of the endpoint's kind (older ones behind a toggle), prices say which is which,
 * an Azure deployment names the model it serves, an empty catalogue says so, Test connection
 * saves nothing, and changing a shared connection names the endpoints it reaches.
 */

const ADMIN_TOKEN = 'admin-token-for-model-selector-9d1c';
const SHARED_KEY = 'sk-shared-connection-key-5e7a10';
const DRAFT_KEY = 'sk-draft-connection-key-c4b802';
const PRICES = '$0.15 input · $0.60 output per 1M tokens';

describe('endpoint form: Model selector and connection step (Chromium)', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let session: BrowserSession;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${gw.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const connectionNames = async () => ((await api('GET', '/api/connections')).body.data as Array<{ name: string }>).map((c) => c.name).sort();

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGatewayProcess(gatewayConfigFile('ui-model-', 'admin: { allow_private_base_urls: true }\n'), { GATEWAY_ADMIN_TOKEN: ADMIN_TOKEN, GATEWAY_SECRETS_KEY: Buffer.alloc(32, 9).toString('base64') });
    expect((await api('POST', '/api/connections', { name: 'shared', type: 'openai', base_url: upstream.baseUrl, api_key: SHARED_KEY })).status).toBe(201);
    for (const name of ['team-a', 'team-b']) expect((await api('POST', '/api/endpoints', { name, kind: 'chat', provider: 'shared', model: 'gpt-4o-mini' })).status).toBe(201);
    session = await BrowserSession.start(gw.url);
    // Signed in for the tab, as the token dialog would leave it.
    await session.context.addInitScript(([item, token]) => (globalThis as unknown as TabStorage).sessionStorage.setItem(item, token), [ADMIN_TOKEN_ITEM, ADMIN_TOKEN] as const);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await session?.close();
    await gw?.stop();
    await upstream?.close();
  });

  const page = () => session.page;
  const model = () => page().getByRole('combobox', { name: 'Model', exact: true });
  const options = () => page().getByRole('listbox').getByRole('option');
  const optionNames = async () => (await options().locator('.option-name').allTextContents()).map((t) => t.trim());

  /** A new endpoint form with an OpenAI provider on a new connection to the fake upstream. */
  async function newOpenAiForm(name: string, key: string): Promise<void> {
    await session.open('/endpoints/new');
    await page().getByRole('textbox', { name: 'Endpoint name' }).fill(name);
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await provider.fill('openai');
    await page().getByRole('option', { name: /OpenAI, or any OpenAI-compatible/ }).click();
    await page().getByLabel(labelled('API key')).fill(key);
    await page().getByLabel(labelled('Base URL')).fill(upstream.baseUrl);
  }

  it('saves the exact name typed and entered (gpt-4o-mini, not ft:gpt-4o-mini); the list has only current chat models, no patterns, older ones behind a toggle', async () => {
    await newOpenAiForm('exact-mini', DRAFT_KEY);
    await model().click();
    await options().first().waitFor();
    // Current models first: the list does not open on the retired base models.
    expect((await optionNames()).slice(0, 2)).not.toContain('ada');
    expect((await optionNames()).slice(0, 2)).not.toContain('babbage');
    // The placeholder counts what the list shows.
    const counted = Number(/^Search (\d+) chat models/.exec((await model().getAttribute('placeholder')) ?? '')?.[1]);
    expect(await options().count()).toBe(counted);
    const names = await optionNames();
    expect(names.filter((n) => n.startsWith('ft:') || n.endsWith('-') || n.endsWith('.ft-') || n.includes(':extended'))).toEqual([]);

    // Only chat models: no speech, transcription or embeddings model is offered.
    for (const other of ['tts', 'transcribe', 'whisper', 'text-embedding']) {
      await model().fill(other);
      await options().first().waitFor();
      expect(await options().allTextContents()).toEqual([`Use custom model “${other}”`]);
    }

    // Older models are behind the toggle, which says how many; the count follows.
    const toggle = page().getByRole('checkbox', { name: /^Show older models \(\d+\)$/ });
    const older = Number(/\((\d+)\)/.exec((await page().getByText(/^Show older models \(\d+\)$/).textContent()) ?? '')?.[1]);
    expect(older).toBeGreaterThan(0);
    await toggle.check();
    await model().fill('');
    await model().click();
    await options().first().waitFor();
    expect(await model().getAttribute('placeholder')).toBe(`Search ${counted + older} chat models, or type a name…`);
    expect(await options().count()).toBe(counted + older);
    await toggle.uncheck();

    await model().fill('gpt-4o-mini');
    await options().first().waitFor();
    expect((await optionNames())[0]).toBe('gpt-4o-mini');
    const first = (await options().first().textContent()) ?? '';
    expect(first).toContain('128K context');
    expect(first).toContain(PRICES);
    await model().press('Enter');
    expect(await model().inputValue()).toBe('gpt-4o-mini');
    const chosen = page().locator('.chosen-model');
    expect(await chosen.textContent()).toContain(PRICES);
    await page().getByRole('button', { name: 'Create endpoint' }).click();
    await page().getByRole('table').getByRole('row', { name: /exact-mini/ }).waitFor();
    const saved = await api('GET', '/api/endpoints/exact-mini');
    expect(saved.body.model).toBe('gpt-4o-mini');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('keeps a name the catalogue lacks only through the explicit custom entry, first in the list, and the form says so', async () => {
    await newOpenAiForm('custom-model', DRAFT_KEY);
    await model().click();
    await model().fill('gpt-4o-mini-exp');
    await options().first().waitFor();
    expect(await options().first().textContent()).toBe('Use custom model “gpt-4o-mini-exp”');
    await model().press('Enter');
    expect(await model().inputValue()).toBe('gpt-4o-mini-exp');
    expect(await page().locator('.chosen-model').textContent()).toContain('Custom model: not in the catalogue');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('has no serious accessibility violation with the list open, at desktop and phone size, and no horizontal overflow on a phone', async () => {
    await newOpenAiForm('axe-check', DRAFT_KEY);
    await model().click();
    await model().fill('gpt-4o');
    await options().first().waitFor();
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.screenshot('model-selector-desktop');
    await session.resize('phone');
    try {
      await model().click();
      await options().first().waitFor();
      expect(await session.horizontalOverflow()).toBe(0);
      await session.screenshot('model-selector-phone');
      expect(await session.accessibilityViolations()).toEqual([]);
    } finally {
      await session.resize('desktop');
    }
  }, BROWSER_TEST_TIMEOUT_MS);

  it('asks an Azure deployment for its name and the model it serves: the facts are that model\'s, the saved endpoint carries catalog_model, and editing shows it', async () => {
    await session.open('/endpoints/new');
    await page().getByRole('textbox', { name: 'Endpoint name' }).fill('azure-chat');
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await provider.fill('azure');
    await page().getByRole('option', { name: /Azure OpenAI/ }).click();
    await page().getByLabel(labelled('API key')).fill(DRAFT_KEY);
    await page().getByLabel(labelled('Azure endpoint URL')).fill(upstream.baseUrl);
    // Asked once: the endpoint's deployment, not also a connection's default deployment.
    expect(await page().getByLabel(labelled('Deployment name')).count()).toBe(1);
    await page().getByRole('textbox', { name: 'Deployment name' }).fill('prod-chat');
    const serves = page().getByRole('combobox', { name: 'Model it serves' });
    await serves.click();
    await serves.fill('gpt-4o-mini');
    await options().first().waitFor();
    await serves.press('Enter');
    expect(await serves.inputValue()).toBe('gpt-4o-mini');
    const facts = (await page().locator('.chosen-model').textContent()) ?? '';
    expect(facts).toContain('128K context');
    expect(facts).toContain(PRICES);
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.screenshot('create-azure-deployment');
    await page().getByRole('button', { name: 'Create endpoint' }).click();
    await page().getByRole('table').getByRole('row', { name: /azure-chat/ }).waitFor();
    const saved = await api('GET', '/api/endpoints/azure-chat');
    expect(saved.body).toMatchObject({ model: 'prod-chat', catalog_model: 'gpt-4o-mini' });

    await session.open('/endpoints/azure-chat/edit');
    await page().getByRole('heading', { name: 'Edit endpoint azure-chat' }).waitFor();
    expect(await page().getByRole('textbox', { name: 'Deployment name' }).inputValue()).toBe('prod-chat');
    expect(await page().getByRole('combobox', { name: 'Model it serves' }).inputValue()).toBe('gpt-4o-mini');
    expect(await page().locator('.chosen-model').textContent()).toContain('128K context');
  }, BROWSER_TEST_TIMEOUT_MS);

  it("asks a split target on an Azure connection for its deployment name, not a catalogue model", async () => {
    await session.open('/endpoints/new');
    await page().getByText('Advanced').click();
    await page().getByRole('checkbox', { name: 'Split traffic across several targets' }).check();
    await page().getByRole('combobox', { name: 'Connection of target 2' }).selectOption('shared');
    await page().getByRole('combobox', { name: 'Model of target 2' }).waitFor();
    // The Azure connection the test above saved with its endpoint.
    await page().getByRole('combobox', { name: 'Connection of target 2' }).selectOption('azure-openai');
    await page().getByRole('textbox', { name: 'Deployment name of target 2' }).fill('prod-embed');
    expect(await page().getByRole('combobox', { name: 'Model of target 2' }).count()).toBe(0);
    expect(await session.accessibilityViolations()).toEqual([]);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('lists Databricks foundation-model endpoints, and says so when a provider\'s catalogue lists nothing', async () => {
    await session.open('/endpoints/new');
    const provider = page().getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await provider.fill('databricks');
    await page().getByRole('option', { name: /Databricks/ }).click();
    await model().click();
    await options().first().waitFor();
    const names = await optionNames();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n) => n.startsWith('databricks-'))).toBe(true);
    // Each maps to its model in the catalogue, whose facts it shows.
    await model().fill('databricks-claude-sonnet-4-5');
    const sonnet = (await options().first().textContent()) ?? '';
    expect(sonnet).toContain('same as claude-sonnet-4-5');
    expect(sonnet).toMatch(/\d+K context/);
    await page().keyboard.press('Escape');

    await provider.click();
    await provider.fill('ollama');
    await page().getByRole('option', { name: /^Ollama/ }).first().click();
    const message = 'The catalogue lists no models for Ollama: type the model name.';
    await page().getByText(message).first().waitFor();
    await model().click();
    await page().getByRole('listbox').getByText(message).waitFor();
    expect(await session.accessibilityViolations()).toEqual([]);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('tests a connection draft without saving it: nothing is stored after Test, nor after the form is abandoned', async () => {
    const before = await connectionNames();
    await newOpenAiForm('draft-only', DRAFT_KEY);
    await page().getByRole('textbox', { name: 'Connection name' }).fill('draft-conn');
    upstream.reset();
    await page().getByRole('button', { name: 'Test connection' }).click();
    await page().getByRole('status').filter({ hasText: /Connection draft-conn works/ }).waitFor();
    expect(upstream.last.headers.authorization).toBe(`Bearer ${DRAFT_KEY}`);
    expect(await connectionNames()).toEqual(before);
    expect(await session.accessibilityViolations()).toEqual([]);
    await page().getByRole('link', { name: 'Cancel' }).click();
    await page().getByRole('button', { name: 'Create endpoint' }).waitFor();
    expect(await connectionNames()).toEqual(before);
    expect(before).not.toContain('draft-conn');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('warns before Save that changing a shared connection changes it for the other endpoints on it', async () => {
    await session.open('/endpoints/team-a/edit');
    await page().getByRole('heading', { name: 'Edit endpoint team-a' }).waitFor();
    const warning = page().getByRole('note').filter({ hasText: 'This connection is also used by' });
    expect(await warning.count()).toBe(0);
    await page().getByLabel(labelled('API key')).fill('sk-rotated-key-0000111122');
    await warning.waitFor();
    expect(await warning.textContent()).toBe('This connection is also used by: team-b — changes apply to them too.');
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.screenshot('edit-shared-connection');
    await session.resize('phone');
    try {
      expect(await session.horizontalOverflow()).toBe(0);
      expect(await session.accessibilityViolations()).toEqual([]);
      await session.screenshot('edit-shared-connection-phone');
    } finally {
      await session.resize('desktop');
    }
    // Testing the change uses the typed key, and stores nothing.
    upstream.reset();
    await page().getByRole('button', { name: 'Test connection' }).click();
    await page().getByRole('status').filter({ hasText: /Connection shared works/ }).waitFor();
    expect(upstream.last.headers.authorization).toBe('Bearer sk-rotated-key-0000111122');
    const reply = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'team-b', messages: [{ role: 'user', content: 'Hello!' }] }) });
    expect(reply.status).toBe(200);
    expect(upstream.last.headers.authorization).toBe(`Bearer ${SHARED_KEY}`);
  }, BROWSER_TEST_TIMEOUT_MS);
});
