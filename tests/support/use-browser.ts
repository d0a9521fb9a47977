// The editor's browser tests' pages, in Chromium through Playwright, until they move to puppeteer-core as every other
// file of the layer has (./use-chromium.ts): then this file goes, with ./browser.ts. A worker starts one Chromium and
// keeps it for every file it runs; each test gets its own context and page, closed after the test.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { launch, openPage } from './browser.ts';

let shared: Promise<Browser> | undefined;

/** The worker's Chromium, started on first use, and started again if it has gone (a crash ends no other file). */
export async function sharedBrowser(): Promise<Browser> {
  const running = await shared?.catch(() => undefined);
  if (running?.isConnected()) return running;
  shared = launch();
  return shared;
}

/** Context options for files whose subject is what a form does, not how the page moves: with reduced motion the page
 * scrolls to a field at once and nothing fades in, so a click does not wait, as Playwright does, for its target to stop
 * moving (a smooth scroll down the home page to its form took about 1.4 s a click). Motion itself is tested with the
 * visitor's default (tests/browser/layout, blog, csp, service-areas). */
export const STILL: BrowserContextOptions = { reducedMotion: 'reduce' };

/**
 * `open(contextOptions)` for a test file: a page in a new context of the worker's browser (with `prepare` run on it,
 * and the file's `defaults` under the test's options), that records console errors (tests/support/browser.ts
 * openPage) and is closed, context and all, after its test.
 */
export function useBrowser(prepare?: (page: Page) => Promise<unknown>, defaults: BrowserContextOptions = {}) {
  const opened: Page[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.context().close()));
  });
  return async function open(options: BrowserContextOptions = {}) {
    const page = await openPage(await sharedBrowser(), { ...defaults, ...options });
    opened.push(page);
    await prepare?.(page);
    return page;
  };
}
