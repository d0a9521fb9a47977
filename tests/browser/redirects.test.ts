// Old addresses land where the spec says, keeping query and hash; www. goes to the bare host.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from '../support/browser.ts';
import { baseUrl } from '../support/site.ts';
import { REDIRECTS } from '../support/facts.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

describe('redirect stubs', () => {
  it.each(REDIRECTS)('%s replaces navigation with %s', async (from, to) => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/about');
    await page.goto(baseUrl() + from);
    await page.waitForURL(baseUrl() + to);
    // replace, not push: Back skips the stub
    await page.goBack();
    expect(new URL(page.url()).pathname).toBe('/about');
    await page.close();
  });
  it('keeps query and hash', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/services/tree-removal?utm_source=card#faq-heading');
    await page.waitForURL(baseUrl() + '/tree-removal?utm_source=card#faq-heading');
  });
  it('works for crawlers and no-JS visitors through meta refresh', async () => {
    const page = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(baseUrl() + '/services/storm-cleanup');
    await page.waitForURL(baseUrl() + '/storm-cleanup');
  });
});

describe('www rule', () => {
  it('sends www.localhost to the bare host before paint, keeping path, query and hash', async () => {
    const page = await openPage(browser);
    const port = new URL(baseUrl()).port;
    await page.goto(`http://www.localhost:${port}/service-area/delta?ref=x#faq-heading`);
    await page.waitForURL(`http://localhost:${port}/service-area/delta?ref=x#faq-heading`);
    expect(await page.locator('h1').textContent()).toBe('Tree Services in Delta, BC');
  });
});
