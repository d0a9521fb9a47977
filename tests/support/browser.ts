// Finds a Chromium for the browser tests, installing one when the machine has none.
// The tests drive Chromium's headless shell (Debian's chromium-headless-shell, the same Chromium build as its chromium
// package, and what Playwright itself runs for headless tests): it is the same engine without the desktop browser
// around it, and runs the browser layer in well under half the time of the full browser on a two-core machine
// (docs/decisions/test-layers.md). The Lighthouse audit keeps the full browser, whose paint timings its bar was set on.
import { execSync } from 'node:child_process';
import { existsSync, unlinkSync, writeFileSync } from 'node:fs';
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

/** Installs Debian's packages as root, saying so; does nothing where it cannot (not root, no apt-get), and says so
 *  when apt-get fails: the caller looks for what it needs either way. */
export function aptInstall(packages: string[], purpose = ''): void {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  console.log(`[tests] Installing Debian's ${packages.join(', ')}${purpose} (apt-get install)...`);
  // no service a package brings is started meanwhile (nginx on port 80): a policy-rc.d that says no, while installing
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq ${packages.join(' ')}`,
      { stdio: 'inherit' },
    );
  } catch {
    console.log(`[tests] apt-get could not install ${packages.join(', ')}.`);
  } finally {
    if (ownPolicy) unlinkSync(policy);
  }
}

/** Called once before the tests: makes sure that kind of Chromium exists, installing Debian's package when it can,
 * saying what it does; when it cannot, any Chromium there is will do. */
export function ensureBrowser(kind: ChromeKind = 'shell'): void {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return;
  if (existsSync(DEBIAN[kind])) return;
  aptInstall([PACKAGE[kind]]);
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

/** Records the Content-Security-Policy violations of every document the page shows, as "path: directive blocked what
 * (file:line)". Call it before the page loads. */
export async function recordViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeFunction('__reportCsp', (v: string) => found.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    ),
  );
  return found;
}
