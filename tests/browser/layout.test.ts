// The shared layout in a real Chromium: header, footer, review bar, and a real mouse wheel over the page and under the
// open estimate dialog. The Services dropdown, the mobile menu and the dialog are journeys of the three engines
// (tests/engines/controls.test.ts).
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { FORM_LABELS, SERVICE_PATHS, site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { recordShifts, shifts } from '../support/shifts.ts';
import { byRole, text, useChromium, visible } from '../support/use-chromium.ts';

const openPage = useChromium();

/** A service page whose closing band (far down the page) holds an estimate button, if the content has one. */
const CLOSING_ESTIMATE_PAGE = site.services.find((s) => s.closing.button.action === 'estimate')?.path;

const isOpen = (page: Page) => page.$eval('#estimate-dialog', (d) => (d as HTMLDialogElement).open);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Turns the mouse wheel and waits until the page has received it and drawn two frames since: a page that can
 * scroll has begun to by then (the wheel scrolls from the next frame on). */
async function wheel(page: Page, dy: number) {
  type Counted = { framesSinceWheel: number };
  await page.evaluate(() => {
    const w = window as unknown as Counted;
    w.framesSinceWheel = -1;
    const count = () => requestAnimationFrame(() => ++w.framesSinceWheel < 2 && count());
    addEventListener('wheel', () => ((w.framesSinceWheel = 0), count()), { once: true, passive: true });
  });
  await page.mouse.wheel({ deltaY: dy });
  const frames = () => page.evaluate(() => (window as unknown as Counted).framesSinceWheel);
  await expect.poll(frames, { message: 'the page got the wheel and drew two frames since' }).toBe(2);
}

/** How far the contact section's top is from the top of the screen, in px. */
const contactOffset = (page: Page) => page.evaluate(() => Math.abs(document.getElementById('contact')!.getBoundingClientRect().top));
/** Waits until the contact section has scrolled to the top of the screen (a smooth scroll takes its time), failing with where it is. */
const contactReached = (page: Page) =>
  expect.poll(() => contactOffset(page), { message: "#contact's distance from the top of the screen" }).toBeLessThan(200);

describe('desktop header', () => {
  it('is painted whole on a slow phone: nothing in it moves while the rest of the page arrives', async () => {
    // At 8x CPU slowdown the parser yields in the middle of the header; painted then, the header would move as its
    // last items arrive (the Call button pushing the menu left), a layout shift on every slow load. The home page
    // stands for every page: every page's head (templates/parts/Head.tsx) holds the paint until the header's end with
    // the same <link rel="expect" blocking="render">.
    const page = await openPage();
    await page.emulateCPUThrottling(8);
    await recordShifts(page);
    await page.goto(baseUrl() + '/', { waitUntil: 'load' });
    expect((await shifts(page)).filter((s) => s.includes('in the header'))).toEqual([]);
  });
  it('shows the info strip and no menu button, and stays on screen while scrolling', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + SERVICE_PATHS[0]);
    // (its words: tests/build/copy-in-content.test.ts; its menu and links: tests/build/navigation.test.ts)
    expect(await visible(page, '.info-strip')).toBe(true);
    expect(await visible(page, '.menu-toggle')).toBe(false);
    await wheel(page, 2500);
    await expect.poll(() => scrollY(page), { message: 'scrolled by the wheel' }).toBeGreaterThan(1000);
    expect(await page.$eval('.site-header', (el) => el.getBoundingClientRect().top)).toBe(0);
  });
  it('Contact scrolls smoothly to #contact on the home page; arriving with a hash shows that element, without one the top', async () => {
    const page = await openPage();
    await page.goto(baseUrl() + '/');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
    await page.locator('.header-contact').click();
    await contactReached(page);
    expect(page.url()).toBe(baseUrl() + '/#contact');
    await page.goto(baseUrl() + '/about');
    expect(await scrollY(page)).toBe(0);
    await page.goto(baseUrl() + '/#contact');
    await contactReached(page);
  });
});

describe('footer and review bar', () => {
  // (its links, services, company links and the year: tests/build/navigation.test.ts, areas.test.ts, output.test.ts)
  it('keeps the review prompt stuck to the bottom, opening the review page in a new tab', async () => {
    const page = await openPage({ viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl() + '/about');
    expect(await text(page, '.review-bar')).toContain(site.reviewBar.question);
    expect(await page.$eval('.review-bar', (bar) => Math.round(bar.getBoundingClientRect().bottom))).toBe(844);
    const link = await page.$eval('.review-bar a', (a) => [a.target, a.rel]);
    expect(link[0]).toBe('_blank');
    expect(link[1]).toContain('noopener');
  });
});

describe('the estimate dialog', () => {
  it.skipIf(!CLOSING_ESTIMATE_PAGE)(
    'the wheel does not scroll the page under the open dialog; closed, the page is where it was and scrolls again',
    async () => {
      const page = await openPage();
      await page.goto(baseUrl() + CLOSING_ESTIMATE_PAGE);
      const opener = '.cta-band [data-estimate]';
      await page.$eval(opener, (b) => b.scrollIntoView({ block: 'center', behavior: 'instant' }));
      const y = await scrollY(page);
      expect(y).toBeGreaterThan(1000);
      await page.locator(opener).click();
      await expect.poll(() => isOpen(page), { message: 'the dialog opens' }).toBe(true);
      await page.mouse.move(640, 100);
      await wheel(page, 800);
      expect(await scrollY(page)).toBe(y);
      await page.locator(`${byRole('dialog', FORM_LABELS.dialogTitle)} ${byRole('button', FORM_LABELS.close)}`).click();
      expect(await isOpen(page)).toBe(false);
      expect(await scrollY(page)).toBe(y);
      await wheel(page, 400);
      await expect.poll(() => scrollY(page), { message: 'the wheel scrolls the page again' }).toBeGreaterThan(y);
    },
  );
});
