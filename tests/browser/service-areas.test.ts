// The /service-areas index in a real Chromium: heading, breadcrumb, every city's card, the responsive grid,
// the "Don't See Your Area?" block, and the reveal animation (with and without JavaScript or motion).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from '../support/browser.ts';
import { baseUrl } from '../support/site.ts';
import { business, CITY_NAME, CITY_SLUGS, site, TEL } from '../support/facts.ts';

const NAMES = CITY_NAME;
const phone = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** Per card: computed opacity, whether it is below the fold, and its inline transition delay in seconds (null when unset). */
function cardStates(page: Page) {
  return page.locator('.area-card').evaluateAll((cards) =>
    cards.map((c) => ({
      opacity: getComputedStyle(c).opacity,
      belowFold: c.getBoundingClientRect().top > innerHeight,
      visibleClass: c.classList.contains('is-visible'),
      delay: (c as HTMLElement).style.transitionDelay ? parseFloat((c as HTMLElement).style.transitionDelay) : null,
    })),
  );
}

describe('/service-areas content', () => {
  it('has the title, breadcrumb and intro', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/service-areas');
    expect(await page.locator('h1').allTextContents()).toEqual(['Serving the Greater Vancouver Area']);
    expect(await page.title()).toMatch(/^Serving the Greater Vancouver Area/);
    const crumbs = page.getByRole('navigation', { name: site.labels.breadcrumb });
    expect((await crumbs.locator('li').allTextContents()).map((t) => t.trim())).toEqual([site.labels.home, 'Service Areas']);
    expect(await crumbs.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/']);
    expect(await crumbs.locator('[aria-current="page"]').textContent()).toBe('Service Areas');
    const intro = (await page.locator('main .lead').first().textContent())!.trim();
    expect(intro.split(/\s+/).length).toBeGreaterThanOrEqual(15);
    expect(await page.locator('main .lead').first().isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('lists every city in menu order, each with a name, a short description and a Learn More link', async () => {
    const page = await openPage(browser, { reducedMotion: 'reduce' });
    await page.goto(baseUrl() + '/service-areas');
    const cards = await page.locator('main .area-card').evaluateAll((els) =>
      els.map((el) => ({
        name: el.querySelector('h2, h3, h4')?.textContent?.trim(),
        description: el.querySelector('p')?.textContent?.trim() ?? '',
        links: [...el.querySelectorAll('a')].map((a) => ({ href: a.getAttribute('href'), text: a.textContent!.trim() })),
      })),
    );
    expect(cards.map((c) => c.name)).toEqual(CITY_SLUGS.map((s) => NAMES[s]));
    for (const [i, c] of cards.entries()) {
      const words = c.description.split(/\s+/).filter(Boolean).length;
      expect(words, `${c.name} description`).toBeGreaterThanOrEqual(5);
      expect(words, `${c.name} description`).toBeLessThanOrEqual(40);
      expect(c.links).toHaveLength(1);
      expect(c.links[0].href).toBe(`/service-area/${CITY_SLUGS[i]}`);
      expect(c.links[0].text).toMatch(/^Learn More/);
    }
    expect(new Set(cards.map((c) => c.description)).size).toBe(9);
  });

  it('Learn More opens the city page', async () => {
    const page = await openPage(browser, { reducedMotion: 'reduce' });
    await page.goto(baseUrl() + '/service-areas');
    await page
      .locator('.area-card', { hasText: 'Port Moody' })
      .getByRole('link', { name: /^Learn More/ })
      .click();
    await page.waitForURL('**/service-area/port-moody');
    expect(await page.locator('h1').textContent()).toBe('Tree Services in Port Moody, BC');
  });

  for (const [width, columns] of [
    [390, 1],
    [700, 2],
    [1280, 3],
  ] as const) {
    it(`lays the cards out in ${columns} column(s) at ${width} px`, async () => {
      const page = await openPage(browser, { viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      await page.goto(baseUrl() + '/service-areas');
      const xs = await page.locator('.area-card').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      expect(new Set(xs).size).toBe(columns);
      // Cards fill rows left to right: card i sits in column i % columns.
      const sorted = [...new Set(xs)].sort((a, b) => a - b);
      expect(xs.map((x) => sorted.indexOf(x))).toEqual(xs.map((_, i) => i % columns));
      const template = await page.locator('.area-grid').evaluate((e) => getComputedStyle(e).gridTemplateColumns);
      expect(template.split(' ')).toHaveLength(columns);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  it("has a Don't See Your Area? block asking visitors to call, with a Get a Free Quote link to /#contact", async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/service-areas');
    const block = page.locator('main section', { has: page.getByRole('heading', { name: "Don't See Your Area?" }) });
    expect(await block.count()).toBe(1);
    expect(await block.textContent()).toMatch(/\bcall\b/i);
    const tel = block.locator('a[href^="tel:"]');
    expect(await tel.count()).toBe(1);
    expect(await tel.getAttribute('href')).toBe(TEL);
    expect(await tel.textContent()).toBe(business.phone);
    const quote = block.getByRole('link', { name: 'Get a Free Quote' });
    expect(await quote.getAttribute('href')).toBe('/#contact');
    await quote.click();
    await page.waitForURL(/\/#contact$/);
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

describe('card reveal', () => {
  it('hides cards below the fold until they scroll into view, staggering delays by 0.05 s per card', async () => {
    const page = await openPage(browser, { viewport: phone });
    await page.goto(baseUrl() + '/service-areas');
    await page.waitForFunction(() => document.querySelector('.area-card')?.classList.contains('is-visible'));
    const before = await cardStates(page);
    const below = before.map((c, i) => (c.belowFold ? i : -1)).filter((i) => i >= 0);
    expect(below.length).toBeGreaterThanOrEqual(5); // one column on a phone: most cards start off screen
    for (const i of below) {
      expect(before[i].opacity, `card ${i} before scrolling`).toBe('0');
      expect(before[i].visibleClass).toBe(false);
    }
    // The first card is on screen at load and fades in without any scrolling.
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.area-card')!).opacity === '1');

    for (const i of below) {
      const card = page.locator('.area-card').nth(i);
      await card.scrollIntoViewIfNeeded();
      await page.waitForFunction((n) => getComputedStyle(document.querySelectorAll('.area-card')[n]).opacity === '1', i, { timeout: 5000 });
    }
    const after = await cardStates(page);
    expect(after.map((c) => c.opacity)).toEqual(Array(9).fill('1'));
    for (const [i, c] of after.entries()) expect(c.delay, `card ${i} transition delay`).toBeCloseTo(i * 0.05, 5);
    const duration = await page
      .locator('.area-card')
      .last()
      .evaluate((e) => parseFloat(getComputedStyle(e).transitionDuration));
    expect(duration).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
  });

  it('animates only once: revealed cards stay visible after scrolling away and back', async () => {
    const page = await openPage(browser, { viewport: phone });
    await page.goto(baseUrl() + '/service-areas');
    const last = page.locator('.area-card').last();
    // Scroll down through the grid so that every card passes through the viewport.
    for (let i = 0; i < 9; i++) {
      await page.locator('.area-card').nth(i).scrollIntoViewIfNeeded();
      await page.waitForTimeout(50);
    }
    await page.waitForFunction(() => [...document.querySelectorAll('.area-card')].every((c) => getComputedStyle(c).opacity === '1'), null, {
      timeout: 5000,
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(700); // longer than the fade, had it started again
    const offScreen = (await cardStates(page)).filter((c) => c.belowFold);
    expect(offScreen.length).toBeGreaterThanOrEqual(5);
    expect(offScreen.every((c) => c.opacity === '1' && c.visibleClass)).toBe(true);
    await last.scrollIntoViewIfNeeded();
    // Read at once: a card that had been hidden again would be fading in from 0 now.
    expect(await last.evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    expect((await cardStates(page)).every((c) => c.opacity === '1' && c.visibleClass)).toBe(true);
  });

  it('shows every card at once without JavaScript', async () => {
    const page = await openPage(browser, { viewport: phone, javaScriptEnabled: false });
    await page.goto(baseUrl() + '/service-areas');
    const states = await cardStates(page);
    expect(states.filter((c) => c.belowFold).length).toBeGreaterThanOrEqual(5);
    expect(states.map((c) => c.opacity)).toEqual(Array(9).fill('1'));
    expect(
      await page
        .locator('.area-card')
        .last()
        .evaluate((e) => getComputedStyle(e).transform),
    ).toBe('none');
  });

  it('shows every card at once when the visitor prefers reduced motion', async () => {
    const page = await openPage(browser, { viewport: phone, reducedMotion: 'reduce' });
    await page.goto(baseUrl() + '/service-areas');
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
    const states = await cardStates(page);
    expect(states.filter((c) => c.belowFold).length).toBeGreaterThanOrEqual(5);
    expect(states.map((c) => c.opacity)).toEqual(Array(9).fill('1'));
    expect(
      await page
        .locator('.area-card')
        .last()
        .evaluate((e) => getComputedStyle(e).transform),
    ).toBe('none');
    expect(page.errors).toEqual([]);
  });
});
