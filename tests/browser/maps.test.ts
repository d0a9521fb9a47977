// A map's frame (Google's) comes after one press on its button, in the placeholder's place and at its size, and only
// then does the page ask another origin for anything: the requests themselves, as Chromium reports them. That no route
// asks another origin before a press, in the three engines: tests/engines/pages.test.ts; the map without JavaScript:
// tests/engines/requests.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const open = useBrowser();

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

describe('a map', () => {
  it.each([
    ['/', HOME_MAP.mapTitle, 360],
    [CITY.path, site.cityPages.mapTitle.replace('{city}', CITY.name), CITY.map.height],
  ])(
    'on %s is a placeholder until one press on its button makes the frame, at its size, and focus moves into it',
    async (route, title, height) => {
      const page = await open({ viewport: { width: 1366, height: 900 } });
      const requests = otherOrigins(page);
      await page.goto(baseUrl() + route);
      const map = page.getByRole('group', { name: title });
      await map.scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('iframe').count(), { message: 'no frame before the press' }).toBe(0);
      const box = (await map.boundingBox())!;
      const next = () => page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top);
      const below = await next();
      expect(Math.round((await map.locator('.map__placeholder').boundingBox())!.height)).toBe(height);
      expect(Math.abs(box.width - (await map.evaluate((m) => m.parentElement!.clientWidth))), 'less its column').toBeLessThan(1);

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
});
