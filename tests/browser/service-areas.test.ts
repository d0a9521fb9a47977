// The /service-areas index in a real Chromium: heading, every city's card, the responsive grid, the
// "Don't See Your Area?" block, and the reveal animation (with and without JavaScript or motion), with CSS time frozen
// through the debugger protocol.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/site.ts';
import { site } from '../support/facts.ts';
import { clock } from '../support/page-clock.ts';
import { useChromium, visible, type PageOptions } from '../support/use-chromium.ts';

const open = useChromium();
const phone = { width: 390, height: 844 };
const areas = site.serviceAreas;
const N = site.cities.length;

/** Per card: computed opacity, whether it is below the fold, whether it is revealed, and its inline transition delay in
 *  seconds (null when unset). */
const cardStates = (page: Page) =>
  page.$$eval('.area-card', (cards) =>
    cards.map((c) => ({
      opacity: getComputedStyle(c).opacity,
      belowFold: c.getBoundingClientRect().top > innerHeight,
      visibleClass: c.classList.contains('is-visible'),
      delay: (c as HTMLElement).style.transitionDelay ? parseFloat((c as HTMLElement).style.transitionDelay) : null,
    })),
  );
/** Every card shown, with nothing running. */
const allShown = (page: Page) =>
  page.$$eval('.area-card', (cards) => cards.every((c) => getComputedStyle(c).opacity === '1' && !c.getAnimations().length));
/** Every card but the first below the fold, and each shown at once: nothing to run, nothing to move. */
async function expectAllAtOnce(page: Page) {
  expect((await cardStates(page)).filter((c) => c.belowFold)).toHaveLength(N - 1);
  expect(await allShown(page), 'every card shown, with nothing to run').toBe(true);
  expect(await page.$$eval('.area-card', (cards) => getComputedStyle(cards.at(-1)!).transform)).toBe('none');
}

/** Card i's opacity transition as the browser runs it (delay and duration in ms), or null when it has none. */
const fade = (page: Page, i: number) =>
  page.$$eval(
    '.area-card',
    (cards, i) => {
      const t = cards[i].getAnimations().find((a) => (a as CSSTransition).transitionProperty === 'opacity');
      return t ? { delay: t.effect!.getTiming().delay, duration: Number(t.effect!.getTiming().duration) } : null;
    },
    i,
  );

/** Makes the screen just tall enough for the first card, so every other card starts below the fold, however many
 * cities the content has (a phone shows one card a row). */
async function foldAfterFirstCard(page: Page) {
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // (where the second card's box is laid out: its offsets, which leave out the fade's transform)
  const top = await page.$$eval('.area-card', (cards) => {
    let y = 0;
    for (let e = cards[1] as HTMLElement | null; e; e = e.offsetParent as HTMLElement | null) y += e.offsetTop;
    return y;
  });
  await page.setViewport({ width: phone.width, height: Math.floor(top) - 1 });
}

/**
 * Opens /service-areas on a phone with the page's timers on the page clock, paused, and CSS time (the cards'
 * transitions) frozen through the debugger protocol, which the page clock does not reach. The app is then started
 * as the head script does after the first paint, by running the clock to its 1.5 s safety net but never to its 3 s
 * fallback, which gives up on the app and shows every card: on a loaded machine the app can take longer than that in
 * real time.
 */
async function openFrozen(options: PageOptions = {}) {
  // paused from before the page: its timers wait for the test from the start
  const page = await open({ viewport: phone, clock: 'paused', ...options });
  await page.goto(baseUrl() + '/service-areas', { waitUntil: 'domcontentloaded' });
  await foldAfterFirstCard(page);
  const cdp = await page.createCDPSession();
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 0 });
  await clock.tick(page, 1500);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.dataset.app), { message: 'the app has started', timeout: 20_000 })
    .toBe('ready');
  return page;
}

/**
 * Scrolls at once (to card i, or to the top) and waits until an IntersectionObserver of the test's reports card i in
 * view. The page's own observer is notified in the same task, before it, so whatever the reveal does on that scroll
 * has been done by then.
 */
async function scrollTo(page: Page, i: number, where: 'card' | 'top' = 'card') {
  await page.evaluate(
    ([i, where]) => {
      const card = document.querySelectorAll('.area-card')[i as number];
      if (where === 'top') window.scrollTo({ top: 0, behavior: 'instant' });
      else card.scrollIntoView({ block: 'center', behavior: 'instant' });
      const w = window as unknown as { inView: boolean };
      w.inView = false;
      const probe = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= 0.1)) return;
          w.inView = true;
          probe.disconnect();
        },
        { threshold: 0.1 },
      );
      probe.observe(card);
    },
    [i, where] as const,
  );
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { inView: boolean }).inView), {
      message: `card ${i} reported in view after scrolling to the ${where}`,
    })
    .toBe(true);
}

describe('/service-areas', () => {
  it('with reduced motion, every card shows at once, the intro shown, in 1, 2 and 3 columns', async () => {
    const page = await openFrozen({ reducedMotion: true });
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
    await expectAllAtOnce(page);

    // (the title, the intro's words, the cards and the block's links: tests/build/pages.test.ts)
    expect(await visible(page, 'main .lead')).toBe(true);

    for (const [width, columns] of [
      [390, 1],
      [700, 2],
      [1280, 3],
    ] as const) {
      await page.setViewport({ width, height: 900 });
      const xs = await page.$$eval('.area-card', (els) => els.map((e) => Math.round(e.getBoundingClientRect().left)));
      // cards fill rows left to right: card i sits in column i % columns
      const sorted = [...new Set(xs)].sort((a, b) => a - b);
      expect(
        xs.map((x) => sorted.indexOf(x)),
        `${columns} columns at ${width} px`,
      ).toEqual(xs.map((_, i) => i % Math.min(columns, N)));
      const template = await page.$eval('.area-grid', (e) => getComputedStyle(e).gridTemplateColumns);
      expect(template.split(' ')).toHaveLength(columns);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(page.errors).toEqual([]);
  });

  // A card below the fold needs a second city.
  it.skipIf(N < 2)(
    'hides cards below the fold until they scroll into view, staggering delays by 0.05 s per card, and animates them only once',
    async () => {
      const page = await openFrozen();
      // The first card, on screen at load, is reported in view; the rest start below the fold, hidden.
      await scrollTo(page, 0, 'top');
      const before = await cardStates(page);
      expect(before.map((c) => [c.belowFold, c.visibleClass, c.opacity])).toEqual([
        [false, true, before[0].opacity],
        ...Array(N - 1).fill([true, false, '0']),
      ]);
      // The first card fades in without any scrolling: its fade has begun (CSS time is frozen at its start).
      expect(await fade(page, 0)).toMatchObject({ delay: 0 });
      for (let i = 1; i < N; i++) {
        await scrollTo(page, i);
        const now = (await cardStates(page))[i];
        expect([now.visibleClass, now.opacity], `card ${i} once in view, at the start of its fade`).toEqual([true, '0']);
        const f = await fade(page, i);
        expect(f, `card ${i}'s fade`).not.toBeNull();
        expect(f!.delay, `card ${i}'s fade delay (ms)`).toBeCloseTo(i * 50, 5);
        expect(f!.duration, `card ${i}'s fade duration (ms)`).toBeGreaterThan(0);
      }
      await page.evaluate(() => document.getAnimations().forEach((a) => a.finish()));
      const after = await cardStates(page);
      expect(after.map((c) => c.opacity)).toEqual(Array(N).fill('1'));
      for (const [i, c] of after.entries()) expect(c.delay, `card ${i} transition delay`).toBeCloseTo(i * 0.05, 5);
      expect(await allShown(page)).toBe(true);
      // Back at the top, the cards below the fold are still shown, and no fade started again (it would be frozen at its
      // start); and down again, the last card does not fade in a second time.
      await scrollTo(page, 0, 'top');
      expect((await cardStates(page)).filter((c) => c.belowFold)).toHaveLength(N - 1);
      expect(await allShown(page), 'back at the top').toBe(true);
      await scrollTo(page, N - 1);
      expect(await allShown(page), 'down again').toBe(true);
      expect(page.errors).toEqual([]);
    },
  );

  it.skipIf(N < 2)('shows every card at once without JavaScript', async () => {
    const page = await open({ viewport: phone, javaScript: false });
    await page.goto(baseUrl() + '/service-areas');
    await foldAfterFirstCard(page);
    await expectAllAtOnce(page);
  });
});
