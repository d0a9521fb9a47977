// The editor's browser tests (tests/browser/cms.test.ts, editor-rules.test.ts, editor-status.test.ts) drive Chromium
// through Playwright until they move to puppeteer-core, as every other file has (tests/support/chromium.ts): this file,
// ./use-browser.ts and ./clock.ts go with them, and playwright-core (docs/decisions/engines-layer.md).
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromePath } from './chromium.ts';

export const launch = (): Promise<Browser> => chromium.launch({ executablePath: chromePath(), args: CHROMIUM_ARGS });

/** The head script starts the app module once the page has painted; until it runs, each control works as without
 * JavaScript (tests/browser/first-paint.test.ts). Tests of the enhanced behaviour start from the enhanced page, so
 * goto() and reload() resolve once the app has started, or once the head script gave up on it (the `js` class gone),
 * or at once on a document without the head script. Not with `waitUntil` set to an earlier point: such a test wants
 * the page as it is then. */
function waitForEnhancements(page: Page) {
  const started = async () => {
    try {
      await page.waitForFunction(() => {
        const d = document.documentElement;
        return d.dataset.app === 'ready' || !d.classList.contains('js');
      });
    } catch (e) {
      if (!/context was destroyed|navigat/i.test(String(e))) throw e; // a redirect stub moved on: nothing to wait for
    }
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const early = (o?: { waitUntil?: string }) => o?.waitUntil === 'commit' || o?.waitUntil === 'domcontentloaded';
  page.goto = async (url, o) => {
    const res = await goto(url, o);
    if (!early(o)) await started();
    return res;
  };
  page.reload = async (o) => {
    const res = await reload(o);
    if (!early(o)) await started();
    return res;
  };
}

/** A page of the tests: its console errors and uncaught exceptions, and the alerts it showed. */
export type TestPage = Page & { errors: string[]; alerts: string[] };

/** A page that records its errors and alerts (each dismissed, as Playwright does), and never reaches the internet. */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  // Third-party frames (maps) cannot load offline; keep them from trying.
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1|www\.localhost)/, (route) => route.abort());
  const page = (await context.newPage()) as TestPage;
  Object.assign(page, { errors: [], alerts: [] });
  if (options.javaScriptEnabled !== false) waitForEnhancements(page);
  page.on('dialog', (d) => (page.alerts.push(d.message()), void d.dismiss()));
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/net::ERR_FAILED|Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  return page;
}
