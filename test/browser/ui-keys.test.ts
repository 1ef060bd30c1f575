import type { Request } from 'playwright-core';
import { formatUsd } from '../../plugins/web-ui/web/src/lib/format';
import type { OpenAiFake } from '../fakes/openai-fake';
import { adminClient } from '../support/admin-client';
import { BROWSER_TEST_TIMEOUT_MS, type BrowserSession } from '../support/browser';
import type { GatewayProcess } from '../support/gateway-process';
import { openAiAnswerCost } from '../support/openai-usage-cost';
import { installLineOf, runShellSnippet, runSnippetAsShown } from '../support/run-snippet';
import { exampleInstallLines, prepareSnippetEnvs, SNIPPET_ENVS_SETUP_TIMEOUT_MS } from '../support/snippet-envs';
import { nativeChat, signInTab, startUiGateway, stopUiGateway, type TabStorage } from '../support/ui-gateway';

/**
 * The Keys page and keys in the Use dialog, in a real Chromium against a gateway process
 * that requires gateway keys (`auth.require_keys`), on the real /api/keys routes: create
 * (errors beside their fields, the key shown once and copied), list, revoke with a
 * confirmation; the examples with `<GATEWAY_KEY>` in each SDK's key parameter, run with a
 * real key; Try it with a pasted key, sent only to the data plane in each API's header.
 */

const PROVIDER_KEY = 'sk-fake-provider-key-for-keys-9e1d';
const ADMIN_TOKEN = 'admin-token-for-keys-ui-3c8b';
const ANSWER = 'reply to: Hello!';
const KEY_PATTERN = /^mgw-[A-Za-z0-9_-]{43}$/;

const config = (upstream: string) => `auth: { require_keys: true }
providers:
  up: { type: openai, base_url: "${upstream}", api_key: "${PROVIDER_KEY}" }
endpoints:
  - { name: chat-a, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: chat-b, kind: chat, provider: up, model: gpt-4o-mini }
  - { name: embed-a, kind: embeddings, provider: up, model: text-embedding-3-small }
`;

describe('web UI: gateway keys (Chromium, keys required)', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let session: BrowserSession;
  /** The key made through the form, as copied from the page. */
  let key = '';
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];

  beforeAll(async () => {
    // Each example runs in a fresh environment holding only what its install line installs: made here, once per run.
    await prepareSnippetEnvs(exampleInstallLines());
    ({ upstream, gw, session } = await startUiGateway({ prefix: 'ui-keys-', config, env: { GATEWAY_ADMIN_TOKEN: ADMIN_TOKEN } }));
    session.page.on('request', (request: Request) => void sent.push({ url: request.url(), headers: request.headers() }));
    // Signed in as an admin of this tab, as the token dialog leaves it.
    await signInTab(session, ADMIN_TOKEN);
  }, SNIPPET_ENVS_SETUP_TIMEOUT_MS);

  afterAll(() => stopUiGateway({ session, gw, upstream }));

  const page = () => session.page;
  const tabItem = (name: string) => page().evaluate((item) => (globalThis as unknown as TabStorage).sessionStorage.getItem(item), name);
  const chat = async (endpoint: string, gatewayKey?: string) => (await nativeChat(gw.url, endpoint, gatewayKey ? { authorization: `Bearer ${gatewayKey}` } : {})).status;
  const adminApi = () => adminClient(gw.url, ADMIN_TOKEN);

  it('shows an empty Keys page that says keys are required, with Create key', async () => {
    await session.open('/keys');
    await page().getByRole('heading', { name: 'No gateway keys' }).waitFor();
    expect(await page().getByRole('link', { name: 'Keys', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page().getByRole('note').textContent()).toContain('This gateway requires a key on every /gateway/ route');
    expect(await chat('chat-a')).toBe(401);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('creates a key scoped to one endpoint with limits and an expiry: errors beside their fields, then the key once, copied', async () => {
    await page().getByRole('button', { name: 'Create key' }).first().click();
    const dialog = page().getByRole('dialog', { name: 'Create gateway key' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Only the endpoints chosen below' }).check();
    await dialog.getByRole('textbox', { name: 'Requests per minute (optional)' }).fill('0');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    // Each problem beside its own field, the first one focused.
    expect(await dialog.locator('#key-name-error').textContent()).toContain('Enter a name');
    expect(await dialog.locator('#key-endpoints-error').textContent()).toContain('Choose at least one endpoint');
    expect(await dialog.locator('#key-rpm-error').textContent()).toContain('whole number above 0');
    expect(await page().evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } } }).document.activeElement.id)).toBe('key-name');
    await session.screenshot('keys-create-errors');

    await dialog.getByRole('textbox', { name: 'Name' }).fill('ci-runner');
    await dialog.getByRole('group', { name: 'Endpoints this key may call' }).getByRole('checkbox', { name: /chat-a/ }).check();
    await dialog.getByRole('textbox', { name: 'Requests per minute (optional)' }).fill('60');
    await dialog.getByRole('textbox', { name: 'Tokens per minute (optional)' }).fill('10000');
    await dialog.getByRole('textbox', { name: 'Budget (USD) (optional)' }).fill('5');
    await dialog.getByRole('combobox', { name: 'Expires' }).selectOption({ label: 'In 30 days' });
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await session.screenshot('keys-create-filled');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page().getByRole('dialog', { name: 'Key ci-runner created' });
    await shown.waitFor();
    expect(await shown.getByRole('note').textContent()).toContain('you will not see it again');
    key = await shown.getByRole('textbox', { name: 'Gateway key' }).inputValue();
    expect(key).toMatch(KEY_PATTERN);
    await shown.getByRole('button', { name: /Copy key/ }).click();
    await shown.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await session.clipboard()).toBe(key);
    expect(await shown.textContent()).toContain('60 rpm · 10,000 tpm · $5.00 / day');
    await session.screenshot('keys-created');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    // The key works on its endpoint only.
    expect(await chat('chat-a', key)).toBe(200);
    expect(await chat('chat-b', key)).toBe(403);
    expect(upstream.last.headers.authorization).toBe(`Bearer ${PROVIDER_KEY}`);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('lists the key masked, with its scope, limits, expiry, creation and last use', async () => {
    await page().reload();
    const row = page().getByRole('table', { name: 'Keys' }).getByRole('row', { name: /ci-runner/ });
    await row.waitFor();
    const [masked, scope, limits, expires, lastUsed, lastDay] = (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
    const created = (await row.getByRole('rowheader').locator('time').textContent()) ?? '';
    expect(masked).toBe(`mgw-...${key.slice(-4)}`);
    expect(scope).toBe('chat-a');
    expect(limits).toBe('60 rpm · 10,000 tpm · $5.00 / day');
    const listed = (await adminApi().get('/api/keys')).body as { data: Array<{ expires_at: string; created_at: string }> };
    expect(Date.parse(listed.data[0].expires_at) - Date.parse(listed.data[0].created_at)).toBeCloseTo(30 * 86_400_000, -5);
    expect(expires).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    expect(created).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    expect(await row.getByRole('cell').nth(3).locator('time').getAttribute('datetime')).toBe(listed.data[0].expires_at);
    expect(await row.getByRole('rowheader').locator('time').getAttribute('datetime')).toBe(listed.data[0].created_at);
    expect(lastUsed).toBe('just now');
    // Its one answered call, priced; the refused one (403) reached no provider and costs nothing.
    expect(lastDay).toBe(`1 call · ${formatUsd(openAiAnswerCost('gpt-4o-mini'))}`);
    // Nothing on the page shows the key itself after the one answer.
    expect(await page().content()).not.toContain(key);
    await session.screenshot('keys-list');
  }, BROWSER_TEST_TIMEOUT_MS);

  it("shows the API's refusal beside the field it names: a name another admin took meanwhile", async () => {
    expect((await adminApi().post('/api/keys', { name: 'eval-team', endpoints: '*' })).status).toBe(201);
    // The page has not reloaded its list: only the API knows the name is taken.
    await page().getByRole('button', { name: 'Create key' }).click();
    const dialog = page().getByRole('dialog', { name: 'Create gateway key' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('eval-team');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const error = dialog.locator('#key-name-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('A key named "eval-team" already exists');
    expect(await dialog.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page().getByRole('table', { name: 'Keys' }).getByRole('row', { name: /eval-team/ }).waitFor();
  }, BROWSER_TEST_TIMEOUT_MS);

  it('shows where the key goes in every example; each one runs with a real key in its place, in a fresh environment holding only what its install line installs', async () => {
    await session.open('/');
    await page().getByRole('table').getByRole('row', { name: /chat-a/ }).getByRole('button', { name: 'Use' }).click();
    const dialog = page().getByRole('dialog', { name: 'Use endpoint chat-a' });
    await dialog.getByRole('note').filter({ hasText: 'This gateway requires a gateway key' }).waitFor();
    const examples = dialog.getByRole('article');
    expect(await examples.count()).toBe(7);
    const curl = (await examples.nth(0).locator('pre').textContent()) ?? '';
    expect(curl).toContain("-H 'Authorization: Bearer <GATEWAY_KEY>'");
    // As shown, the placeholder is refused; with the key in its place, the call is answered.
    expect(JSON.parse((await runShellSnippet(curl)).stdout).error.code).toBe('gateway_key_invalid');
    const run = await runShellSnippet(curl.replaceAll('<GATEWAY_KEY>', key));
    expect(JSON.parse(run.stdout).choices[0].message.content).toBe(ANSWER);
    expect((await examples.nth(4).locator('pre').textContent()) ?? '').toContain("-H 'x-api-key: <GATEWAY_KEY>'");
    expect((await examples.nth(5).locator('pre').textContent()) ?? '').toContain("-H 'x-goog-api-key: <GATEWAY_KEY>'");

    for (const language of ['Python', 'JavaScript'] as const) {
      await dialog.getByRole('radio', { name: language }).check();
      for (let i = 0; i < 7; i++) {
        const code = (await examples.nth(i).locator('pre').textContent()) ?? '';
        const title = (await examples.nth(i).getByRole('heading').textContent()) ?? '';
        expect(code).toContain('<GATEWAY_KEY>');
        const withKey = code.replaceAll('<GATEWAY_KEY>', key);
        const result = await runSnippetAsShown(language === 'Python' ? 'python' : 'javascript', installLineOf(await examples.nth(i).locator('.example-install').textContent()), withKey);
        const expected = title.includes('stream') ? /Hello from upstream/ : new RegExp(`^${ANSWER}$`, 'm');
        if (result.code !== 0 || !expected.test(result.stdout)) throw new Error(`${language} example "${title}" failed with a key (exit ${result.code}):\n${withKey}\n---\n${result.output}`);
      }
    }
    await dialog.getByRole('radio', { name: 'Python' }).check();
    await session.screenshot('use-dialog-keys');
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 180_000);

  it('sends Try it with a pasted key, in each API\'s own key header, to the gateway only; asks for the key beside its field first', async () => {
    await session.open('/endpoints/chat-a');
    // The page's queries settle first: on a loaded machine (one CI run) the click below once showed no key error, as if it met a page still re-rendering from a late answer.
    await page().waitForLoadState('networkidle');
    const examples = page().getByRole('region', { name: 'Use examples' });
    await examples.getByRole('tab', { name: 'Try it' }).click();
    const field = examples.getByLabel('Gateway key');
    expect(await field.getAttribute('type')).toBe('password');
    const calls = upstream.requests.length;
    await examples.getByRole('button', { name: 'Send request' }).click();
    expect(await examples.locator('.try-it-key .field-error').textContent()).toContain('Paste a gateway key');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(upstream.requests.length).toBe(calls);

    await field.fill(key);
    const result = examples.getByRole('region', { name: 'Response' });
    for (const [style, path, header, marker] of [
      ['Native invocations', '/gateway/chat-a/native/invocations', 'authorization', '"choices"'],
      ['Anthropic Messages', '/gateway/anthropic/v1/messages', 'x-api-key', '"type": "message"'],
      ['Gemini generateContent', '/gateway/gemini/v1beta/models/chat-a:generateContent', 'x-goog-api-key', '"candidates"'],
    ] as const) {
      await examples.getByRole('combobox', { name: 'API style' }).selectOption({ label: style });
      const [response] = await Promise.all([
        page().waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST'),
        examples.getByRole('button', { name: 'Send request' }).click(),
      ]);
      expect(response.status()).toBe(200);
      await result.locator('.response-body', { hasText: marker }).waitFor();
      expect(await result.textContent()).toContain(ANSWER);
      expect(await result.textContent()).toContain('200 OK');
      const call = sent.filter((r) => new URL(r.url).pathname === path).at(-1)!;
      expect(call.headers[header]).toBe(header === 'authorization' ? `Bearer ${key}` : key);
      for (const other of ['authorization', 'x-api-key', 'x-goog-api-key'].filter((h) => h !== header)) expect(call.headers[other]).toBeUndefined();
      // Upstream got the provider's key, never the gateway's.
      expect(JSON.stringify(upstream.last.headers)).not.toContain(key);
    }
    await session.screenshot('try-it-key');
    // Kept for the tab only, until forgotten.
    expect(await tabItem('model-gateway.gateway-key')).toBe(key);
    await examples.getByRole('button', { name: 'Forget key' }).click();
    expect(await tabItem('model-gateway.gateway-key')).toBeNull();
    expect(await field.inputValue()).toBe('');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('revokes a key after a confirmation naming it; its calls get 401 from then on', async () => {
    await session.open('/keys');
    const table = page().getByRole('table', { name: 'Keys' });
    await table.getByRole('row', { name: /ci-runner/ }).getByRole('button', { name: 'Revoke key ci-runner' }).click();
    const confirm = page().getByRole('alertdialog', { name: 'Revoke key ci-runner?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`ci-runner (mgw-...${key.slice(-4)})`);
    await session.screenshot('keys-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke key ci-runner' }).click();
    await page().getByRole('status').filter({ hasText: 'Key ci-runner revoked.' }).waitFor();
    expect(await table.getByRole('row', { name: /ci-runner/ }).count()).toBe(0);
    expect(await chat('chat-a', key)).toBe(401);
    await page().getByRole('checkbox', { name: 'Show revoked keys (1)' }).check();
    const revoked = table.getByRole('row', { name: /ci-runner/ });
    expect(await revoked.textContent()).toContain('revoked');
    expect(await revoked.getByRole('button').count()).toBe(0);
    await session.screenshot('keys-page');
  }, BROWSER_TEST_TIMEOUT_MS);

  it("filters the usage dashboard to one gateway key: that key's calls and endpoints only, revoked keys included", async () => {
    const created = (await adminApi().post('/api/keys', { name: 'nightly', endpoints: '*' })).body as { id: string; key: string };
    for (let i = 0; i < 2; i++) expect(await chat('chat-b', created.key)).toBe(200);
    const keyId = async (name: string) => ((await adminApi().get('/api/keys')).body as { data: Array<{ id: string; name: string }> }).data.find((k) => k.name === name)!.id;
    const apiRequests = async (id: string) => ((await adminApi().get(`/api/usage?combined=true&bucket=all&key=${id}`)).body as { data: Array<{ requests: number }> }).data[0]?.requests ?? 0;

    await session.open('/usage');
    const filter = page().getByRole('combobox', { name: 'Gateway key' });
    await filter.selectOption({ label: 'nightly' });
    await page().getByRole('region', { name: 'Usage of all endpoints, key nightly' }).waitFor();
    const requests = page().locator('.stat-card').filter({ hasText: /^Requests/ }).locator('.stat-value');
    await requests.getByText('2', { exact: true }).waitFor();
    const top = page().getByRole('table', { name: 'Top endpoints by cost, key nightly' });
    await top.getByRole('row', { name: /chat-b/ }).waitFor();
    expect(await top.getByRole('row').count()).toBe(2);
    expect(await top.getByRole('row', { name: /chat-b/ }).getByRole('cell').nth(0).textContent()).toBe('2');
    await session.screenshot('usage-by-key');

    // The revoked key's calls stay countable: every call its examples and Try it made, on chat-a only.
    await filter.selectOption({ label: 'ci-runner (revoked)' });
    const revokedTop = page().getByRole('table', { name: 'Top endpoints by cost, key ci-runner' });
    await revokedTop.getByRole('row', { name: /chat-a/ }).waitFor();
    expect(await revokedTop.getByRole('row').count()).toBe(2);
    const expected = await apiRequests(await keyId('ci-runner'));
    expect(expected).toBeGreaterThan(1);
    await requests.getByText(String(expected), { exact: true }).waitFor();
  }, BROWSER_TEST_TIMEOUT_MS);

  it('never leaks a credential: the gateway key only in its one creation answer and sent only to /gateway/ routes; no provider key or admin token in any response', async () => {
    const received = await session.received();
    expect(received.filter((r) => r.body.includes(key)).map((r) => `${r.status} ${new URL(r.url).pathname}`)).toEqual(['201 /api/keys']);
    for (const secret of [PROVIDER_KEY, ADMIN_TOKEN]) expect(received.filter((r) => r.body.includes(secret)).map((r) => r.url)).toEqual([]);
    const carriedKey = sent.filter((r) => Object.values(r.headers).some((v) => v.includes(key)) || r.url.includes(key));
    expect(carriedKey.every((r) => new URL(r.url).pathname.startsWith('/gateway/'))).toBe(true);
    expect(session.cspViolations).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
