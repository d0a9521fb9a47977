// The blog's pager in a real Chromium: accessible names, keyboard, axe. It is plain links, which no script touches
// (templates/parts/Pager.tsx), so it works the same without JavaScript. (No page past the last, and the pager's links
// on a 1,000-post blog: tests/build/pagination.test.ts.)
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { blogFixture } from '../support/fixture.ts';
import { byRole, text, useBuiltSite, useChromium } from '../support/use-chromium.ts';
import { site } from '../support/facts.ts';
import { fill } from '../../templates/model/words.ts';

const [POSTS, PER_PAGE] = [30, 3];
const PAGES = POSTS / PER_PAGE; // ten pages: enough for a gap on each side of page 5
const server = useBuiltSite((fx) => blogFixture(POSTS, PER_PAGE, fx));
const open = useChromium();
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
  // (the address changes as the next page starts to arrive: its heading comes with it)
  const heading = () => text(page, 'h1').catch(() => null);
  await expect.poll(heading, { message: `the heading of page ${n}` }).toContain(fill(site.blog.listing.pageOf, { page: n, pages: PAGES }));
}

describe('the blog pager', () => {
  it('passes axe, names its links for a screen reader, marks the current page, and works by keyboard alone', async () => {
    const page = await open(phone);
    await page.goto(`${server.url}/blog/page/5`);
    expect(await axe(page)).toEqual([]);
    const pager = byRole('navigation', words.label);
    /** The pager's links of that accessible name, as Chromium's accessibility tree has it. */
    const links = (name: string) => page.$$(`${pager} ${byRole('link', name)}`);
    await expect.poll(() => page.$eval(`${pager} [aria-current="page"]`, (a) => a.textContent)).toBe(pageName(5));
    for (const name of [newer(4), older(6), pageName(1), pageName(PAGES)]) expect(await links(name), name).toHaveLength(1);
    expect(await links(pageName(3))).toHaveLength(0); // behind the gap
    expect(await page.$$eval(`${pager} [aria-hidden="true"]`, (els) => els.filter((e) => e.textContent!.includes('…')).length)).toBe(2);
    const [next] = await links(older(6));
    const focused = () => next.evaluate((el) => el === document.activeElement);
    for (let i = 0; i < 200 && !(await focused()); i++) await page.keyboard.press('Tab');
    expect(await focused(), 'Tab reaches the link to page 6').toBe(true);
    await page.keyboard.press('Enter');
    await expectBlogPage(page, 6);
  });
});
