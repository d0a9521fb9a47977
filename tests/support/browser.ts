// Finds a Chromium for the browser tests, installing one when the machine has none.
// The tests drive Chromium's headless shell (Debian's chromium-headless-shell, the same Chromium build as its chromium
// package, and what Playwright itself runs for headless tests): it is the same engine without the desktop browser
// around it, and runs the browser layer in well under half the time of the full browser on a two-core machine
// (docs/decisions/test-layers.md). The Lighthouse audit keeps the full browser, whose paint timings its bar was set on.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

const DEBIAN = { shell: '/usr/bin/chromium-headless-shell', full: '/usr/bin/chromium' };
const PACKAGE = { shell: 'chromium-headless-shell', full: 'chromium' };
export type ChromeKind = keyof typeof DEBIAN;

/** CHROME_PATH, else Debian's Chromium of that kind (the tests take the full one when the shell is missing), else
 * (undefined) Playwright's own download. */
export function chromePath(kind: ChromeKind = 'shell'): string | undefined {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  if (existsSync(DEBIAN[kind])) return DEBIAN[kind];
  if (existsSync(DEBIAN.full)) return DEBIAN.full;
  return undefined;
}

/** Called once before the tests: makes sure that kind of Chromium exists, installing Debian's package when it can,
 * saying what it does; when it cannot, any Chromium there is will do. */
export function ensureBrowser(kind: ChromeKind = 'shell'): void {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return;
  if (existsSync(DEBIAN[kind])) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`[tests] Installing Debian's ${PACKAGE[kind]} package (apt-get install ${PACKAGE[kind]})...`);
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${PACKAGE[kind]}`, {
        stdio: 'inherit',
      });
    } catch {
      console.log(`[tests] apt-get could not install ${PACKAGE[kind]}.`);
    }
    if (existsSync(DEBIAN[kind])) return;
  }
  if (chromePath(kind)) return;
  console.log("[tests] No Chromium found: downloading Playwright's Chromium (npx playwright-core install chromium)...");
  execSync('npx playwright-core install chromium', { stdio: 'inherit' });
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** A page that records console errors and uncaught exceptions, and never reaches the internet. */
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

export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  // Third-party frames (maps) cannot load offline; keep them from trying.
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1|www\.localhost)/, (route) => route.abort());
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  if (options.javaScriptEnabled !== false) waitForEnhancements(page);
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/net::ERR_FAILED|Failed to load resource/.test(m.text())) page.errors.push(m.text());
  });
  return page;
}
