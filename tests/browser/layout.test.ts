// The shared layout in a real Chromium: header, Services dropdown, mobile menu, footer, review bar.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { business, CITY_NAMES, SERVICE_PATHS, site, TEL } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();

/** How far the contact section's top is from the top of the screen, in px. */
const contactOffset = (page: Page) => page.evaluate(() => Math.abs(document.getElementById('contact')!.getBoundingClientRect().top));
/** Waits until the contact section has scrolled to the top of the screen (a smooth scroll takes its time), failing with where it is. */
const contactReached = (page: Page) =>
  expect.poll(() => contactOffset(page), { message: "#contact's distance from the top of the screen" }).toBeLessThan(200);
/** Waits for the mobile menu to close (it slides out), failing with a word of it. */
const menuClosed = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.getElementById('mobile-menu')!.classList.contains('is-open')), {
      message: 'the mobile menu is still open',
    })
    .toBe(false);

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
  it('opens the Services dropdown by mouse and closes it on an outside click', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/');
    const menu = page.locator('.dropdown__menu');
    expect(await menu.isVisible()).toBe(false);
    const services = site.navigation.find((item) => item.menu === 'services' && item.path === undefined)!;
    await page.getByText(services.label, { exact: true }).first().click();
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link').allTextContents()).toEqual(site.services.map((s) => s.name));
    await page.mouse.click(5, 600);
    expect(await menu.isVisible()).toBe(false);
  });
  it('works the dropdown by keyboard: Enter opens, Tab reaches the links, Escape closes and returns focus', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/');
    await page.locator('.dropdown__toggle').focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(site.services[0].name);
    await page.keyboard.press('Escape');
    expect(await page.locator('.dropdown__menu').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('dropdown__toggle');
  });
  it('opens the dropdown without JavaScript', async () => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto(baseUrl() + '/');
    await page.locator('.dropdown__toggle').click();
    const service = site.services.at(-1)!;
    await page.locator('.dropdown__menu').getByRole('link', { name: service.name, exact: true }).click();
    await expect.poll(() => page.url()).toBe(baseUrl() + service.path);
    expect(await page.locator('h1').textContent()).toBe(service.h1);
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

describe('mobile menu', () => {
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  it('slides in with the full list, locks scrolling, moves focus in and back on Escape', async () => {
    const page = await openPage(phone);
    await page.goto(baseUrl() + SERVICE_PATHS[0]);
    expect(await page.locator('.main-nav').isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: site.header.openMenu });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('dialog', { name: site.header.mobileMenu });
    await menu.waitFor();
    const links = await menu.getByRole('link').allTextContents();
    // the menu's pages, then each list under its own page's link
    const lists = { services: site.services.map((s) => s.name), cities: CITY_NAMES };
    expect(links.map((t) => t.trim())).toEqual([
      ...site.navigation.filter((item) => !item.menu).map((item) => item.label),
      ...site.navigation.flatMap((item) => (item.menu ? [...(item.path ? [item.menuLink ?? item.label] : []), ...lists[item.menu]] : [])),
      site.header.contact,
      site.labels.call,
    ]);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    expect(await page.evaluate(() => document.activeElement?.closest('#mobile-menu') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await menuClosed(page);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-toggle'))).toBe(true);
  });
  it('Contact in the menu closes it and scrolls to the contact section on the home page', async () => {
    const page = await openPage(phone);
    await page.goto(baseUrl() + '/');
    await page.getByRole('button', { name: site.header.openMenu }).click();
    await page.getByRole('dialog', { name: site.header.mobileMenu }).getByRole('link', { name: site.header.contact }).click();
    await contactReached(page);
    expect(await page.locator('.mobile-menu__panel').isVisible()).toBe(false);
  });
  it('opens without JavaScript too', async () => {
    const page = await openPage({ ...phone, javaScriptEnabled: false });
    await page.goto(baseUrl() + '/');
    await page.locator('.menu-toggle').click();
    const city = site.cities.at(-1)!;
    await page.locator('.mobile-menu__panel').getByRole('link', { name: city.name, exact: true }).click();
    await expect.poll(() => page.url()).toBe(baseUrl() + city.path);
    expect(await page.locator('h1').textContent()).toContain(city.name);
  });
});
