// In a real Chromium: the page paints before it fetches or runs anything of its own. The head script starts the app
// module once the browser reports the first paint; in a tab that cannot paint (hidden) or a browser that reports no
// paint, it starts at once, so the enhancements never wait for a paint that does not come.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { ROUTES, SERVICE_PATHS } from '../support/facts.ts';

const openPage = useBrowser();

/** When the first contentful paint was reported and when the app module's request went out, in ms since navigation. */
async function timings(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => {
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const modules = performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/app-\w+\.js$/.test(new URL(e.name).pathname)) as PerformanceResourceTiming[];
    const requests = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
    return { fcp, module: modules.map((m) => m.startTime), requests };
  });
}

describe('the app module starts after the first paint', () => {
  it.each(['/', SERVICE_PATHS[0], ROUTES.find((r) => r.startsWith('/blog/'))!, '/no-such-page'])(
    '%s: painted, then the module (the only request), then the enhancements',
    async (p) => {
      const page = await openPage();
      await page.goto(baseUrl() + p);
      const t = await timings(page);
      expect(t.fcp).toBeGreaterThan(0);
      expect(t.module).toHaveLength(1);
      expect(t.module[0]).toBeGreaterThanOrEqual(t.fcp!);
      // nothing else of the site's own before or with it: the stylesheet and the icon are in the page
      expect(t.requests.filter((r) => !/\/assets\/(app|delivery)-\w+\.js$/.test(r))).toEqual([]);
    },
  );

  it('in a hidden tab, which paints nothing, the module starts at once', async () => {
    const page = await openPage();
    await page.addInitScript(() => Object.defineProperty(Document.prototype, 'hidden', { get: () => true }));
    await page.goto(baseUrl() + '/');
    const t = await timings(page);
    expect(t.module).toHaveLength(1);
    expect(t.module[0]).toBeLessThan(t.fcp!);
  });

  it('in a browser that reports no paint, the module starts at once', async () => {
    const page = await openPage();
    await page.addInitScript(() => Object.defineProperty(window, 'PerformanceObserver', { value: undefined }));
    await page.goto(baseUrl() + '/about');
    const t = await timings(page);
    expect(t.module).toHaveLength(1);
    expect(t.module[0]).toBeLessThan(t.fcp!);
  });

  it('a tap before the app has started gets the behaviour without JavaScript: the menu opens, an estimate button leads to the form', async () => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/app-\w+\.js$/, async (route) => (await held, route.continue()));
    await page.goto(baseUrl() + SERVICE_PATHS[0], { waitUntil: 'domcontentloaded' });
    await page.locator('.menu-toggle').click();
    await expect.poll(() => page.locator('#mobile-menu .mobile-menu__panel').isVisible()).toBe(true);
    expect(new URL(page.url()).hash).toBe('#mobile-menu');
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await page.locator('[data-menu-close]').last().click();
    await page.locator('main [data-estimate]').first().click();
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#contact');
    expect(await page.locator('#contact form').isVisible()).toBe(true);
    release();
  });
});
