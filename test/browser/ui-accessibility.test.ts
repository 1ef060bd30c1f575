import type { Locator, Page } from 'playwright-core';
import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { BROWSER_TEST_TIMEOUT_MS, BrowserSession, type ViewportName } from '../support/browser';
import { eventually } from '../support/eventually';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { gatewayConfigFile, nativeChat } from '../support/ui-gateway';

/**
 * The whole UI's accessibility and phone-layout net, in a real Chromium: every page and every
 * dialog reachable from them, at a laptop's size and a phone's (390×844), has no serious or
 * critical axe-core violation, and at phone size nothing makes the page scroll sideways or
 * sits out of sight past the screen's edge.
 * Client-side navigation moves focus to the new page's h1; a dialog gives focus back to the
 * button that opened it; the sign-in dialog asks alone (no error banner behind it) and says
 * itself when a token is refused. One gateway with an admin token serves both sizes: the
 * sign-in dialog is the first thing each session meets.
 */

const PROVIDER_KEY = 'sk-fake-provider-key-a11y-6d2e91';
const ADMIN_TOKEN = 'admin-token-for-a11y-tests-8b1c';
/** Made through the admin API, so the list shows both sources and the endpoint page its Edit and Delete. */
const UI_ENDPOINT = 'team-chat';

/** Every page, with what shows once its data is in (so axe checks the page, not its loading state). */
const PAGES: Array<{ path: string; ready: (page: Page) => Locator }> = [
  { path: '/', ready: (page) => page.getByRole('row', { name: new RegExp(UI_ENDPOINT) }) },
  { path: '/endpoints/new', ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  { path: `/endpoints/${UI_ENDPOINT}`, ready: (page) => page.getByRole('heading', { name: 'Configuration' }) },
  { path: `/endpoints/${UI_ENDPOINT}/edit`, ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  { path: '/usage', ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  { path: '/keys', ready: (page) => page.getByRole('table', { name: 'Keys' }) },
  { path: '/connections', ready: (page) => page.getByRole('row', { name: /team-openai/ }) },
  { path: '/no-such-page', ready: (page) => page.getByRole('link', { name: 'Back to the endpoints' }) },
];

const config = (upstream: string) => `admin: { allow_private_base_urls: true }
providers:
  up: { type: openai, base_url: "${upstream}", api_key: "${PROVIDER_KEY}" }
endpoints:
  - { name: from-yaml, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: embed-yaml, kind: embeddings, provider: up, model: text-embedding-3-small }
`;

describe('web UI: accessibility and phone layout of every page and dialog (Chromium, axe-core)', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;

  beforeAll(async () => {
    upstream = await OpenAiFake.start();
    gw = await startGatewayProcess(gatewayConfigFile('ui-a11y-', config(upstream.baseUrl)), { GATEWAY_ADMIN_TOKEN: ADMIN_TOKEN, GATEWAY_SECRETS_KEY: Buffer.alloc(32, 5).toString('base64') });
    const api = adminClient(gw.url, ADMIN_TOKEN);
    expect((await api.post('/api/connections', { name: 'team-openai', type: 'openai', base_url: upstream.baseUrl, api_key: PROVIDER_KEY })).status).toBe(201);
    expect((await api.post('/api/endpoints', { name: UI_ENDPOINT, kind: 'chat', provider: 'team-openai', model: 'gpt-4o-mini' })).status).toBe(201);
    expect((await api.post('/api/keys', { name: 'ci-runner', endpoints: '*' })).status).toBe(201);
    // Some traffic, so the usage tables and charts have rows to show.
    for (const model of [UI_ENDPOINT, 'from-yaml']) expect((await nativeChat(gw.url, model)).status).toBe(200);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await gw?.stop();
    await upstream?.close();
  });

  describe.each<ViewportName>(['desktop', 'phone'])('at %s size', (viewport) => {
    let session: BrowserSession;
    const page = () => session.page;

    beforeAll(async () => {
      session = await BrowserSession.start(gw.url, { viewport });
    }, BROWSER_TEST_TIMEOUT_MS);

    afterAll(async () => {
      await session?.close();
    });

    /** axe on the page as it is now and, on a phone, no sideways scrolling; `where` names the state in a failure. */
    async function expectAccessible(where: string): Promise<void> {
      expect({ where, violations: await session.accessibilityViolations() }).toEqual({ where, violations: [] });
      if (viewport === 'phone') {
        expect({ where, overflow: await session.horizontalOverflow() }).toEqual({ where, overflow: 0 });
        // Nor hidden in a card that scrolls sideways (a table's last columns, a header button).
        expect({ where, cutOff: await session.cutOffElements() }).toEqual({ where, cutOff: [] });
      }
    }

    it('asks for the admin token with the sign-in dialog alone, says in the dialog when a token is refused, then opens', async () => {
      await session.open('/');
      const dialog = page().getByRole('dialog', { name: 'Admin token required' });
      await dialog.waitFor();
      // No error banner behind the dialog: nobody has tried a token yet (read from the DOM, which the open dialog hides from the accessibility tree).
      expect(await page().locator('#main [role="alert"], #main .notice-error').count()).toBe(0);
      await expectAccessible('sign-in dialog');
      await dialog.getByLabel('Admin token').fill('not-the-token');
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'The gateway refused this token.' }).waitFor();
      expect(await page().locator('#main [role="alert"], #main .notice-error').count()).toBe(0);
      await expectAccessible('sign-in dialog, token refused');
      await dialog.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await dialog.getByRole('button', { name: 'Sign in' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page().getByRole('row', { name: new RegExp(UI_ENDPOINT) }).waitFor();
      expect(await page().locator('#main [role="alert"], #main .notice-error').count()).toBe(0);
    }, BROWSER_TEST_TIMEOUT_MS);

    it.each(PAGES.map((entry) => [entry.path, entry] as const))('%s has no serious axe violation and fits the width', async (path, entry) => {
      await session.open(path);
      await entry.ready(page()).waitFor();
      await page().waitForLoadState('networkidle');
      await expectAccessible(path);
      const name = `page${path === '/' ? '-endpoints' : path.replace(/\//g, '-')}-${viewport}`;
      await session.screenshot(name);
      // The first screenful as well: what a reader of the docs sees of a long page.
      await session.screenshot(`${name}-top`, { fullPage: false });
    }, BROWSER_TEST_TIMEOUT_MS);

    it('moves focus to the new page\'s h1 after navigating by a nav link', async () => {
      await session.open('/');
      await page().getByRole('row', { name: new RegExp(UI_ENDPOINT) }).waitFor();
      // A full load leaves focus where the browser puts it: the first Tab still reaches the skip link.
      expect(await session.focused()).toMatch(/^body: /);
      for (const [link, heading] of [['Usage', 'Usage'], ['Connections', 'Connections'], ['Keys', 'Gateway keys'], ['Endpoints', 'Endpoints']] as const) {
        const menu = page().getByRole('button', { name: 'Menu' });
        if (viewport === 'phone') {
          expect(await menu.getAttribute('aria-expanded')).toBe('false');
          await menu.click();
          expect(await menu.getAttribute('aria-expanded')).toBe('true');
          await expectAccessible(`navigation menu open (before ${link})`);
        }
        await page().getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();
        await page().getByRole('heading', { level: 1, name: heading }).waitFor();
        await eventually(async () => expect(await session.focused()).toBe(`h1: ${heading}`));
        if (viewport === 'phone') expect(await menu.getAttribute('aria-expanded')).toBe('false');
      }
    }, BROWSER_TEST_TIMEOUT_MS);

    it('the Use dialog passes axe, gives focus back to its Use button, and its page link puts focus on that page\'s h1', async () => {
      await session.open('/');
      const row = page().getByRole('row', { name: new RegExp(UI_ENDPOINT) });
      const use = row.getByRole('button', { name: 'Use' });
      await use.click();
      const dialog = page().getByRole('dialog', { name: `Use endpoint ${UI_ENDPOINT}` });
      await dialog.waitFor();
      await page().waitForLoadState('networkidle');
      await expectAccessible('Use dialog');
      // The dialog scrolls inside its own layer: a full-page capture would cut its backdrop, so this is the screen as seen.
      await session.screenshot(`dialog-use-${viewport}`, { fullPage: false });
      await dialog.getByRole('tab', { name: 'Try it' }).click();
      await dialog.getByRole('tabpanel').getByRole('button').first().waitFor();
      await expectAccessible('Use dialog, Try it tab');
      await dialog.getByRole('tab', { name: 'Examples' }).click();
      await page().keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await eventually(async () => expect(await session.hasFocus(use)).toBe(true));
      // Leaving through the dialog's link to the endpoint page: focus goes to that page's h1, not back to a button that is gone.
      await use.click();
      await dialog.getByRole('link', { name: 'Open endpoint page' }).click();
      await page().getByRole('heading', { level: 1, name: UI_ENDPOINT }).waitFor();
      await eventually(async () => expect(await session.focused()).toBe(`h1: ${UI_ENDPOINT}`));
    }, BROWSER_TEST_TIMEOUT_MS);

    it('the key dialogs (create, created key, revoke) pass axe', async () => {
      await session.open('/keys');
      await page().getByRole('table', { name: 'Keys' }).waitFor();
      const create = page().getByRole('button', { name: 'Create key' });
      await create.click();
      const dialog = page().getByRole('dialog', { name: 'Create gateway key' });
      await dialog.waitFor();
      await expectAccessible('key create dialog');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await eventually(async () => expect(await session.hasFocus(create)).toBe(true));

      await create.click();
      await dialog.waitFor();
      await dialog.getByLabel(/^Name/).fill(`phone-${viewport}`);
      await dialog.getByRole('button', { name: 'Create key' }).click();
      const created = page().getByRole('dialog', { name: `Key phone-${viewport} created` });
      await created.waitFor();
      await expectAccessible('created key panel');
      await created.getByRole('button', { name: 'Done' }).click();
      await created.waitFor({ state: 'detached' });

      await page().getByRole('row', { name: new RegExp(`phone-${viewport}`) }).getByRole('button', { name: /Revoke/ }).click();
      const confirm = page().getByRole('alertdialog', { name: `Revoke key phone-${viewport}?` });
      await confirm.waitFor();
      await expectAccessible('revoke confirmation');
      await confirm.getByRole('button', { name: `Revoke key phone-${viewport}` }).click();
      await confirm.waitFor({ state: 'detached' });
      await page().waitForLoadState('networkidle');
      await expectAccessible('keys page after a revoke');
    }, BROWSER_TEST_TIMEOUT_MS);

    it('the edit form with a passed connection test, its model list open, and a traffic split and a fallback, passes axe and fits', async () => {
      await session.open(`/endpoints/${UI_ENDPOINT}/edit`);
      await page().getByRole('button', { name: 'Test connection' }).click();
      await page().getByRole('status').filter({ hasText: /works/ }).waitFor();
      await expectAccessible('connection test passed on the form');
      const model = page().getByRole('combobox', { name: 'Model', exact: true });
      await model.click();
      await page().getByRole('listbox').getByRole('option').first().waitFor();
      await expectAccessible('model list open');
      await session.screenshot(`form-model-list-${viewport}`);
      await page().keyboard.press('Escape');
      await page().getByText('Advanced').click();
      await page().getByRole('checkbox', { name: 'Split traffic across several targets' }).check();
      await page().getByRole('button', { name: 'Add fallback' }).click();
      await page().getByRole('combobox', { name: 'Connection of fallback 1' }).waitFor();
      await expectAccessible('advanced routing: split and a fallback');
      await session.screenshot(`form-advanced-${viewport}`);
    }, BROWSER_TEST_TIMEOUT_MS);

    it('the connection dialogs (create, edit, a test\'s result) pass axe', async () => {
      await session.open('/connections');
      await page().getByRole('row', { name: /team-openai/ }).waitFor();
      const create = page().getByRole('button', { name: 'Create connection' });
      await create.click();
      const creating = page().getByRole('dialog', { name: 'Create connection' });
      await creating.waitFor();
      await expectAccessible('connection create dialog');
      await creating.getByRole('button', { name: 'Cancel' }).click();
      await creating.waitFor({ state: 'detached' });
      await eventually(async () => expect(await session.hasFocus(create)).toBe(true));

      await page().getByRole('button', { name: 'Edit connection team-openai' }).click();
      const editing = page().getByRole('dialog', { name: 'Edit connection team-openai' });
      await editing.waitFor();
      await expectAccessible('connection edit dialog');
      // The stored key and address are tried as they are: the green "Connection works" line is checked for contrast too.
      await editing.getByRole('button', { name: /^Test/ }).click();
      await editing.getByRole('status').filter({ hasText: /Connection works/ }).waitFor();
      await expectAccessible('connection edit dialog, test passed');
      await editing.getByRole('button', { name: 'Cancel' }).click();
      await editing.waitFor({ state: 'detached' });
    }, BROWSER_TEST_TIMEOUT_MS);

    it('the delete confirmation on the endpoint page passes axe', async () => {
      await session.open(`/endpoints/${UI_ENDPOINT}`);
      const remove = page().getByRole('button', { name: 'Delete', exact: true });
      await remove.click();
      const confirm = page().getByRole('alertdialog');
      await confirm.waitFor();
      await expectAccessible('delete confirmation');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await eventually(async () => expect(await session.hasFocus(remove)).toBe(true));
    }, BROWSER_TEST_TIMEOUT_MS);
  });
});
