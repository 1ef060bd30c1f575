import { formatUsd } from '../../plugins/web-ui/web/src/lib/format';
import { type OpenAiFake, OPENAI_USAGE } from '../fakes/openai-fake';
import type { Locator } from 'playwright-core';
import { BROWSER_TEST_TIMEOUT_MS, type BrowserSession } from '../support/browser';
import type { GatewayProcess } from '../support/gateway-process';
import { openAiAnswerCost } from '../support/openai-usage-cost';
import { startUiGateway, stopUiGateway } from '../support/ui-gateway';

/**
 * Judge traffic apart from the application's, in a real Chromium: calls labelled as
 * MLflow's judges label them (`X-MLflow-Gateway-Caller: judge`), with the gateway's own
 * `x-gateway-caller`, and unlabelled, through a gateway process and the fake OpenAI
 * upstream; the usage dashboard and each endpoint's usage show each caller's requests,
 * tokens and cost, exactly as the fake's reported usage and the catalogue's price make them.
 */

const MODEL = 'gpt-4o-mini';
const JUDGE_CALLS = 3;
const APP_CALLS = 2;
const NIGHTLY_CALLS = 1;

const costOfOneCall = () => openAiAnswerCost(MODEL);

const config = (upstream: string) => `providers:
  up: { type: openai, base_url: "${upstream}", api_key: "sk-fake-provider-key-callers-77" }
endpoints:
  - { name: graded, kind: chat, provider: up, model: ${MODEL} }
  - { name: batch, kind: chat, provider: up, model: ${MODEL} }
`;

/** What one caller's row must read: requests, errors, tokens in and out, cost, share of the cost. */
function expectedRow(calls: number, share: string): string[] {
  return [String(calls), '0', String(calls * OPENAI_USAGE.prompt_tokens), String(calls * OPENAI_USAGE.completion_tokens), formatUsd(calls * costOfOneCall()), share];
}

describe('web UI: cost by caller, judges apart (Chromium)', () => {
  let upstream: OpenAiFake;
  let gw: GatewayProcess;
  let session: BrowserSession;

  beforeAll(async () => {
    ({ upstream, gw, session } = await startUiGateway({ prefix: 'ui-callers-', config }));
    const call = async (path: string, model: string, headers: Record<string, string>) => {
      const res = await fetch(`${gw.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ model, messages: [{ role: 'user', content: 'grade this' }] }) });
      expect(res.status).toBe(200);
    };
    // As MLflow's judges call: the OpenAI route under mlflow, with their caller header.
    for (let i = 0; i < JUDGE_CALLS; i++) await call('/gateway/mlflow/v1/chat/completions', 'graded', { 'x-mlflow-gateway-caller': 'judge' });
    for (let i = 0; i < APP_CALLS; i++) await call('/gateway/native/v1/chat/completions', 'graded', {});
    for (let i = 0; i < NIGHTLY_CALLS; i++) await call('/gateway/native/v1/chat/completions', 'batch', { 'x-gateway-caller': 'nightly-eval' });
    expect(upstream.requests).toHaveLength(JUDGE_CALLS + APP_CALLS + NIGHTLY_CALLS);
  }, BROWSER_TEST_TIMEOUT_MS);

  afterAll(() => stopUiGateway({ session, gw, upstream }));

  const page = () => session.page;
  const cells = async (row: Locator) => (await row.getByRole('cell').allTextContents()).map((text) => text.trim());

  it('shows each caller\'s requests, tokens and cost on the dashboard, judges apart, with the exact cost on the figure', async () => {
    await session.open('/usage');
    const table = page().getByRole('table', { name: 'Cost by caller' });
    await table.getByRole('row', { name: /^judge/ }).waitFor();
    const rows = table.getByRole('row');
    // Header, then the callers by cost: judge (3 calls), app (2), nightly-eval (1).
    expect(await rows.count()).toBe(4);
    expect((await rows.nth(1).getByRole('rowheader').textContent())?.startsWith('judge')).toBe(true);
    expect((await rows.nth(2).getByRole('rowheader').textContent())?.startsWith('app')).toBe(true);
    expect((await rows.nth(3).getByRole('rowheader').textContent())?.startsWith('nightly-eval')).toBe(true);
    expect(await cells(rows.nth(1))).toEqual(expectedRow(JUDGE_CALLS, '50%'));
    expect(await cells(rows.nth(2))).toEqual(expectedRow(APP_CALLS, '33%'));
    expect(await cells(rows.nth(3))).toEqual(expectedRow(NIGHTLY_CALLS, '17%'));
    // The figure rounds to two significant digits; its title carries the whole amount.
    for (const [row, calls] of [[1, JUDGE_CALLS], [2, APP_CALLS], [3, NIGHTLY_CALLS]] as const) {
      const exact = Number((await rows.nth(row).getByRole('cell').nth(4).getAttribute('title'))?.replace('$', ''));
      expect(exact).toBeCloseTo(calls * costOfOneCall(), 12);
    }
    // The summary: all callers' cost, and the judges' part of it.
    const cost = page().locator('.stat-card').filter({ hasText: /^Cost/ });
    expect(await cost.locator('.stat-value').textContent()).toBe(formatUsd((JUDGE_CALLS + APP_CALLS + NIGHTLY_CALLS) * costOfOneCall()));
    expect(await cost.locator('.stat-detail').textContent()).toBe(`judges ${formatUsd(JUDGE_CALLS * costOfOneCall())}`);
    await session.screenshot('usage-by-caller');
  }, BROWSER_TEST_TIMEOUT_MS);

  it('filters the dashboard to one caller: the judge\'s figures only, and only the endpoints it called', async () => {
    await page().getByRole('combobox', { name: 'Caller' }).selectOption('judge');
    await page().getByRole('region', { name: 'Usage of all endpoints, caller judge' }).waitFor();
    const stat = (label: RegExp) => page().locator('.stat-card').filter({ hasText: label }).locator('.stat-value');
    await stat(/^Requests/).getByText(String(JUDGE_CALLS), { exact: true }).waitFor();
    expect(await stat(/^Tokens in/).textContent()).toBe(`${JUDGE_CALLS * OPENAI_USAGE.prompt_tokens} / ${JUDGE_CALLS * OPENAI_USAGE.completion_tokens}`);
    expect(await stat(/^Cost/).textContent()).toBe(formatUsd(JUDGE_CALLS * costOfOneCall()));
    const top = page().getByRole('table', { name: 'Top endpoints by cost, caller judge' });
    await top.waitFor();
    const rows = await top.getByRole('row').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('graded');
    expect(await top.getByRole('row', { name: /graded/ }).getByRole('cell').nth(0).textContent()).toBe(String(JUDGE_CALLS));
    // The breakdown still shows every caller, the chosen one marked.
    expect(await page().getByRole('table', { name: 'Cost by caller' }).getByRole('row', { name: /^judge/ }).getAttribute('aria-current')).toBe('true');
    await session.screenshot('usage-caller-judge');

    await page().getByRole('combobox', { name: 'Caller' }).selectOption('nightly-eval');
    const nightly = page().getByRole('table', { name: 'Top endpoints by cost, caller nightly-eval' });
    await nightly.getByRole('row', { name: /batch/ }).waitFor();
    expect(await nightly.getByRole('row').count()).toBe(2);
  }, BROWSER_TEST_TIMEOUT_MS);

  it("shows each endpoint's own callers on its page", async () => {
    await session.open('/endpoints/graded');
    const usage = page().getByRole('region', { name: 'Usage' });
    const table = usage.getByRole('table', { name: 'Cost by caller' });
    await table.getByRole('row', { name: /^judge/ }).waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    expect(await cells(table.getByRole('row', { name: /^judge/ }))).toEqual(expectedRow(JUDGE_CALLS, '60%'));
    expect(await cells(table.getByRole('row', { name: /^app/ }))).toEqual(expectedRow(APP_CALLS, '40%'));
    expect(await usage.locator('.stat-card').filter({ hasText: /^Cost/ }).locator('.stat-detail').textContent()).toBe(`judges ${formatUsd(JUDGE_CALLS * costOfOneCall())}`);
    await session.screenshot('endpoint-usage-by-caller');

    await session.open('/endpoints/batch');
    const batch = page().getByRole('region', { name: 'Usage' }).getByRole('table', { name: 'Cost by caller' });
    await batch.getByRole('row', { name: /^nightly-eval/ }).waitFor();
    expect(await batch.getByRole('row').count()).toBe(2);
    expect(await cells(batch.getByRole('row', { name: /^nightly-eval/ }))).toEqual(expectedRow(NIGHTLY_CALLS, '100%'));
    // No judge called this endpoint: no judges' part under its cost.
    expect(await page().getByRole('region', { name: 'Usage' }).locator('.stat-card').filter({ hasText: /^Cost/ }).locator('.stat-detail').count()).toBe(0);
  }, BROWSER_TEST_TIMEOUT_MS);

  it('received no policy violation and no page error', () => {
    expect(session.cspViolations).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
