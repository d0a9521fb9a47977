// One Chromium per test file; every page opened through open() has its context closed after its test.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launch, openPage } from './browser.ts';

export function useBrowser(prepare?: (page: Page) => Promise<unknown>) {
  let browser: Browser;
  const opened: Page[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((p) => p.context().close()));
  });
  afterAll(() => browser?.close());
  return async function open(options: BrowserContextOptions = {}) {
    const page = await openPage(browser, options);
    opened.push(page);
    await prepare?.(page);
    return page;
  };
}
