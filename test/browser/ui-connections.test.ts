import { OpenAiFake } from '../fakes/openai-fake';
import { adminClient, type AdminClient } from '../support/admin-client';
import { BROWSER_TEST_TIMEOUT_MS, BrowserSession } from '../support/browser';
import { startGatewayProcess, type GatewayProcess } from '../support/gateway-process';
import { gatewayConfigFile, labelled, seededConfig } from '../support/ui-gateway';

/**
 * The Connections page in a real Chromium, on the admin API of a gateway process: the list
 * with the endpoints using each connection, create, a draft test that saves nothing, edit
 * (a changed destination asks for the key again), delete refused while in use and allowed
 * once unused; axe and the phone layout on the page and each dialog.
 */

const TEAM_KEY = 'sk-team-connection-key-4f1a2b3c';
const DRAFT_KEY = 'sk-draft-connection-key-8d7e6f5a';
const MOVED_KEY = 'sk-moved-connection-key-1a2b3c4d';
const SEED_KEY = 'sk-yaml-seed-connection-key-99aa';

describe('web UI: connections (Chromium)', () => {
  let upstreamA: OpenAiFake;
  let upstreamB: OpenAiFake;
  let gw: GatewayProcess;
  let api: AdminClient;
  let session: BrowserSession;

  beforeAll(async () => {
    [upstreamA, upstreamB] = await Promise.all([OpenAiFake.start(), OpenAiFake.start()]);
    gw = await startGatewayProcess(gatewayConfigFile('ui-connections-', seededConfig(upstreamA.baseUrl, SEED_KEY)));
    api = adminClient(gw.url);
    expect((await api.post('/api/connections', { name: 'team', type: 'openai', base_url: upstreamA.baseUrl, api_key: TEAM_KEY })).status).toBe(201);
    expect((await api.post('/api/endpoints', { name: 'team-chat', kind: 'chat', provider: 'team', model: 'gpt-4o-mini' })).status).toBe(201);
    session = await BrowserSession.start(gw.url);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await session?.close();
    await gw?.stop();
    await Promise.all([upstreamA?.close(), upstreamB?.close()]);
  });

  const page = () => session.page;
  const row = (name: string) => page().getByRole('table').getByRole('row', { name: new RegExp(`^${name}\\b`) });
  const connectionNames = async () => ((await api.get('/api/connections')).body.data as Array<{ name: string }>).map((c) => c.name);
  /** axe at both sizes, and no horizontal scrolling on the phone, for the page as it is now. */
  const checkBothSizes = async (what: string) => {
    expect({ what, desktop: await session.accessibilityViolations() }).toEqual({ what, desktop: [] });
    await session.resize('phone');
    try {
      expect({ what, overflow: await session.horizontalOverflow() }).toEqual({ what, overflow: 0 });
      expect({ what, phone: await session.accessibilityViolations() }).toEqual({ what, phone: [] });
      await session.screenshot(`${what}-phone`);
    } finally {
      await session.resize('desktop');
    }
    await session.screenshot(`${what}-desktop`);
  };

  it('lists each connection with its type, destination, source and the endpoints using it', async () => {
    await session.open('/connections');
    await page().getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
    await page().getByRole('link', { name: 'Connections' }).and(page().locator('[aria-current="page"]')).waitFor();
    const team = row('team');
    await team.waitFor();
    expect(await team.textContent()).toContain(upstreamA.baseUrl);
    expect(await team.textContent()).toContain('UI / API');
    expect(await team.getByRole('link', { name: 'team-chat' }).getAttribute('href')).toBe('/ui/endpoints/team-chat');
    const seed = row('seed');
    expect(await seed.textContent()).toContain('Config file');
    expect(await seed.textContent()).toContain('Read-only');
    expect(await seed.getByRole('link', { name: 'from-yaml' }).count()).toBe(1);
    expect(await seed.getByRole('button', { name: /Edit|Delete/ }).count()).toBe(0);
    // Keys are only ever masked.
    expect(await page().content()).not.toContain(TEAM_KEY);
    // A saved connection (here the config file's) is tested from its row.
    upstreamA.reset();
    await seed.getByRole('button', { name: 'Test connection seed' }).click();
    await page().getByRole('status').filter({ hasText: /Connection seed works: gpt-4o-mini answered/ }).waitFor();
    expect(upstreamA.last.headers.authorization).toBe(`Bearer ${SEED_KEY}`);
    await checkBothSizes('connections');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('tests a draft without saving anything, then creates it', async () => {
    const before = await api.get('/api/connections');
    await page().getByRole('button', { name: 'Create connection' }).first().click();
    const dialog = page().getByRole('dialog', { name: 'Create connection' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('fresh');
    const provider = dialog.getByRole('combobox', { name: 'Provider' });
    await provider.click();
    await provider.fill('openai');
    await page().getByRole('option', { name: /OpenAI, or any OpenAI-compatible/ }).click();
    await dialog.getByLabel(labelled('API key')).fill(DRAFT_KEY);
    await dialog.getByLabel(labelled('Base URL')).fill(upstreamB.baseUrl);
    await dialog.getByRole('textbox', { name: labelled('Model to test with') }).fill('gpt-4o-mini');
    upstreamB.reset();
    // The provider refuses the key, quoting it: the message is shown, the key scrubbed from it.
    upstreamB.enqueue((req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${String(req.headers.authorization).slice(7)}.`, type: 'invalid_request_error', code: 'invalid_api_key' } }));
    });
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    const failed = dialog.getByRole('status').filter({ hasText: /Connection failed \(gpt-4o-mini\): .*Incorrect API key provided: \[redacted\]/ });
    await failed.waitFor();
    expect(await failed.textContent()).not.toContain(DRAFT_KEY);
    expect({ failed: await session.accessibilityViolations() }).toEqual({ failed: [] });
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByRole('status').filter({ hasText: /Connection works: gpt-4o-mini answered/ }).waitFor();
    expect(upstreamB.last.headers.authorization).toBe(`Bearer ${DRAFT_KEY}`);
    // Nothing was saved by the test.
    expect((await api.get('/api/connections')).body).toEqual(before.body);
    await checkBothSizes('connection-create-dialog');

    await dialog.getByRole('button', { name: 'Create connection' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page().getByRole('status').filter({ hasText: 'Connection fresh created.' }).waitFor();
    expect(await row('fresh').textContent()).toContain('No endpoint');
    expect(await connectionNames()).toContain('fresh');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('edits: the endpoints a change reaches are named, and a changed base URL asks for the key again', async () => {
    await page().getByRole('button', { name: 'Edit connection team' }).click();
    const dialog = page().getByRole('dialog', { name: 'Edit connection team' });
    await dialog.waitFor();
    expect(await dialog.getByRole('note').filter({ hasText: 'Changes apply to: team-chat' }).count()).toBe(1);
    const key = dialog.getByLabel(labelled('API key'));
    expect(await key.getAttribute('placeholder')).toMatch(/^sk-\.\.\.\w{4} \(unchanged\)$/);
    // Tested as it stands, the blank key is the stored one (the draft replaces "team" at the same destination).
    upstreamA.reset();
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByRole('status').filter({ hasText: /Connection works: gpt-4o-mini answered/ }).waitFor();
    expect(upstreamA.last.headers.authorization).toBe(`Bearer ${TEAM_KEY}`);
    await dialog.getByLabel(labelled('Base URL')).fill(upstreamB.baseUrl);
    expect(await key.getAttribute('placeholder')).toBe('Enter it again');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const error = dialog.locator('#connection-api_key-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^Enter it again: Base URL changed/);
    expect(await key.getAttribute('aria-invalid')).toBe('true');
    await checkBothSizes('connection-edit-dialog');
    // Nothing moved yet.
    expect((await api.get('/api/connections/team')).body.base_url).toBe(upstreamA.baseUrl);

    await key.fill(MOVED_KEY);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page().getByRole('status').filter({ hasText: 'Connection team saved.' }).waitFor();
    expect(await row('team').textContent()).toContain(upstreamB.baseUrl);
    upstreamB.reset();
    const reply = await fetch(`${gw.url}/gateway/native/v1/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'team-chat', messages: [{ role: 'user', content: 'Hello!' }] }) });
    expect(reply.status).toBe(200);
    expect(upstreamB.last.headers.authorization).toBe(`Bearer ${MOVED_KEY}`);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('refuses to delete a connection in use, naming the endpoint, and deletes it once unused', async () => {
    await page().getByRole('button', { name: 'Delete connection team' }).click();
    await page().getByRole('status').filter({ hasText: 'Connection "team" is used by endpoint "team-chat": change or delete it first.' }).waitFor();
    expect(await page().getByRole('alertdialog').count()).toBe(0);
    expect(await connectionNames()).toContain('team');

    expect((await api.delete('/api/endpoints/team-chat')).status).toBe(204);
    await session.open('/connections');
    await row('team').getByText('No endpoint').waitFor();
    // An endpoint starts using it after the list was read: the gateway's 409 names it in the dialog.
    expect((await api.post('/api/endpoints', { name: 'late-chat', kind: 'chat', provider: 'team', model: 'gpt-4o-mini' })).status).toBe(201);
    await page().getByRole('button', { name: 'Delete connection team' }).click();
    let confirm = page().getByRole('alertdialog', { name: 'Delete connection team?' });
    await confirm.getByRole('button', { name: 'Delete connection team' }).click();
    await confirm.getByRole('alert').filter({ hasText: 'Connection "team" is used by endpoint "late-chat"' }).waitFor();
    expect({ refused: await session.accessibilityViolations() }).toEqual({ refused: [] });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row('team').getByRole('link', { name: 'late-chat' }).waitFor();
    expect(await connectionNames()).toContain('team');

    expect((await api.delete('/api/endpoints/late-chat')).status).toBe(204);
    await session.open('/connections');
    await row('team').getByText('No endpoint').waitFor();
    await page().getByRole('button', { name: 'Delete connection team' }).click();
    confirm = page().getByRole('alertdialog', { name: 'Delete connection team?' });
    await confirm.waitFor();
    await checkBothSizes('connection-delete-dialog');
    await confirm.getByRole('button', { name: 'Delete connection team' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page().getByRole('status').filter({ hasText: 'Connection team deleted.' }).waitFor();
    expect(await row('team').count()).toBe(0);
    expect((await api.get('/api/connections/team')).status).toBe(404);
  }, BROWSER_TEST_TIMEOUT_MS);

  describe('on a gateway with no connections', () => {
    let empty: GatewayProcess;
    let emptySession: BrowserSession;
    beforeAll(async () => {
      empty = await startGatewayProcess(gatewayConfigFile('ui-connections-empty-', 'endpoints: []\n'));
      emptySession = await BrowserSession.start(empty.url);
    }, BROWSER_TEST_TIMEOUT_MS);
    afterAll(async () => {
      await emptySession?.close();
      await empty?.stop();
    });

    it('says there are none and offers to create one', async () => {
      await emptySession.open('/connections');
      const state = emptySession.page.getByRole('heading', { level: 2, name: 'No connections yet' });
      await state.waitFor();
      expect(await emptySession.page.getByRole('table').count()).toBe(0);
      expect(await emptySession.page.getByRole('button', { name: 'Create connection' }).count()).toBe(2);
      expect(await emptySession.accessibilityViolations()).toEqual([]);
      await emptySession.resize('phone');
      expect(await emptySession.horizontalOverflow()).toBe(0);
      expect(await emptySession.accessibilityViolations()).toEqual([]);
    }, BROWSER_TEST_TIMEOUT_MS);
  });
});
