import type { Locator } from 'playwright-core';
import type { OpenAiFake } from '../fakes/openai-fake';
import { BROWSER_TEST_TIMEOUT_MS, type BrowserSession, VIEWPORTS } from '../support/browser';
import { eventually } from '../support/eventually';
import type { GatewayProcess } from '../support/gateway-process';
import { nativeChat, startUiGateway, stopUiGateway } from '../support/ui-gateway';

/**
 * The phone layout's promises, each measured in a real Chromium at 390×844 (issue 26 item 7):
 * the endpoints list collapses to rows that show every column (Source, Requests, Errors) and
 * the Use button on screen; the header's controls stay inside the bar, the navigation folding
 * under a Menu button (aria-expanded, Escape or a tap outside closes it); form fields take one column; the Use dialog
 * takes the screen's width and a long line of code scrolls inside its block, not the page.
 * At a laptop's size the same header shows its navigation and no Menu button.
 */

const PHONE_WIDTH = VIEWPORTS.phone.width;

const config = (upstream: string) => `providers:
  up: { type: openai, base_url: "${upstream}", api_key: "sk-fake-provider-key-phone-41c7" }
endpoints:
  - { name: a-rather-long-endpoint-name-for-phones, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: embed-a, kind: embeddings, provider: up, model: text-embedding-3-small }
`;

/** A locator's box, which must exist (the element is shown). */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`not shown: ${locator}`);
  return found;
}

/** Entirely on screen horizontally: no part past either edge. */
async function onScreen(locator: Locator): Promise<boolean> {
  const { x, width } = await box(locator);
  return x >= 0 && x + width <= PHONE_WIDTH;
}

describe('web UI: phone layout at 390×844 (Chromium)', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let session: BrowserSession;

  beforeAll(async () => {
    ({ upstream, gw, session } = await startUiGateway({ prefix: 'ui-phone-', config, viewport: 'phone' }));
    expect((await nativeChat(gw.url, 'a-rather-long-endpoint-name-for-phones')).status).toBe(200);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(() => stopUiGateway({ session, gw, upstream }));

  const page = () => session.page;

  it('the endpoints list shows every column and the Use button of each row on screen', async () => {
    await session.open('/');
    const row = page().getByRole('row', { name: /a-rather-long-endpoint-name-for-phones/ });
    await row.waitFor();
    await page().waitForLoadState('networkidle');
    // Each cell is on screen and names its column (the phone layout shows data-label beside the value).
    const cells = row.getByRole('cell');
    const labels: string[] = [];
    for (let i = 0; i < (await cells.count()); i++) {
      expect(await onScreen(cells.nth(i))).toBe(true);
      const label = await cells.nth(i).getAttribute('data-label');
      if (label) labels.push(label);
    }
    expect(labels).toEqual(expect.arrayContaining(['Kind', 'Source', 'Requests (1 h)', 'Errors (1 h)']));
    const source = row.getByRole('cell').filter({ hasText: 'Config file' });
    expect(await source.isVisible()).toBe(true);
    // The label is drawn by CSS before the value: the cell's own text stays the value.
    expect(await source.evaluate((cell: unknown) => (globalThis as unknown as { getComputedStyle(e: unknown, pseudo: string): { content: string } }).getComputedStyle(cell, '::before').content)).toBe('"Source"');
    expect(await onScreen(row.getByRole('button', { name: 'Use' }))).toBe(true);
    expect(await session.horizontalOverflow()).toBe(0);
    expect(await session.cutOffElements()).toEqual([]);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('the header keeps its controls inside the bar; the navigation opens under Menu and closes with Escape', async () => {
    await session.open('/');
    const header = page().getByRole('banner');
    const menu = header.getByRole('button', { name: 'Menu' });
    const bar = await box(header);
    const button = await box(menu);
    expect(button.x + button.width).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(button.y).toBeGreaterThanOrEqual(bar.y);
    expect(button.y + button.height).toBeLessThanOrEqual(bar.y + bar.height);
    // A finger-sized target (WCAG 2.5.5's 44 px).
    expect(button.height).toBeGreaterThanOrEqual(44);
    const nav = page().getByRole('navigation', { name: 'Main' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const link of ['Endpoints', 'Connections', 'Usage', 'Keys']) {
      const item = nav.getByRole('link', { name: link, exact: true });
      expect(await item.isVisible()).toBe(true);
      expect(await onScreen(item)).toBe(true);
    }
    await nav.getByRole('link', { name: 'Usage', exact: true }).focus();
    await page().keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await session.hasFocus(menu)).toBe(true);
    // A tap on the page below closes it too.
    await menu.click();
    expect(await nav.isVisible()).toBe(true);
    await page().mouse.click(PHONE_WIDTH / 2, 800);
    await eventually(async () => expect(await menu.getAttribute('aria-expanded')).toBe('false'));
  }, BROWSER_TEST_TIMEOUT_MS);

  it('the create form puts its fields in one column, each as wide as the card', async () => {
    await session.open('/endpoints/new');
    const name = page().getByRole('textbox', { name: /^Endpoint name/ });
    await name.waitFor();
    const provider = page().getByRole('combobox', { name: /^Provider/ });
    const [nameBox, providerBox] = [await box(name), await box(provider)];
    // One column: the fields share a left edge and stack, and use most of the width.
    expect(Math.abs(nameBox.x - providerBox.x)).toBeLessThanOrEqual(1);
    expect(providerBox.y).toBeGreaterThan(nameBox.y + nameBox.height);
    expect(nameBox.width).toBeGreaterThan(PHONE_WIDTH * 0.7);
    expect(await session.horizontalOverflow()).toBe(0);
    expect(await session.cutOffElements()).toEqual([]);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('the Use dialog takes the screen\'s width and its code scrolls inside its block, not the page', async () => {
    await session.open('/');
    await page().getByRole('row', { name: /a-rather-long-endpoint-name-for-phones/ }).getByRole('button', { name: 'Use' }).click();
    const dialog = page().getByRole('dialog', { name: 'Use endpoint a-rather-long-endpoint-name-for-phones' });
    await dialog.waitFor();
    const panel = await box(dialog);
    expect(panel.x).toBeGreaterThanOrEqual(0);
    expect(panel.x + panel.width).toBeLessThanOrEqual(PHONE_WIDTH);
    expect(panel.width).toBeGreaterThan(PHONE_WIDTH - 40);
    const code = dialog.locator('pre').first();
    await code.waitFor();
    const { scrollWidth, clientWidth } = await code.evaluate((pre: unknown) => {
      const { scrollWidth, clientWidth } = pre as { scrollWidth: number; clientWidth: number };
      return { scrollWidth, clientWidth };
    });
    // The curl line is longer than the screen: it scrolls inside the block.
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await onScreen(code)).toBe(true);
    expect(await session.horizontalOverflow()).toBe(0);
    expect(await session.cutOffElements()).toEqual([]);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('at a laptop\'s size the navigation shows in the bar and there is no Menu button', async () => {
    await session.resize('desktop');
    try {
      await session.open('/');
      const nav = page().getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Usage', exact: true }).isVisible()).toBe(true);
      expect(await page().getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      // The table is a table again: its header row shows, above the first row.
      const header = page().getByRole('columnheader', { name: 'Source' });
      await header.waitFor();
      const row = page().getByRole('row', { name: /embed-a/ });
      expect((await box(header)).height).toBeGreaterThan(10);
      expect((await box(header)).y).toBeLessThan((await box(row)).y);
    } finally {
      await session.resize('phone');
    }
  }, BROWSER_TEST_TIMEOUT_MS);
});
