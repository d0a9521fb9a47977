// FAQ accordions in Chromium's own accessibility tree (over its debugger protocol): each question an expandable control
// whose state and content follow its item. Opening one answer at a time, by mouse and keyboard, with and without JavaScript, is a journey
// of the three engines (tests/engines/controls.test.ts).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { site, SPEC_ARTICLE } from '../support/facts.ts';

const openPage = useBrowser();

/** One page of each kind: the accordion is one template and one script (each page's questions and answers as its content
 *  has them: tests/browser/pages.test.ts, tests/build/faq-jsonld.test.ts). */
const ONE_OF_EACH_KIND: [string, number][] = [
  site.services.find((s) => s.faq.length > 1),
  site.cities.find((c) => c.faq.length > 1),
  SPEC_ARTICLE && { path: SPEC_ARTICLE.path, faq: { length: 5 } },
]
  .filter((p): p is { path: string; faq: { length: number } } => !!p)
  .map((p) => [p.path, p.faq.length]);

const items = (page: Page) => page.locator('main details.faq__item');
const only = (n: number, i: number | null) => Array.from({ length: n }, (_, k) => k === i);

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

describe('with JavaScript, in the accessibility tree', () => {
  it.each(ONE_OF_EACH_KIND)(
    '%s: each of the %i questions is an expandable control whose state and content follow its item',
    async (p, count) => {
      const page = await openPage();
      await page.goto(baseUrl() + p);
      const n = await items(page).count();
      expect(n).toBe(count);
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
    },
  );
});
