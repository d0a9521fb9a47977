// Photos in Chromium, served with the site's own headers (CSP): the browser picks a sensible file for the screen,
// AVIF first, and nothing shifts as photos load, at phone and desktop widths.
import { describe, expect, it } from 'vitest';
import { newestPost, photoFixture, PLACED } from '../support/photos.ts';
import { recordShifts, shifts } from '../support/shifts.ts';
import { recordViolations, route, useBuiltSite, useChromium, type PageOptions } from '../support/use-chromium.ts';

const openPage = useChromium();
const server = useBuiltSite(photoFixture, {}, { withHeaders: true });

const SCREENS: [string, PageOptions, number][] = [
  // (the test photo is 3:4, so its widths are multiples of 3: 399, 801, 1200, 1599)
  // Lighthouse's phone: 412 px at DPR 1.75; the hero is the full width less the padding: (412 - 32) x 1.75 = 665 px
  ['phone', { viewport: { width: 412, height: 915, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true } }, 801],
  // desktop: the hero column is 34rem = 544 px
  ['desktop', { viewport: { width: 1280, height: 800, deviceScaleFactor: 1 } }, 801],
  ['desktop at DPR 2', { viewport: { width: 1280, height: 800, deviceScaleFactor: 2 } }, 1200],
];

// The hero's pick is one `sizes` wherever a hero is (templates/model/places.ts): the service page takes it at every
// screen, the post's page (its own layout, a cover and a photo in its body) at the phone's.
const CASES = [...SCREENS.map((s) => ['the service page', ...s] as const), ["the post's page", ...SCREENS[0]] as const];

describe.each(CASES)('%s, %s', (which, _, options, heroWidth) => {
  it(`picks an AVIF hero of a sensible width, and nothing shifts as photos load`, async () => {
    const post = `/blog/${newestPost(server).replace(/^blog\/|\.md$/g, '')}`;
    const urlPath = which === 'the service page' ? `/${PLACED.service.slug}` : post;
    const page = await openPage(options);
    const violations = await recordViolations(page);
    await recordShifts(page);
    // Photos arrive late, as on a phone network: held until the page has been laid out and painted without them, so
    // a photo without its dimensions would move the page when it lands.
    let release!: () => void;
    const painted = new Promise<void>((r) => (release = r));
    await route(page, /\/assets\/img\//, async (request) => (await painted, request.continue()));
    await page.goto(server.url + urlPath, { waitUntil: 'domcontentloaded' });
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length), {
        message: 'the page painted before its photos arrived',
      })
      .toBe(1);
    release();
    await page.waitForFunction(() => document.readyState === 'complete');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.app), { message: 'the app has started', timeout: 20_000 })
      .toBe('ready');
    // naturalWidth is density-corrected for a srcset image: the file's own width is in its name
    const hero = () =>
      page.$eval('.page-hero__media img', (el) => {
        const img = el as HTMLImageElement;
        return img.complete && img.naturalWidth > 0 && img.currentSrc;
      });
    await expect.poll(hero, { message: 'the hero photo has loaded' }).toBeTruthy();
    expect(await hero()).toMatch(new RegExp(`-${heroWidth}\\.avif$`));
    // down the page a screen at a time to its end, each screen's photos loaded before the next (an instant jump: a
    // wheel's smooth scroll under the sticky header was once counted as a shift of the menu, unrelated to photos)
    const inView = () =>
      page.evaluate(() =>
        [...document.images]
          .filter((i) => i.closest('picture'))
          .filter((i) => i.getBoundingClientRect().bottom > 0 && i.getBoundingClientRect().top < innerHeight)
          .every((i) => i.complete && i.naturalWidth > 0),
      );
    for (let atEnd = false; !atEnd;) {
      atEnd = await page.evaluate(() => {
        window.scrollBy({ top: 700, behavior: 'instant' });
        return scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
      });
      await expect.poll(inView, { message: `the photos in view at ${await page.evaluate(() => scrollY)} px have loaded` }).toBe(true);
    }
    await expect
      .poll(
        () => page.evaluate(() => [...document.images].filter((i) => i.closest('picture')).every((i) => i.complete && i.naturalWidth > 0)),
        { message: 'every photo has loaded' },
      )
      .toBe(true);
    expect(await shifts(page)).toEqual([]); // CLS 0: no shift at all
    expect(violations).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
