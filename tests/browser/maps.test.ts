// A map's frame (Google's) comes after one press on its button, in the placeholder's place and at its size, and only
// then does the page ask another origin for anything: the requests themselves, as Chromium reports them. That no page
// asks another origin before a press: a page of each kind in the three engines (tests/engines/pages.test.ts), and every
// route's markup in tests/build/validity.test.ts; the map without JavaScript:
// tests/engines/requests.test.ts. One map stands for every map: they are one component (templates/parts/blocks.tsx
// MapFrame, its height a class of the placeholder) and one script, client/first-visit/page.ts.
import { describe, expect, it } from 'vitest';
import { site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { byRole, count, otherOrigins, useChromium } from '../support/use-chromium.ts';

const open = useChromium();

const CITY = site.cities.find((c) => c.map.height !== 360) ?? site.cities[0]; // a map of another height than the default, if any

describe('a map', () => {
  it.each([[CITY.path, site.cityPages.mapTitle.replace('{city}', CITY.name), CITY.map.height]])(
    'on %s is a placeholder until one press on its button makes the frame, at its size, and focus moves into it',
    async (route, title, height) => {
      const page = await open({ viewport: { width: 1366, height: 900 } });
      const requests = otherOrigins(page, baseUrl());
      await page.goto(baseUrl() + route);
      const map = byRole('group', title);
      const within = <T>(fn: (m: Element) => T) => page.$eval(map, fn as (m: Element) => Awaited<T>) as Promise<Awaited<T>>;
      await within((m) => m.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await expect.poll(() => count(page, 'iframe'), { message: 'no frame before the press' }).toBe(0);
      const box = () => within((m) => JSON.stringify(m.getBoundingClientRect()));
      const before = await box();
      const next = () => page.evaluate(() => document.querySelector('footer')!.getBoundingClientRect().top);
      const below = await next();
      expect(await within((m) => Math.round(m.querySelector('.map__placeholder')!.getBoundingClientRect().height))).toBe(height);
      expect(await within((m) => Math.abs(m.getBoundingClientRect().width - m.parentElement!.clientWidth)), 'less its column').toBeLessThan(
        1,
      );

      // by keyboard: the button is a real button, Enter presses it
      await page.focus(`${map} ${byRole('button', site.labels.mapShow)}`);
      await page.keyboard.press('Enter');
      await expect.poll(() => within((m) => m.querySelectorAll('iframe').length), { message: 'the frame after the press' }).toBe(1);
      const [frameTitle, src, mapSrc] = await within((m) => [
        m.querySelector('iframe')!.title,
        m.querySelector('iframe')!.getAttribute('src'),
        m.getAttribute('data-map-src'),
      ]);
      expect(frameTitle).toBe(title);
      expect(src).toBe(mapSrc);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
      // the frame asks the map service (which the test's Chromium cannot reach: offline), and only it
      await expect
        .poll(() => requests.map((r) => new URL(r.url).origin), { message: "the frame's request" })
        .toEqual(['https://maps.google.com']);
      // the frame takes the placeholder's place at its size: nothing around it moves
      expect(await box()).toBe(before);
      expect(await within((m) => Math.round(m.querySelector('iframe')!.getBoundingClientRect().height))).toBe(height);
      expect(await next()).toBe(below);
    },
  );
});
