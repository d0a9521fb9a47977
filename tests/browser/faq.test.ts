// FAQ accordions in a real Chromium: one item open at a time, every item can be collapsed, keyboard, assistive tech, no JS.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { CITY_SLUGS, SERVICE_PATHS } from '../support/facts.ts';

const openPage = useBrowser();

const ARTICLE = '/blog/vancouver-tree-removal-permit-guide';
const FAQ_PAGES = [...SERVICE_PATHS, ...CITY_SLUGS.map((c) => `/service-area/${c}`), ARTICLE];
// Spec: five-question FAQs on the service pages and the article; four on Richmond, Vancouver and Delta.
const EXACT: Record<string, number> = {
  ...Object.fromEntries(SERVICE_PATHS.map((s) => [s, 5])),
  [ARTICLE]: 5,
  '/service-area/richmond': 4,
  '/service-area/vancouver': 4,
  '/service-area/delta': 4,
};

const items = (page: Page) => page.locator('main details.faq__item');
const openStates = (page: Page) => items(page).evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open));
const only = (n: number, i: number | null) => Array.from({ length: n }, (_, k) => k === i);

/** Chromium's own accessibility tree: is the summary exposed as expanded? */
async function expandedForAT(page: Page, summary: Locator): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  await summary.evaluate((el) => el.setAttribute('data-ax-probe', ''));
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '[data-ax-probe]' });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await summary.evaluate((el) => el.removeAttribute('data-ax-probe'));
  await cdp.detach();
  const prop = nodes[0].properties?.find((p) => p.name === 'expanded');
  return prop?.value.value as boolean | undefined;
}

describe('FAQ counts', () => {
  it.each(FAQ_PAGES)('%s has the spec number of questions, each with an answer', async (p) => {
    const page = await openPage();
    await page.goto(baseUrl() + p);
    const n = await items(page).count();
    if (EXACT[p]) expect(n).toBe(EXACT[p]);
    else expect(n).toBeGreaterThanOrEqual(4);
    expect(await page.locator('main details.faq__item > summary').count()).toBe(n);
    for (const text of await page.locator('main .faq__item > summary').allTextContents()) expect(text.trim()).toMatch(/\?$/);
    for (const text of await page.locator('main .faq__item > .faq__answer').allTextContents())
      expect(text.trim().length).toBeGreaterThan(40);
  });
});

describe('accordion with the mouse', () => {
  it.each(FAQ_PAGES)('%s: a click opens an answer, the next closes it, a click on the open one collapses it', async (p) => {
    const page = await openPage();
    await page.goto(baseUrl() + p);
    const n = await items(page).count();
    expect(n).toBeGreaterThanOrEqual(4);
    expect(await openStates(page)).toEqual(only(n, null));
    for (let i = 0; i < n; i++) {
      const item = items(page).nth(i);
      expect(await item.locator('.faq__answer').isVisible()).toBe(false);
      await item.locator('summary').click();
      expect(await openStates(page)).toEqual(only(n, i));
      expect(await item.locator('.faq__answer').isVisible()).toBe(true);
      if (i > 0)
        expect(
          await items(page)
            .nth(i - 1)
            .locator('.faq__answer')
            .isVisible(),
        ).toBe(false);
    }
    await items(page)
      .nth(n - 1)
      .locator('summary')
      .click();
    expect(await openStates(page)).toEqual(only(n, null));
    expect(await page.locator('main .faq__answer:visible').count()).toBe(0);
    // back to the first after the last: still one at a time
    await items(page).nth(0).locator('summary').click();
    await items(page).nth(2).locator('summary').click();
    expect(await openStates(page)).toEqual(only(n, 2));
    expect(page.errors).toEqual([]);
  });
});

describe('accordion with the keyboard and assistive tech', () => {
  it.each(FAQ_PAGES)('%s: Tab reaches the questions, Enter and Space toggle them', async (p) => {
    const page = await openPage();
    await page.goto(baseUrl() + p);
    const n = await items(page).count();
    // focus the last visible tab stop before the FAQ, then Tab once
    const before = await page.evaluate(() => {
      const stops = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])'),
      ].filter((el) => el.checkVisibility());
      const prev = stops[stops.indexOf(document.querySelector<HTMLElement>('main .faq__item > summary')!) - 1];
      prev.focus();
      return prev === document.activeElement && !prev.closest('.faq');
    });
    expect(before).toBe(true);
    await page.keyboard.press('Tab');
    const first = items(page).nth(0).locator('summary');
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await openStates(page)).toEqual(only(n, 0));
    await page.keyboard.press('Enter');
    expect(await openStates(page)).toEqual(only(n, null));
    await page.keyboard.press('Space');
    expect(await openStates(page)).toEqual(only(n, 0));
    await page.keyboard.press('Space');
    expect(await openStates(page)).toEqual(only(n, null));
    // closed answers hold no tab stops: the next Tab lands on the next question
    await page.keyboard.press('Tab');
    const second = items(page).nth(1).locator('summary');
    expect(await second.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await openStates(page)).toEqual(only(n, 1));
    // focus stays on the question, and its outline is visible
    expect(await second.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
  });

  it.each(FAQ_PAGES)('%s: exposes each question as an expandable control whose state follows the item', async (p) => {
    const page = await openPage();
    await page.goto(baseUrl() + p);
    const n = await items(page).count();
    const groups = page.locator('main .faq__list').getByRole('group');
    expect(await groups.count()).toBe(n);
    const summaries = items(page).locator('summary');
    for (let i = 0; i < n; i++) expect(await expandedForAT(page, summaries.nth(i))).toBe(false);
    await summaries.nth(0).click();
    expect(await expandedForAT(page, summaries.nth(0))).toBe(true);
    expect(await expandedForAT(page, summaries.nth(1))).toBe(false);
    await summaries.nth(1).click();
    expect(await expandedForAT(page, summaries.nth(0))).toBe(false);
    expect(await expandedForAT(page, summaries.nth(1))).toBe(true);
    // the open group's accessible content is its answer; a closed one exposes only its question
    const snapshot = (await groups.nth(1).ariaSnapshot()).replace(/\s+/g, ' ');
    // (the answer's opening words, up to its first link: a link splits the snapshot's text)
    const opening = await items(page)
      .nth(1)
      .locator('.faq__answer p')
      .first()
      .evaluate((el) => el.firstChild!.textContent!.trim().replace(/\s+/g, ' '));
    expect(opening.length).toBeGreaterThan(5);
    expect(snapshot).toContain('paragraph');
    expect(snapshot).toContain(opening.slice(0, 40));
    const closed = await groups.nth(0).ariaSnapshot();
    expect(closed).toContain((await summaries.nth(0).textContent())!.trim());
    expect(closed).not.toContain('paragraph');
  });
});

describe('without JavaScript', () => {
  it.each(FAQ_PAGES)('%s: answers still open, one at a time, and collapse', async (p) => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto(baseUrl() + p);
    const n = await items(page).count();
    expect(n).toBeGreaterThanOrEqual(4);
    await items(page).nth(0).locator('summary').click();
    expect(await items(page).nth(0).locator('.faq__answer').isVisible()).toBe(true);
    expect(await openStates(page)).toEqual(only(n, 0));
    await items(page).nth(3).locator('summary').click();
    expect(await openStates(page)).toEqual(only(n, 3));
    expect(await items(page).nth(3).locator('.faq__answer').isVisible()).toBe(true);
    await items(page).nth(3).locator('summary').click();
    expect(await openStates(page)).toEqual(only(n, null));
  });
});
