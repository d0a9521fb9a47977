// The browser layer's pages, in Chromium through puppeteer-core. A worker starts one Chromium and keeps it for every
// file it runs (a worker is one process for the whole run: tests/vitest.config.ts); each test gets its own context and
// page, closed after the test.
import type { Browser, HTTPRequest, Page, Viewport } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchChromium } from './chromium.ts';
import type { BuildOptions } from '../../generator/build-site.ts';
import type { Fixture } from './fixture.ts';
import { builtFixture } from './test-fixture.ts';
import { clockScript } from './page-clock.ts';
import { serve, type ServeOptions } from './server.ts';

let shared: Promise<Browser> | undefined;

/** The worker's Chromium, started on first use, and started again if it has gone (a crash ends no other file). It
 *  never reaches the internet: a name other than the loopback's resolves to nothing, once the request is reported. */
export async function sharedChromium(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.connected) return running;
  shared = launchChromium(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE www.localhost']);
  return shared;
}

export interface PageOptions {
  /** The window, 1280 x 800 unless told. */
  viewport?: Viewport;
  /** As a visitor who prefers reduced motion: nothing scrolls smoothly or fades in, so a click does not wait for its
   *  target to stop moving. */
  reducedMotion?: boolean;
  /** false: the page's own scripts do not run. */
  javaScript?: boolean;
  /** The page clock (./page-clock.ts) in every document the page shows: from now (true), from this time (ms since the
   *  epoch), or standing still from the start ('paused'). */
  clock?: true | number | 'paused';
}

/** A page of the tests: its console errors and uncaught exceptions, and the alerts it showed. */
export type TestPage = Page & { errors: string[]; alerts: string[] };

/**
 * `open(options)` for a test file: a page in a new context of the worker's Chromium, with the file's `defaults` under
 * the test's options and `prepare` run on it, that records its errors and alerts (each dismissed) and is closed,
 * context and all, after its test. With JavaScript on, goto() and reload() resolve once the app has started.
 */
export function useChromium(defaults: PageOptions = {}, prepare?: (page: TestPage) => Promise<unknown>) {
  const opened: Page[] = [];
  // (a test may have closed one already)
  afterEach(() =>
    Promise.all(
      opened.splice(0).map((p) =>
        p
          .browserContext()
          .close()
          .catch(() => {}),
      ),
    ),
  );
  return async function open(options: PageOptions = {}): Promise<TestPage> {
    const o = { ...defaults, ...options };
    const context = await (await sharedChromium()).createBrowserContext();
    const page = Object.assign(await context.newPage(), { errors: [] as string[], alerts: [] as string[] });
    opened.push(page);
    await page.setViewport(o.viewport ?? { width: 1280, height: 800 });
    if (o.reducedMotion) await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    if (o.clock) await page.evaluateOnNewDocument(clockScript(typeof o.clock === 'number' ? o.clock : null, o.clock === 'paused'));
    if (o.javaScript === false) await page.setJavaScriptEnabled(false);
    else waitForApp(page);
    page.on('dialog', (d) => (page.alerts.push(d.message()), void d.dismiss()));
    page.on('pageerror', (e) => page.errors.push(e instanceof Error ? e.message : String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) page.errors.push(m.text());
    });
    await prepare?.(page);
    return page;
  };
}

/** The head script starts the app module once the page has painted; until it runs, each control works as without
 * JavaScript (tests/browser/first-paint.test.ts). Tests of the enhanced behaviour start from the enhanced page, so
 * goto() and reload() resolve once the app has started, or once the head script gave up on it (the `js` class gone),
 * or at once on a document without the head script; not with `waitUntil: 'domcontentloaded'`, for a test that wants
 * the page as it is then. */
function waitForApp(page: Page) {
  for (const name of ['goto', 'reload'] as const) {
    const own = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const res = await own(...args);
        if ((args.at(-1) as { waitUntil?: string } | undefined)?.waitUntil === 'domcontentloaded') return res;
        await page
          .waitForFunction(() => document.documentElement.dataset.app === 'ready' || !document.documentElement.classList.contains('js'))
          .catch((e) => {
            if (!/context|navigat|detached/i.test(String(e))) throw e; // a redirect stub moved on: nothing to wait for
          });
        return res;
      },
    });
  }
}

/** A site of the file's own: builtFixture's (changed by `prepare`, built with `opts`), served (`options`) before the
 *  file's tests and stopped after them; its address in `url` once the tests run. */
export function useBuiltSite(prepare: (fx: Fixture) => unknown, opts: Partial<BuildOptions> = {}, options?: ServeOptions) {
  const built = Object.assign(builtFixture(prepare, opts), { url: '' });
  let server: { url: string; close: () => Promise<void> } | undefined;
  beforeAll(async () => {
    server = await serve(built.out, options);
    built.url = server.url;
  });
  afterAll(() => server?.close());
  return built;
}

/** Requests to an address `pattern` matches go to `handle`, which aborts, holds or answers each; every other request
 *  goes on. One a page; returns a function that ends it. */
export async function route(page: Page, pattern: RegExp, handle: (request: HTTPRequest) => unknown): Promise<() => Promise<void>> {
  const to = (r: HTTPRequest) => void (pattern.test(r.url()) ? handle(r) : r.continue());
  await page.setRequestInterception(true);
  page.on('request', to);
  return () => (page.off('request', to), page.setRequestInterception(false));
}

/** Records the Content-Security-Policy violations of every document the page shows, as "path: directive blocked what
 * (file:line)". Call it before the page loads. */
export async function recordViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.exposeFunction('__reportCsp', (v: string) => found.push(v));
  await page.evaluateOnNewDocument(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    ),
  );
  return found;
}

/** Every request the page makes to another origin than `own` from now on, and the page that made it: reported before
 *  it fails (the tests' Chromium resolves no other host: sharedChromium), so a failed one is counted too. */
export function otherOrigins(page: Page, own: string): { from: string; url: string }[] {
  const seen: { from: string; url: string }[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== new URL(own).origin) seen.push({ from: page.url(), url: r.url() });
  });
  return seen;
}

/** Puppeteer's selector for what has that ARIA role and accessible name in Chromium's accessibility tree. */
export const byRole = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`;
/** How many elements `selector` matches now. */
export const count = (page: Page, selector: string) => page.$$eval(selector, (els) => els.length);
/** The text of the first element `selector` matches now, or null. */
export const text = (page: Page, selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
/** Whether the first element `selector` (CSS, or Puppeteer's ::-p-aria: byRole) matches is shown now. */
export const visible = async (page: Page, selector: string) => !!(await (await page.$(selector))?.isVisible());
