// The blog index in a real Chromium: the banner's CSS animation, reduced motion, no JavaScript,
// the call-to-action card and the post cards.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../templates/model.ts';
import { launch, openPage } from '../support/browser.ts';
import { baseUrl, realSite } from '../support/site.ts';

const BANNER = ['.blog-banner .eyebrow', '.blog-banner h1', '.blog-banner .lead'];

let browser: Browser;
let posts: Post[];
beforeAll(async () => {
  browser = await launch();
  posts = (await realSite()).posts;
});
afterAll(() => browser?.close());

/** Computed animation and opacity of the three banner lines, read in one go. */
function banner(page: Page) {
  return page.evaluate(
    (selectors) =>
      selectors.map((s) => {
        const el = document.querySelector(s);
        if (!el) throw new Error(`no ${s} on the page`);
        const cs = getComputedStyle(el);
        return {
          name: cs.animationName,
          delay: cs.animationDelay,
          duration: cs.animationDuration,
          // vertical offset in px, to 0.01 px, since a finished animation can leave a few nanopixels
          // (0 when the line sits in place; an animation may leave an identity matrix rather than none)
          opacity: Number(cs.opacity),
          shift: cs.transform === 'none' ? 0 : Math.round(new DOMMatrixReadOnly(cs.transform).m42 * 100) / 100 + 0,
        };
      }),
    BANNER,
  );
}

/** The h1's opacity, offset and how long its animation has run (delay included), read at the same moment. */
function h1Now(page: Page) {
  return page.evaluate(() => {
    const h1 = document.querySelector('.blog-banner h1')!;
    const [a] = h1.getAnimations();
    const cs = getComputedStyle(h1);
    return {
      opacity: Number(cs.opacity),
      shift: cs.transform === 'none' ? 0 : Math.round(new DOMMatrixReadOnly(cs.transform).m42 * 100) / 100 + 0,
      ms: a ? Number(a.currentTime) : null,
    };
  });
}

/** Records, inside the page, the h1 at the first frame where its animation exists: no round trip to the test in between. */
async function recordFirstLook(page: Page) {
  await page.addInitScript(() => {
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
const firstLook = async (page: Page): Promise<{ opacity: number; shift: number; ms: number }> =>
  (await page.waitForFunction(() => (window as any).firstLook)).jsonValue();

/** Waits for two frames, so animations whose time has come have been applied. */
const twoFrames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

describe('/blog banner', () => {
  it('animates eyebrow, h1 and lead in with 0.2 s, 0.4 s and 0.6 s delays, 0.6 s each, in CSS', async () => {
    const page = await openPage(browser);
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

    // ~1.1 s into the animation the h1 (0.4 s delay + 0.6 s) has finished: fully opaque and in place.
    await page.waitForTimeout(Math.max(0, 1100 - (await h1Now(page)).ms!));
    // The animation clock follows frames, which a loaded machine can delay a little: let it catch up to 1 s.
    await expect.poll(async () => (await h1Now(page)).ms, { timeout: 1000, interval: 50 }).toBeGreaterThanOrEqual(1000);
    const later = await banner(page);
    expect(later[0].opacity).toBe(1);
    expect(later[1].opacity).toBe(1);
    expect(later[1].shift).toBe(0);
    await expect.poll(async () => (await banner(page))[2].opacity, { timeout: 1000, interval: 50 }).toBe(1);
    expect(page.errors).toEqual([]);
  });

  it('shows all three lines at once when the visitor prefers reduced motion', async () => {
    const page = await openPage(browser, { reducedMotion: 'reduce' });
    // The same first look as above (where the h1 is still transparent), well inside the eyebrow's 0.2 s delay.
    await page.goto(baseUrl() + '/blog', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('.blog-banner h1')?.getAnimations().length, null, { polling: 'raf' });
    await twoFrames(page);
    expect((await banner(page)).map((b) => b.delay)).toEqual(['0s', '0s', '0s']);
    // A loaded machine can take a frame or two more to start even a 0.01 ms animation; with motion, the first line
    // would still be waiting out its 0.2 s delay at the end of this poll.
    await expect.poll(async () => (await banner(page)).map((b) => b.opacity), { timeout: 200, interval: 20 }).toEqual([1, 1, 1]);
    expect((await banner(page)).map((b) => b.shift)).toEqual([0, 0, 0]);
  });

  it('with JavaScript off, the lines still arrive: the animation is CSS alone', async () => {
    const page = await openPage(browser, { javaScriptEnabled: false });
    await page.goto(baseUrl() + '/blog');
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    const start = await banner(page);
    expect(start.map((b) => b.name)).toEqual(['rise', 'rise', 'rise']);
    // The lead's 0.6 s delay + 0.6 s run, and a margin for a loaded machine.
    await expect.poll(async () => (await banner(page)).map((b) => b.opacity), { timeout: 3000, interval: 100 }).toEqual([1, 1, 1]);
    await expect.poll(async () => (await banner(page)).map((b) => b.shift), { timeout: 1000, interval: 100 }).toEqual([0, 0, 0]);
  });
});

describe('/blog content', () => {
  it('has a call-to-action card linking tree removal, trimming and stump grinding', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/blog');
    const card = page.locator('.cta-card');
    expect(await card.count()).toBe(1);
    const services = card.locator('.link-list a');
    expect(await services.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/tree-removal',
      '/tree-trimming',
      '/stump-grinding',
    ]);
    expect((await services.allTextContents()).map((t) => t.trim())).toEqual(['Tree Removal', 'Tree Trimming & Pruning', 'Stump Grinding']);
    await card.getByRole('link', { name: 'Stump Grinding' }).click();
    await page.waitForURL('**/stump-grinding');
  });

  it('shows a card per post with title, summary and a Read Guide link to it, newest first', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/blog');
    const cards = page.locator('.post-card');
    expect(await cards.count()).toBe(posts.length);
    expect(posts.length).toBeGreaterThanOrEqual(1);
    for (const [i, post] of posts.entries()) {
      const card = cards.nth(i);
      const title = card.locator('h3 a');
      expect((await title.textContent())?.trim()).toBe(post.title);
      expect(await title.getAttribute('href')).toBe(post.path);
      expect(await card.locator('p').allTextContents()).toContain(post.summary);
      const read = card.locator('a', { hasText: 'Read Guide' });
      expect(await read.count()).toBe(1);
      expect(await read.isVisible()).toBe(true);
      expect(await read.getAttribute('href')).toBe(post.path);
    }
  });

  it('Read Guide opens the post', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl() + '/blog');
    await page.locator('.post-card').first().locator('a', { hasText: 'Read Guide' }).click();
    await page.waitForURL(`**${posts[0].path}`);
    expect(await page.locator('h1').textContent()).toBe(posts[0].title);
    expect(page.errors).toEqual([]);
  });
});
