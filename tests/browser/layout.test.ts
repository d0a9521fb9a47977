// The shared layout in a real Chromium: header, footer, review bar. The Services dropdown and the mobile menu are
// journeys of the three engines (tests/engines/controls.test.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { business, SERVICE_PATHS, site, TEL } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();

/** How far the contact section's top is from the top of the screen, in px. */
const contactOffset = (page: Page) => page.evaluate(() => Math.abs(document.getElementById('contact')!.getBoundingClientRect().top));
/** Waits until the contact section has scrolled to the top of the screen (a smooth scroll takes its time), failing with where it is. */
const contactReached = (page: Page) =>
  expect.poll(() => contactOffset(page), { message: "#contact's distance from the top of the screen" }).toBeLessThan(200);

describe('desktop header', () => {
  it('shows the info strip, navigation and actions, with no script errors', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/about');
    await expect(page.locator('.info-strip').isVisible()).resolves.toBe(true);
    expect(await page.locator('.info-strip li').allTextContents()).toEqual(site.header.strip.map((s) => s.text));
    const nav = page.getByRole('navigation', { name: site.header.menuLabel });
    const pages = site.navigation.filter((item) => item.path !== undefined);
    expect(await nav.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(pages.map((item) => item.label)));
    expect(await page.locator('.header-contact').getAttribute('href')).toBe('/#contact');
    expect(await page.locator('.header-call').getAttribute('href')).toBe(TEL);
    expect(await page.locator('.logo').first().getAttribute('href')).toBe('/');
    expect(await page.locator('.menu-toggle').isVisible()).toBe(false);
    expect(page.errors).toEqual([]);
  });
  it('is painted whole on a slow phone: nothing in it moves while the rest of the page arrives', async () => {
    // At 8x CPU slowdown the parser yields in the middle of the header; painted then, the header would move as its
    // last items arrive (the Call button pushing the menu left), a layout shift on every slow load.
    const moved: string[] = [];
    for (const path of ['/', SERVICE_PATHS[0], '/about', '/blog']) {
      const page = await openPage();
      await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 8 });
      await page.addInitScript(() => {
        const w = window as unknown as { moved: string[]; shifts: PerformanceObserver };
        w.moved = [];
        const record = (entries: PerformanceEntryList) => {
          for (const e of entries as unknown as { sources: { node?: Node }[] }[])
            for (const s of e.sources)
              if (s.node && (s.node as Element).closest?.('.site-header')) w.moved.push((s.node as Element).outerHTML.slice(0, 60));
        };
        w.shifts = new PerformanceObserver((list) => record(list.getEntries()));
        w.shifts.observe({ type: 'layout-shift', buffered: true });
        (w as unknown as { takeShifts: () => void }).takeShifts = () => record(w.shifts.takeRecords());
      });
      await page.goto(baseUrl() + path, { waitUntil: 'load' });
      // Loaded, and the app started (goto waits for it). Two more frames, so a shift of the last layout is reported,
      // then the entries still queued for the observer are taken at once rather than waiting for its callback.
      const moves = await page.evaluate(async () => {
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const w = window as unknown as { moved: string[]; takeShifts: () => void };
        w.takeShifts();
        return w.moved;
      });
      moved.push(...moves.map((m) => `${path}: ${m}`));
      await page.context().close();
    }
    expect(moved).toEqual([]);
  });
  it('keeps the header on screen while scrolling', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + SERVICE_PATHS[0]);
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'scrolled by the wheel' }).toBeGreaterThan(1000);
    const top = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBe(0);
  });
  it('Contact scrolls smoothly to #contact on the home page', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/');
    expect(await page.locator('.header-contact').getAttribute('href')).toBe('#contact');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    await page.locator('.header-contact').click();
    await contactReached(page);
    expect(page.url()).toBe(baseUrl() + '/#contact');
  });
  it('arriving with a hash shows that element; without one, the top', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/#contact');
    await contactReached(page);
    await page.goto(baseUrl() + '/about');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('footer and review bar', () => {
  it('has services, company links, phone, email, map address, year and sitemap', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/blog');
    const footer = page.locator('.site-footer');
    expect(
      await footer.locator('nav[aria-labelledby="footer-services"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual(SERVICE_PATHS);
    expect(
      await footer.locator('nav[aria-labelledby="footer-company"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
    ).toEqual([...site.navigation.filter((item) => item.path && item.path !== '/').map((item) => item.path), '/#contact']);
    expect(await footer.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await footer.locator(`a[href="${business.mapUrl}"]`).getAttribute('target')).toBe('_blank');
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()}`);
    expect(await footer.locator('a[href="/sitemap.xml"]').count()).toBe(1);
  });
  it('keeps the review prompt stuck to the bottom, opening the review page in a new tab', async () => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl() + '/about');
    const bar = page.locator('.review-bar');
    expect(await bar.textContent()).toContain(site.reviewBar.question);
    const box = await bar.boundingBox();
    expect(Math.round(box!.y + box!.height)).toBe(844);
    const link = bar.getByRole('link');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
  });
});
