// The browser layer's pages. A worker starts one Chromium and keeps it for every file it runs (the browser project
// runs with isolate: false, so this module lives as long as the worker); each test gets its own context and page,
// closed after the test.
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

/**
 * `open(contextOptions)` for a test file: a page in a new context of the worker's browser (with `prepare` run on it),
 * that records console errors (tests/support/browser.ts openPage) and is closed, context and all, after its test.
 */
export function useBrowser(prepare?: (page: Page) => Promise<unknown>) {
  const opened: Page[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.context().close()));
  });
  return async function open(options: BrowserContextOptions = {}) {
    const page = await openPage(await sharedBrowser(), options);
    opened.push(page);
    await prepare?.(page);
    return page;
  };
}
