import type { Page, Route } from 'playwright-core';
import { type OpenAiFake, respondOpenAi } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { BROWSER_TEST_TIMEOUT_MS, type BrowserSession } from '../support/browser';
import type { GatewayProcess } from '../support/gateway-process';
import { nativeChat, signInTab, startUiGateway, stopUiGateway } from '../support/ui-gateway';

/**
 * The numbers the UI shows are the ones counted, in a real Chromium against a gateway process:
 * the endpoint's name opens its Use dialog (which links to its page); usage still loading reads
 * "…" and a failed usage API a dash under one notice, never a 0 or $0.00; an endpoint whose every
 * call fails reads Failing with its error rate and last error (the key its upstream echoed removed);
 * the Keys page is empty again once its last key is revoked; Try it shows a whole answer's text;
 * chart legends show the range's figures instead of "--". axe runs on each state, desktop and phone.
 */

const PROVIDER_KEY = 'sk-fake-provider-key-honest-5a7e1c';
const ADMIN_TOKEN = 'admin-token-honest-numbers-8d2f';
const BROKEN_MODEL = 'gpt-4o-2024-08-06';
const ANSWER = 'reply to: Hello!';

const config = (upstream: string) => `providers:
  up: { type: openai, base_url: "${upstream}", api_key: "${PROVIDER_KEY}" }
endpoints:
  - { name: chat-ok, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: chat-broken, kind: chat, provider: up, model: ${BROKEN_MODEL} }
`;

/** GET /api/usage itself, not /api/usage/errors. */
const isUsageRead = (url: URL) => url.pathname === '/api/usage';

/** Holds every usage read until `release()`: the page shows what it shows while usage loads. */
async function holdUsage(page: Page): Promise<{ release: () => Promise<void> }> {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const handler = async (route: Route) => {
    await gate;
    await route.continue().catch(() => undefined);
  };
  await page.route(isUsageRead, handler);
  return {
    release: async () => {
      open();
      await page.unroute(isUsageRead, handler);
    },
  };
}

/** Every usage read fails as a gateway whose state store is down would answer it. */
async function failUsage(page: Page): Promise<() => Promise<void>> {
  const handler = (route: Route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { message: 'the state store is unreachable', type: 'server_error', code: 'state_unavailable' } }) });
  await page.route(isUsageRead, handler);
  return () => page.unroute(isUsageRead, handler);
}

describe('web UI: honest numbers and endpoint health (Chromium)', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let session: BrowserSession;

  const chat = async (endpoint: string) => (await nativeChat(gw.url, endpoint)).status;
  const adminApi = () => adminClient(gw.url, ADMIN_TOKEN);

  beforeAll(async () => {
    // The broken endpoint's provider refuses the gateway's key and, as some do, echoes it.
    ({ upstream, gw, session } = await startUiGateway({
      prefix: 'ui-honest-',
      config,
      env: { GATEWAY_ADMIN_TOKEN: ADMIN_TOKEN },
      upstream: { script: (req) => (req.body?.model === BROKEN_MODEL ? respondOpenAi.error(401, 'invalid_request_error', `Incorrect API key provided: ${PROVIDER_KEY}.`, 'invalid_api_key') : undefined) },
    }));
    await signInTab(session, ADMIN_TOKEN);
    for (let i = 0; i < 3; i++) expect(await chat('chat-ok')).toBe(200);
    for (let i = 0; i < 2; i++) expect(await chat('chat-broken')).toBe(502);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(() => stopUiGateway({ session, gw, upstream }));

  const page = () => session.page;
  const endpointsTable = () => page().getByRole('table', { name: /Endpoints/ });
  const row = (name: string) => endpointsTable().getByRole('row', { name: new RegExp(name) });
  /** The Requests and Errors cells of an endpoint's row, as read. */
  const counts = async (name: string) => (await row(name).getByRole('cell').allTextContents()).slice(3, 5).map((text) => text.trim());

  it("opens the Use dialog from the endpoint's name, which links to the endpoint's page", async () => {
    await session.open('/');
    await row('chat-ok').waitFor();
    await endpointsTable().getByRole('button', { name: 'chat-ok' }).click();
    const dialog = page().getByRole('dialog', { name: 'Use endpoint chat-ok' });
    await dialog.getByRole('tab', { name: 'Examples' }).waitFor();
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.resize('phone');
    expect(await session.accessibilityViolations()).toEqual([]);
    expect(await session.horizontalOverflow()).toBe(0);
    await session.screenshot('use-dialog-from-name-phone');
    await session.resize('desktop');

    await dialog.getByRole('link', { name: 'Open endpoint page' }).click();
    await page().getByRole('heading', { name: 'chat-ok', level: 1 }).waitFor();
    expect(new URL(page().url()).pathname).toBe('/ui/endpoints/chat-ok');
    expect(await page().getByRole('dialog').count()).toBe(0);
    // The same dialog from the Use button, and the page by its address.
    await session.open('/');
    await row('chat-ok').getByRole('button', { name: 'Use' }).click();
    await page().getByRole('dialog', { name: 'Use endpoint chat-ok' }).waitFor();
    await session.open('/endpoints/chat-broken');
    await page().getByRole('heading', { name: 'chat-broken', level: 1 }).waitFor();
  }, BROWSER_TEST_TIMEOUT_MS);

  it("shows each row's requests and errors as loading until usage arrives, never 0, then the counts", async () => {
    const held = await holdUsage(page());
    await session.open('/');
    await row('chat-ok').waitFor();
    expect(await counts('chat-ok')).toEqual(['…Loading', '…Loading']);
    expect(await counts('chat-broken')).toEqual(['…Loading', '…Loading']);
    expect(await session.accessibilityViolations()).toEqual([]);
    await held.release();
    await row('chat-broken').getByRole('cell').nth(3).getByText('2', { exact: true }).waitFor();
    expect(await counts('chat-ok')).toEqual(['3', '0']);
    expect(await counts('chat-broken')).toEqual(['2', '2 (100%)']);
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.resize('phone');
    expect(await session.accessibilityViolations()).toEqual([]);
    expect(await session.horizontalOverflow()).toBe(0);
    await session.screenshot('endpoints-list-phone');
    await session.resize('desktop');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('says once that usage is unavailable when the usage API fails, with a dash in each row', async () => {
    const restore = await failUsage(page());
    await session.open('/');
    const notice = page().getByRole('alert').filter({ hasText: 'Usage unavailable' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Usage unavailable: the state store is unreachable');
    expect(await page().getByText('Usage unavailable').count()).toBe(1);
    expect(await counts('chat-ok')).toEqual(['—Unavailable', '—Unavailable']);
    expect(await session.accessibilityViolations()).toEqual([]);
    await restore();
  }, BROWSER_TEST_TIMEOUT_MS);

  it('shows the dashboard loading, never 0 or $0.00, then the totals; legends show the range, not "--"; an error state when usage fails', async () => {
    const held = await holdUsage(page());
    await session.open('/usage');
    const stats = page().locator('.stat-card .stat-value');
    await stats.first().waitFor();
    expect(await stats.allTextContents()).toEqual(Array(5).fill('…Loading'));
    const overview = page().getByRole('region', { name: 'Usage of all endpoints' });
    expect(await overview.textContent()).not.toMatch(/\$0\.00|\b0\b/);
    expect(await page().locator('.u-legend').count()).toBe(0);
    expect(await session.accessibilityViolations()).toEqual([]);

    await held.release();
    const requests = page().locator('.stat-card').filter({ hasText: /^Requests/ }).locator('.stat-value');
    await requests.getByText('5', { exact: true }).waitFor();
    const errors = page().locator('.stat-card').filter({ hasText: /^Errors/ });
    expect(await errors.locator('.stat-value').textContent()).toBe('2');
    // Each legend, with no bucket pointed at, names the range and its figures.
    const traffic = page().getByRole('figure').filter({ hasText: 'Requests and errors' });
    await traffic.locator('.u-legend').waitFor();
    const legends = await page().locator('.u-legend').allTextContents();
    expect(legends).toHaveLength(4);
    for (const legend of legends) {
      expect(legend).not.toContain('--');
      expect(legend).toContain('Last hour');
    }
    expect((await traffic.locator('.u-legend').textContent())?.replace(/\s+/g, ' ')).toMatch(/Requests\s*5.*Errors\s*2/);
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.screenshot('usage-loaded');
    await session.resize('phone');
    expect(await session.accessibilityViolations()).toEqual([]);
    expect(await session.horizontalOverflow()).toBe(0);
    await session.screenshot('usage-phone');
    await session.resize('desktop');

    const restore = await failUsage(page());
    await session.open('/usage');
    const notice = page().getByRole('alert').filter({ hasText: 'Usage unavailable' });
    await notice.waitFor();
    expect(await notice.textContent()).toBe('Usage unavailable: the state store is unreachable');
    expect(await stats.allTextContents()).toEqual(Array(5).fill('—Unavailable'));
    expect(await page().locator('main').textContent()).not.toContain('$0.00');
    expect(await session.accessibilityViolations()).toEqual([]);
    await restore();
  }, BROWSER_TEST_TIMEOUT_MS);

  it("reads Failing for an endpoint whose every call fails, with its error rate and last error, the echoed key removed; never 'ok'", async () => {
    await session.open('/endpoints/chat-broken');
    const health = page().getByRole('region', { name: 'Health' });
    await health.getByText('Failing', { exact: true }).waitFor();
    expect(await health.textContent()).toContain('100% of 2 requests failed in the last hour.');
    const lastError = health.locator('.last-error');
    await lastError.waitFor();
    expect(await lastError.textContent()).toMatch(/Last error\s*(just now|\d+ min ago) · HTTP 502 · \w+ · up\/gpt-4o-2024-08-06/);
    const message = (await lastError.locator('.last-error-message').textContent()) ?? '';
    expect(message.length).toBeGreaterThan(0);
    expect(message).not.toContain(PROVIDER_KEY);
    // Nowhere on the page does the endpoint or its connection read "ok".
    expect(await page().getByText(/^ok$/i).count()).toBe(0);
    expect(await page().locator('main').textContent()).not.toContain(PROVIDER_KEY);
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.screenshot('endpoint-health-failing');
    await session.resize('phone');
    expect(await session.accessibilityViolations()).toEqual([]);
    expect(await session.horizontalOverflow()).toBe(0);
    await session.resize('desktop');

    await session.open('/endpoints/chat-ok');
    await health.getByText('Healthy', { exact: true }).waitFor();
    expect(await health.textContent()).toContain('No errors in 3 requests in the last hour.');
    expect(await health.textContent()).toContain('No failed calls recorded.');
  }, BROWSER_TEST_TIMEOUT_MS);

  it("shows a whole answer's text in Try it above its JSON", async () => {
    await session.open('/');
    await row('chat-ok').getByRole('button', { name: 'Use' }).click();
    const dialog = page().getByRole('dialog', { name: 'Use endpoint chat-ok' });
    await dialog.getByRole('tab', { name: 'Try it' }).click();
    await dialog.getByRole('button', { name: 'Send request' }).click();
    const result = dialog.getByRole('region', { name: 'Response' });
    const answer = result.locator('.answer-text');
    await answer.waitFor();
    expect(await answer.textContent()).toBe(ANSWER);
    expect(await result.getByRole('heading', { name: 'Answer' }).isVisible()).toBe(true);
    // The JSON stays, after the text.
    const json = result.locator('.response-body');
    expect(JSON.parse((await json.textContent()) ?? '').choices[0].message.content).toBe(ANSWER);
    const [textTop, jsonTop] = await Promise.all([answer.boundingBox(), json.boundingBox()]);
    expect(textTop!.y).toBeLessThan(jsonTop!.y);
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.resize('phone');
    expect(await session.accessibilityViolations()).toEqual([]);
    expect(await session.horizontalOverflow()).toBe(0);
    await session.screenshot('try-it-answer-phone');
    await session.resize('desktop');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('shows the Keys empty state on a fresh install and again once the last key is revoked', async () => {
    await session.open('/keys');
    const empty = page().getByRole('region', { name: 'No gateway keys' });
    await empty.waitFor();
    expect(await empty.textContent()).toContain('without ever holding a provider');
    expect(await empty.getByRole('button', { name: 'Create key' }).isVisible()).toBe(true);
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.resize('phone');
    expect(await session.accessibilityViolations()).toEqual([]);
    expect(await session.horizontalOverflow()).toBe(0);
    await session.resize('desktop');

    const created = (await adminApi().post('/api/keys', { name: 'short-lived', endpoints: '*' })).body as { id: string };
    await session.open('/keys');
    await page().getByRole('table', { name: 'Keys' }).getByRole('row', { name: /short-lived/ }).waitFor();
    expect(await empty.count()).toBe(0);
    expect((await adminApi().delete(`/api/keys/${created.id}`)).status).toBe(204);

    await session.open('/keys');
    await empty.waitFor();
    expect(await page().getByRole('table', { name: 'Keys' }).count()).toBe(0);
    await empty.getByRole('checkbox', { name: 'Show revoked keys (1)' }).check();
    const revoked = page().getByRole('table', { name: 'Keys' }).getByRole('row', { name: /short-lived/ });
    await revoked.waitFor();
    expect(await revoked.textContent()).toContain('revoked');
    expect(await session.accessibilityViolations()).toEqual([]);
    await session.screenshot('keys-empty-after-revoke');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('never shows a provider key anywhere the browser received', async () => {
    const received = await session.received();
    expect(received.filter((r) => r.body.includes(PROVIDER_KEY)).map((r) => r.url)).toEqual([]);
  });
});
