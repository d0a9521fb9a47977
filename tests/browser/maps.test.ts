// Nothing goes to another origin until the visitor asks for it. Every route, scrolled to its end at phone and desktop
// widths, asks for nothing but the site's own files; a map's frame (Google's) comes after one press on its button, in
// the placeholder's place and at its size, and without JavaScript the placeholder is a link to the map service.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { business, ROUTES, site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const open = useBrowser();

const WIDTHS: [string, BrowserContextOptions][] = [
  ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['desktop', { viewport: { width: 1366, height: 900 } }],
];
const HOME_MAP = site.home.contact;
const CITY = site.cities.find((c) => c.map.height !== 360) ?? site.cities[0]; // the spec's taller map, if any

/**
 * Every request the page makes to another origin, from now on. openPage() aborts them (tests/support/browser.ts), but
 * the browser asks first and Playwright reports the request before routing it, so an aborted one is counted too.
 */
function otherOrigins(page: Page): string[] {
  const own = new URL(baseUrl()).origin;
  const seen: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== own) seen.push(r.url());
  });
  return seen;
}

/** Scrolls to the page's end a screen at a time, as a reader does, each screen painted (so what is lazy near it
 * starts loading; Chromium starts a lazy frame or image well over a screen ahead), then waits until the network has
 * been quiet for half a second. */
async function scrollToEnd(page: Page) {
  await page.evaluate(async () => {
    const painted = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    while (innerHeight + scrollY < document.documentElement.scrollHeight - 1) {
      scrollBy({ top: innerHeight, behavior: 'instant' });
      await painted();
    }
  });
  await page.waitForLoadState('networkidle');
}

describe.each(WIDTHS)('at %s width, scrolled to its end', (_, options) => {
  it.each(ROUTES)('%s asks nothing of another origin', async (route) => {
    const page = await open(options);
    const requests = otherOrigins(page);
    await page.goto(baseUrl() + route);
    await scrollToEnd(page);
    expect(requests).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});

describe('this test', () => {
  it("would catch the lazy frame the pages had before: scrolled to, it calls the map's origin", async () => {
    const page = await open(WIDTHS[0][1]);
    const requests = otherOrigins(page);
    await page.goto(baseUrl() + CITY.path);
    // the map as it was: Google's frame, lazy, in the page from the start
    await page.locator('.map').evaluate((m) => {
      const f = document.createElement('iframe');
      f.loading = 'lazy';
      f.src = m.dataset.mapSrc!;
      m.replaceChildren(f);
    });
    expect(requests).toEqual([]); // far below the screen: not yet
    await scrollToEnd(page);
    expect(requests.map((u) => new URL(u).origin)).toContain('https://maps.google.com');
  });
});

describe('a map', () => {
  it.each([
    ['/', HOME_MAP.mapTitle, 360],
    [CITY.path, site.cityPages.mapTitle.replace('{city}', CITY.name), CITY.map.height],
  ])(
    'on %s is a placeholder until one press on its button makes the frame, at its size, and focus moves into it',
    async (route, title, height) => {
      const page = await open(WIDTHS[1][1]);
      const requests = otherOrigins(page);
      await page.goto(baseUrl() + route);
      const map = page.getByRole('group', { name: title });
      await map.scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('iframe').count(), { message: 'no frame before the press' }).toBe(0);
      const box = (await map.boundingBox())!;
      const next = () => page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top);
      const below = await next();
      expect(Math.round((await map.locator('.map__placeholder').boundingBox())!.height)).toBe(height);

      // by keyboard: the button is a real button, Enter presses it
      const button = map.getByRole('button', { name: site.labels.mapShow });
      await button.focus();
      await page.keyboard.press('Enter');
      const frame = map.locator('iframe');
      await expect.poll(() => frame.count(), { message: 'the frame after the press' }).toBe(1);
      expect(await frame.getAttribute('title')).toBe(title);
      expect(await frame.getAttribute('src')).toBe(await map.getAttribute('data-map-src'));
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
      // the frame asks the map service (the test aborts it: offline), and only it
      await expect
        .poll(() => requests.map((u) => new URL(u).origin), { message: "the frame's request" })
        .toEqual(['https://maps.google.com']);
      // the frame takes the placeholder's place at its size: nothing around it moves
      expect(await map.boundingBox()).toEqual(box);
      expect(Math.round((await frame.boundingBox())!.height)).toBe(height);
      expect(await next()).toBe(below);
    },
  );

  it('without JavaScript is the place and a link that opens it on the map service in a new tab, no button', async () => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(baseUrl() + '/');
    const map = page.getByRole('group', { name: HOME_MAP.mapTitle });
    expect(await map.getByRole('button').isVisible()).toBe(false);
    expect(await map.getByText(site.labels.mapNote).isVisible()).toBe(false);
    expect(await map.textContent()).toContain(business.address.street);
    const link = map.getByRole('link', { name: site.labels.mapOpen });
    expect(await link.isVisible()).toBe(true);
    expect(await link.getAttribute('href')).toBe(business.mapUrl);
    expect(await link.getAttribute('target')).toBe('_blank');
  });
});
