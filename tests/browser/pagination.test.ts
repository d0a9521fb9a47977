// The blog's pager in a real Chromium: accessible names, keyboard, axe. It is plain links, which no script touches
// (templates/parts/Pager.tsx), so it works the same without JavaScript. (No page past the last, and the pager's links
// on a 1,000-post blog: tests/build/pagination.test.ts.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { blogFixture } from '../support/fixture.ts';
import { serve } from '../support/server.ts';
import { useBrowser } from '../support/use-browser.ts';
import { site } from '../support/facts.ts';
import { fill } from '../../templates/model/words.ts';

const [POSTS, PER_PAGE] = [30, 3];
const PAGES = POSTS / PER_PAGE; // ten pages: enough for a gap on each side of page 5
const fx = blogFixture(POSTS, PER_PAGE);
let server: Awaited<ReturnType<typeof serve>>;
beforeAll(async () => {
  await fx.build();
  server = await serve(fx.out);
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx.remove();
});
const open = useBrowser();
const phone = { viewport: { width: 390, height: 844 } };
// The pager's words: the fixture's blog page is the company's (content/pages/blog.md), as the site model has it.
const words = site.blog.pager;
const pageName = (n: number) => `${words.page} ${n}`;
const newer = (n: number) => `${words.newer} ${fill(words.stepLabel, { page: n })}`;
const older = (n: number) => `${words.older} ${fill(words.stepLabel, { page: n })}`;

/** Waits for the page to be blog page `n`, then says so: a pager that led elsewhere fails naming the address and the heading it reached. */
async function expectBlogPage(page: Page, n: number) {
  await expect
    .poll(() => new URL(page.url()).pathname, { message: `the address after following the link to page ${n}` })
    .toBe(`/blog/page/${n}`);
  expect(await page.locator('h1').textContent()).toContain(fill(site.blog.listing.pageOf, { page: n, pages: PAGES }));
}

describe('the blog pager', () => {
  it('passes axe, names its links for a screen reader, marks the current page, and works by keyboard alone', async () => {
    const page = await open(phone);
    await page.goto(`${server.url}/blog/page/5`);
    expect(await axe(page)).toEqual([]);
    const pager = page.getByRole('navigation', { name: words.label });
    await expect.poll(() => pager.locator('[aria-current="page"]').textContent()).toBe(pageName(5));
    for (const name of [newer(4), older(6), pageName(1), pageName(PAGES)])
      expect(await pager.getByRole('link', { name, exact: true }).count(), name).toBe(1);
    expect(await pager.getByRole('link', { name: pageName(3), exact: true }).count()).toBe(0); // behind the gap
    expect(await pager.locator('[aria-hidden="true"]', { hasText: '…' }).count()).toBe(2);
    const next = page.getByRole('link', { name: older(6) });
    for (let i = 0; i < 200 && !(await next.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await next.evaluate((el) => el === document.activeElement), 'Tab reaches the link to page 6').toBe(true);
    await page.keyboard.press('Enter');
    await expectBlogPage(page, 6);
  });
});
