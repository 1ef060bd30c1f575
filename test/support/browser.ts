import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/**
 * A real Chromium (Debian's package, which .ci/run installs) driven by playwright-core,
 * never Playwright's own browser download. Every response the page receives is kept,
 * so a test can check what reached the browser (no credential anywhere).
 */

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Where tests save a screenshot of each page (git-ignored; a few are copied to docs/screenshots by hand). */
export const SCREENSHOTS = resolve(__dirname, '..', '..', 'test-results', 'ui-screenshots');

/**
 * Starting Chromium takes a second or two on these machines, a page's first load a little more;
 * a hook may also start a gateway process (up to 45 s under load), so the limit is sized for a
 * loaded 2-core machine.
 */
export const BROWSER_TEST_TIMEOUT_MS = 120_000;

/** The two sizes every page is checked at: a laptop, and a phone (an iPhone 12-15's CSS viewport). */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface ReceivedResponse {
  url: string;
  status: number;
  contentType: string;
  body: string;
}

const TEXT_TYPES = /html|javascript|json|css|text\/|svg/;

export class BrowserSession {
  readonly responses: ReceivedResponse[] = [];
  /** Console lines where the page's Content-Security-Policy refused something. */
  readonly cspViolations: string[] = [];
  /** Uncaught exceptions in the page. */
  readonly pageErrors: string[] = [];
  private readonly pending: Array<Promise<void>> = [];

  private constructor(
    private readonly browser: Browser,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  static async start(baseUrl: string, { viewport = 'desktop' }: { viewport?: ViewportName } = {}): Promise<BrowserSession> {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], isMobile: viewport === 'phone', hasTouch: viewport === 'phone', permissions: ['clipboard-read', 'clipboard-write'], deviceScaleFactor: 1 });
    const page = await context.newPage();
    const session = new BrowserSession(browser, context, page, baseUrl);
    page.on('response', (response) => {
      const contentType = response.headers()['content-type'] ?? '';
      if (!TEXT_TYPES.test(contentType) || response.status() === 204 || (response.status() >= 300 && response.status() < 400)) return;
      session.pending.push(
        response.text().then(
          (body) => void session.responses.push({ url: response.url(), status: response.status(), contentType, body }),
          () => undefined,
        ),
      );
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) session.cspViolations.push(message.text());
    });
    page.on('pageerror', (error) => session.pageErrors.push(error.message));
    return session;
  }

  /** Opens a page of the UI by its path under /ui, such as `/usage`. */
  async open(path: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/ui${path}`);
  }

  /** Every response body received so far (bodies are read asynchronously; this waits for them). */
  async received(): Promise<ReceivedResponse[]> {
    await Promise.all(this.pending);
    return this.responses;
  }

  async clipboard(): Promise<string> {
    return this.page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
  }

  /** `fullPage: false` keeps what the screen shows (a long page's top, small enough for the docs). */
  async screenshot(name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // Charts and fonts settle after the data arrives.
    await this.page.waitForTimeout(300);
    await this.page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
  }

  /** Resizes the page to a named viewport (the same page, so a test can check one state at both sizes). */
  async resize(viewport: ViewportName): Promise<void> {
    await this.page.setViewportSize(VIEWPORTS[viewport]);
  }

  /**
   * axe-core's serious and critical violations on the page as it is now (open dialogs included),
   * one line each: rule, impact and the first offending elements. An empty list is the goal.
   */
  async accessibilityViolations(): Promise<string[]> {
    const result = await new AxeBuilder({ page: this.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`);
  }

  /** How many CSS pixels the page is wider than the viewport (0: no horizontal scrolling). */
  async horizontalOverflow(): Promise<number> {
    return this.page.evaluate(() => {
      const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return Math.max(0, root.scrollWidth - root.clientWidth);
    });
  }

  /**
   * Shown elements that reach past the screen's right or left edge, as `tag.class "text"` (at most
   * five): content cut off inside a scrolling card does not make the page scroll, yet cannot be
   * seen without a sideways swipe. Lines of code scroll inside their own block, so those are left out.
   */
  async cutOffElements(): Promise<string[]> {
    return this.page.evaluate(() => {
      type Box = { left: number; right: number; width: number; height: number };
      type Node = { tagName: string; className: unknown; textContent: string | null; parentElement: Node | null; getBoundingClientRect(): Box; closest(selector: string): unknown };
      // Inside a 1-pixel box: text kept for screen readers only (.visually-hidden, a phone table's header row).
      const readersOnly = (node: Node): boolean => {
        for (let up = node.parentElement; up; up = up.parentElement) if (up.getBoundingClientRect().width <= 1) return true;
        return false;
      };
      const doc = (globalThis as unknown as { document: { querySelectorAll(selector: string): ArrayLike<Node> }; innerWidth: number });
      const width = doc.innerWidth;
      const found: string[] = [];
      for (const element of Array.from(doc.document.querySelectorAll('body *'))) {
        // The skip link waits off-screen until focused.
        if (element.closest('pre, .code-block, .tabs, svg, .skip-link')) continue;
        const box = element.getBoundingClientRect();
        if (box.width <= 1 || box.height === 0) continue;
        if ((box.right <= width + 1 && box.left >= -1) || readersOnly(element)) continue;
        found.push(`${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.split(' ').join('.')}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" (${Math.round(box.left)}..${Math.round(box.right)})`);
        if (found.length === 5) break;
      }
      return found;
    });
  }

  /** The focused element as `tag: text` (`h1: Usage`), or `body: …` when focus was lost; for checks of where focus went. */
  async focused(): Promise<string> {
    return this.page.evaluate(() => {
      const active = (globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string | null } | null } }).document.activeElement;
      return active ? `${active.tagName.toLowerCase()}: ${(active.textContent ?? '').trim()}` : 'nothing';
    });
  }

  /** Whether `locator`'s element has the focus (a dialog gave it back to its opener, say). */
  async hasFocus(locator: Locator): Promise<boolean> {
    return locator.evaluate((element: unknown) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement);
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
