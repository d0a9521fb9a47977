// FAQ accordions in a real Chromium: one item open at a time, every item can be collapsed, keyboard, assistive tech, no JS.
// Every FAQ page without JavaScript (the questions as the content has them, and the plain <details> the script
// enhances), and one page of each kind with it (mouse, then keyboard, then the accessibility tree, each from every
// item closed): one template and one script make every accordion. Most of a test's time is opening a page and waiting
// for the app, so the checks of one page share its load.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { site, SPEC_ARTICLE } from '../support/facts.ts';

const openPage = useBrowser();

/** Every page whose content has an accordion (two questions or more), with its FAQ: services and cities, from the site model. */
const FROM_MODEL = [...site.services, ...site.cities].filter((p) => p.faq.length > 1);
/** And the spec's own article while it is published: its five-question FAQ is the sample content's (a post's questions
 *  are not in the model's post list). */
const FAQ_PAGES: [string, number][] = [
  ...FROM_MODEL.map((p): [string, number] => [p.path, p.faq.length]),
  ...(SPEC_ARTICLE ? [[SPEC_ARTICLE.path, 5] as [string, number]] : []),
];
const FAQ = new Map(FROM_MODEL.map((p) => [p.path, p.faq]));
/** With JavaScript, one page of each kind: the accordion is one template and one script, and every page's markup for
 *  them (its items, each a <details name> with a <summary>) is checked above, without JavaScript. */
const ONE_OF_EACH_KIND: [string, number][] = [
  site.services.find((s) => s.faq.length > 1),
  site.cities.find((c) => c.faq.length > 1),
  SPEC_ARTICLE && { path: SPEC_ARTICLE.path, faq: { length: 5 } },
]
  .filter((p): p is { path: string; faq: { length: number } } => !!p)
  .map((p) => [p.path, p.faq.length]);

const items = (page: Page) => page.locator('main details.faq__item');
const openStates = (page: Page) => items(page).evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open));
const only = (n: number, i: number | null) => Array.from({ length: n }, (_, k) => k === i);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Each item's state in one look: whether it is open, and whether its answer is shown. */
const look = (page: Page) =>
  items(page).evaluateAll((ds) => ({
    open: ds.map((d) => (d as HTMLDetailsElement).open),
    shown: ds.map((d) => d.querySelector('.faq__answer')!.checkVisibility()),
  }));
/** Only item i open and shown (none for null). */
const onlyOpen = (n: number, i: number | null) => ({ open: only(n, i), shown: only(n, i) });

/** Chromium's own accessibility tree: is each question (summary) exposed as expanded? One debugger session, one query. */
async function expandedForAT(page: Page): Promise<(boolean | undefined)[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: 'main details.faq__item > summary' });
    const out: (boolean | undefined)[] = [];
    for (const nodeId of nodeIds) {
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      out.push(nodes[0].properties?.find((p) => p.name === 'expanded')?.value.value as boolean | undefined);
    }
    return out;
  } finally {
    await cdp.detach();
  }
}

/** Every item closed, nothing focused, at the top: each part of a test starts from the page as loaded. */
const reset = (page: Page) =>
  page.evaluate(() => {
    document.querySelectorAll<HTMLDetailsElement>('main details.faq__item').forEach((d) => (d.open = false));
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });

describe('without JavaScript', () => {
  it.each(FAQ_PAGES)(
    '%s: has the content’s %i questions, each with an answer; answers open one at a time and collapse',
    async (p, count) => {
      const page = await openPage({ javaScriptEnabled: false });
      await page.goto(baseUrl() + p);
      // the questions, as the content has them (checked here: the HTML is the same with JavaScript)
      const n = await items(page).count();
      expect(n, 'questions on the page').toBe(count);
      expect(await page.locator('main details.faq__item > summary').count()).toBe(n);
      const questions = (await page.locator('main .faq__item > summary').allTextContents()).map(squash);
      // (as read: without the words only a screen reader hears, such as a link's "opens in a new tab")
      const answers = (
        await page.locator('main .faq__item > .faq__answer').evaluateAll((els) =>
          els.map((el) => {
            const copy = el.cloneNode(true) as Element;
            copy.querySelectorAll('.visually-hidden').forEach((v) => v.remove());
            return copy.textContent ?? '';
          }),
        )
      ).map(squash);
      const faq = FAQ.get(p);
      if (faq) {
        expect(questions).toEqual(faq.map((f) => squash(f.q)));
        expect(answers).toEqual(faq.map((f) => squash(f.aText)));
      } else {
        // the sample article's
        for (const q of questions) expect(q).toMatch(/\?$/);
        for (const a of answers) expect(a.length).toBeGreaterThan(40);
      }

      // the plain <details name>: one open at a time, and the open one collapses
      const last = n - 1;
      const summary = (i: number) => items(page).nth(i).locator('summary');
      await summary(0).click();
      expect(await look(page), 'the first question clicked').toEqual(onlyOpen(n, 0));
      await summary(last).click();
      expect(await look(page), 'the last question clicked').toEqual(onlyOpen(n, last));
      await summary(last).click();
      expect(await look(page), 'the last question clicked again').toEqual(onlyOpen(n, null));
    },
  );
});

describe('with JavaScript: mouse, keyboard and assistive tech', () => {
  it.each(ONE_OF_EACH_KIND)('%s: the %i-item accordion works by mouse, by keyboard and in the accessibility tree', async (p, count) => {
    const page = await openPage();
    await page.goto(baseUrl() + p);
    const n = await items(page).count();
    expect(n).toBe(count);

    // Mouse: a click opens an answer, the next closes it, a click on the open one collapses it.
    const summary = (i: number) => items(page).nth(i).locator('summary');
    expect(await look(page), 'mouse: as loaded').toEqual(onlyOpen(n, null));
    for (let i = 0; i < n; i++) {
      await summary(i).click();
      expect(await look(page), `mouse: after a click on question ${i + 1}`).toEqual(onlyOpen(n, i));
    }
    await summary(n - 1).click();
    expect(await look(page), 'mouse: the open one clicked again').toEqual(onlyOpen(n, null));
    // back to the first after the last: still one at a time
    const later = Math.min(2, n - 1);
    await summary(0).click();
    await summary(later).click();
    expect(await look(page), 'mouse: the first, then another').toEqual(onlyOpen(n, later));
    expect(page.errors).toEqual([]);

    // Keyboard: Tab reaches the questions, Enter and Space toggle them.
    await reset(page);
    // focus the last visible tab stop before the FAQ, then Tab once
    const before = await page.evaluate(() => {
      const stops = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])'),
      ].filter((el) => el.checkVisibility());
      const prev = stops[stops.indexOf(document.querySelector<HTMLElement>('main .faq__item > summary')!) - 1];
      prev.focus();
      return prev === document.activeElement && !prev.closest('.faq');
    });
    expect(before, 'keyboard: the tab stop before the FAQ takes focus').toBe(true);
    await page.keyboard.press('Tab');
    const first = items(page).nth(0).locator('summary');
    expect(await first.evaluate((el) => el === document.activeElement), 'keyboard: Tab reaches the first question').toBe(true);
    await page.keyboard.press('Enter');
    expect(await openStates(page), 'keyboard: Enter').toEqual(only(n, 0));
    await page.keyboard.press('Enter');
    expect(await openStates(page), 'keyboard: Enter again').toEqual(only(n, null));
    await page.keyboard.press('Space');
    expect(await openStates(page), 'keyboard: Space').toEqual(only(n, 0));
    await page.keyboard.press('Space');
    expect(await openStates(page), 'keyboard: Space again').toEqual(only(n, null));
    // closed answers hold no tab stops: the next Tab lands on the next question
    await page.keyboard.press('Tab');
    const second = items(page).nth(1).locator('summary');
    expect(await second.evaluate((el) => el === document.activeElement), 'keyboard: Tab to the second question').toBe(true);
    await page.keyboard.press('Space');
    expect(await openStates(page), 'keyboard: Space on the second').toEqual(only(n, 1));
    // focus stays on the question, and its outline is visible
    expect(await second.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);

    // Assistive tech: each question is an expandable control whose state follows the item.
    await reset(page);
    const groups = page.locator('main .faq__list').getByRole('group');
    expect(await groups.count()).toBe(n);
    const summaries = items(page).locator('summary');
    expect(await expandedForAT(page), 'accessibility tree: all closed').toEqual(only(n, null).map(Boolean));
    await summaries.nth(0).click();
    expect(await expandedForAT(page), 'accessibility tree: the first opened').toEqual(only(n, 0));
    await summaries.nth(1).click();
    expect(await expandedForAT(page), 'accessibility tree: the second opened').toEqual(only(n, 1));
    // the open group's accessible content is its answer; a closed one exposes only its question
    const snapshot = (await groups.nth(1).ariaSnapshot()).replace(/\s+/g, ' ');
    // (the answer's opening words, up to its first link: a link splits the snapshot's text)
    const opening = await items(page)
      .nth(1)
      .locator('.faq__answer p')
      .first()
      .evaluate((el) => el.firstChild!.textContent!.trim().replace(/\s+/g, ' '));
    expect(opening.length).toBeGreaterThan(0);
    expect(snapshot).toContain('paragraph');
    expect(snapshot).toContain(opening.slice(0, 40));
    const closed = await groups.nth(0).ariaSnapshot();
    expect(closed).toContain((await summaries.nth(0).textContent())!.trim());
    expect(closed).not.toContain('paragraph');
  });
});
