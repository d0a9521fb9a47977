// The blog index in a real Chromium: the banner's CSS animation, reduced motion, no JavaScript, the post cards' links
// shown.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useChromium } from '../support/use-chromium.ts';

const BANNER = ['.blog-banner .eyebrow', '.blog-banner h1', '.blog-banner .lead'];

const openPage = useChromium();

/** Computed animation, opacity and vertical offset of the three banner lines, read in one go. */
const banner = (page: Page) =>
  page.$$eval(BANNER.join(), (lines) =>
    lines.map((el) => {
      const cs = getComputedStyle(el);
      // the offset in px, to 0.01 px: a finished animation can leave a few nanopixels, or an identity matrix for none
      const shift = cs.transform === 'none' ? 0 : Math.round(new DOMMatrixReadOnly(cs.transform).m42 * 100) / 100 + 0;
      return { name: cs.animationName, delay: cs.animationDelay, duration: cs.animationDuration, opacity: Number(cs.opacity), shift };
    }),
  );

/** Records, inside the page, the h1 at the first frame where its animation exists: no round trip to the test in between. */
async function recordFirstLook(page: Page) {
  await page.evaluateOnNewDocument(() => {
    const look = () => {
      const h1 = document.querySelector('.blog-banner h1');
      const [a] = h1?.getAnimations() ?? [];
      if (!h1 || !a) return void requestAnimationFrame(look);
      const cs = getComputedStyle(h1);
      (window as any).firstLook = {
        opacity: Number(cs.opacity),
        shift: cs.transform === 'none' ? 0 : Math.round(new DOMMatrixReadOnly(cs.transform).m42 * 100) / 100 + 0,
        ms: Number(a.currentTime),
      };
    };
    requestAnimationFrame(look);
  });
}
async function firstLook(page: Page): Promise<{ opacity: number; shift: number; ms: number }> {
  const look = () => page.evaluate(() => (window as any).firstLook ?? null);
  await expect.poll(look, { message: "the h1's first frame with its animation, recorded" }).not.toBeNull();
  return look();
}

/** Holds the banner's animations at `ms` into their run (delays included), as the browser would show them then:
 * CSS time set through the Web Animations API, so no test waits for it in real time. */
const holdBannerAt = (page: Page, ms: number) =>
  page.evaluate(
    (lines, ms) => document.querySelectorAll(lines).forEach((l) => l.getAnimations().forEach((a) => (a.pause(), (a.currentTime = ms)))),
    BANNER.join(),
    ms,
  );

/** The banner's animations: when each one ends (ms, delay included) and whether it has. */
const bannerTimes = (page: Page) =>
  page.$$eval(BANNER.join(), (lines) =>
    lines.flatMap((l) => l.getAnimations().map((a) => ({ end: Number(a.effect!.getComputedTiming().endTime), state: a.playState }))),
  );

/** Waits for the banner's animations to end by themselves, then finds the three lines shown and in place. */
async function expectBannerEnds(page: Page) {
  await expect
    .poll(async () => (await bannerTimes(page)).map((t) => t.state), {
      message: 'the banner animations have ended',
    })
    .toEqual(['finished', 'finished', 'finished']);
  const end = await banner(page);
  expect(end.map((b) => b.opacity)).toEqual([1, 1, 1]);
  expect(end.map((b) => b.shift)).toEqual([0, 0, 0]);
}

describe('/blog', () => {
  it("animates the banner's eyebrow, h1 and lead in with 0.2 s, 0.4 s and 0.6 s delays, 0.6 s each, in CSS; each post's card shows its link", async () => {
    const page = await openPage();
    await recordFirstLook(page);
    await page.goto(baseUrl() + '/blog');
    const first = await firstLook(page);
    const start = await banner(page);
    expect(start.map((b) => b.name)).toEqual(['rise', 'rise', 'rise']);
    expect(start.map((b) => b.delay)).toEqual(['0.2s', '0.4s', '0.6s']);
    expect(start.map((b) => b.duration)).toEqual(['0.6s', '0.6s', '0.6s']);
    // Right after load the h1 is still waiting out its 0.4 s delay: transparent and lowered, not shown and then hidden.
    expect(first.ms).toBeLessThan(400);
    expect(first.opacity).toBe(0);
    expect(first.shift).toBeGreaterThan(0);

    // Then each moment of the run, the animations held there: 0.3 s in, the eyebrow is rising and the h1 waiting;
    await holdBannerAt(page, 300);
    const early = await banner(page);
    expect(early[0].opacity).toBeGreaterThan(0);
    expect(early[0].opacity).toBeLessThan(1);
    expect([early[1].opacity, early[2].opacity]).toEqual([0, 0]);
    // and 1 s in, the eyebrow (0.2 + 0.6 s) and the h1 (0.4 + 0.6 s) are in place, the lead still rising (all three in
    // place at the end: the test without JavaScript, the same CSS)
    await holdBannerAt(page, 1000);
    const later = await banner(page);
    expect(later[0].opacity).toBe(1);
    expect(later[1].opacity).toBe(1);
    expect(later[1].shift).toBe(0);
    expect(later[2].opacity).toBeLessThan(1);

    // a link to the post on each card (the cards, newest first, and the call-to-action card: tests/build/blog.test.ts)
    const posts = site.posts.slice(0, site.blogSettings.perPage);
    const links = await page.$$eval(
      '.post-card',
      (cs, labels) =>
        cs.map((c, i) =>
          [...c.querySelectorAll('a')]
            .filter((a) => a.textContent!.includes(labels[i]))
            .map((a) => [a.getAttribute('href'), a.checkVisibility()]),
        ),
      posts.map((p) => p.linkLabel),
    );
    expect(links).toEqual(posts.map((p) => [[p.path, true]]));
    expect(page.errors).toEqual([]);
  });

  it('shows all three lines at once when the visitor prefers reduced motion', async () => {
    const page = await openPage({ reducedMotion: true });
    await page.goto(baseUrl() + '/blog');
    expect((await banner(page)).map((b) => b.delay)).toEqual(['0s', '0s', '0s']);
    // Each line's animation is over within a millisecond of its start (with motion, the first would wait 0.2 s)...
    const times = await bannerTimes(page);
    expect(times).toHaveLength(3);
    for (const t of times) expect(t.end).toBeLessThanOrEqual(1);
    // ...and leaves the line shown, in place.
    await expectBannerEnds(page);
  });

  it('with JavaScript off, the lines still arrive: the animation is CSS alone', async () => {
    const page = await openPage({ javaScript: false });
    await page.goto(baseUrl() + '/blog');
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    const start = await banner(page);
    expect(start.map((b) => b.name)).toEqual(['rise', 'rise', 'rise']);
    // The animations run by themselves and end (the lead's 0.6 s delay + 0.6 s run) with the lines shown, in place.
    await expectBannerEnds(page);
  });
});
