// axe-core (WCAG 2.2 AA rules) in Chromium at desktop width on one page of each kind (KIND_PAGES: axe reads the DOM and
// the computed styles, which a kind's template and stylesheet make; the markup each route varies, its images' text, its
// links' names, its headings, is held on every file by html-validate's accessibility rules: tests/build/validity.test.ts),
// scrolled to its end, where Chromium also watches for any request to another origin; axe with each thing that opens
// over a page open; and the FAQ's questions in Chromium's own accessibility tree. Opening one answer at a time, by mouse and keyboard, with and without
// JavaScript, is a journey of the three engines (tests/engines/controls.test.ts, requests.test.ts). A page of each
// kind at phone width (axe in Chromium) and what leaves for another origin in the three engines:
// tests/engines/pages.test.ts.
import type { Page, SerializedAXNode } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { KIND_PAGES, SERVICE_PATHS, site } from '../support/facts.ts';
import { openEstimate } from '../support/quote-form.ts';
import { baseUrl } from '../support/site.ts';
import { byRole, otherOrigins, useChromium } from '../support/use-chromium.ts';

const openPage = useChromium();
/** A page with an FAQ: the accordion is one template and one script on every kind of page (each page's questions and
 *  answers as its content has them: tests/build/pages.test.ts, tests/build/faq-jsonld.test.ts). */
const FAQ_PAGE = [...site.services, ...site.cities].find((p) => p.faq.length > 1);

const only = (n: number, i: number | null) => Array.from({ length: n }, (_, k) => k === i);

/** Chromium's own accessibility tree: is each question (summary) exposed as expanded? One debugger session, one query. */
async function expandedForAT(page: Page): Promise<(boolean | undefined)[]> {
  const cdp = await page.createCDPSession();
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

describe('axe', () => {
  it(
    'finds zero violations on a page of each kind at desktop width, and none asks another origin for anything',
    async () => {
      const page = await openPage({ viewport: { width: 1280, height: 800 }, reducedMotion: true });
      const asked = otherOrigins(page, baseUrl());
      const found: string[] = [];
      for (const p of KIND_PAGES) {
        await page.goto(baseUrl() + p);
        // at its end (what a lazy element anywhere would load is in the markup every engine reads: tests/engines/pages.test.ts)
        await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' as ScrollBehavior }));
        for (const v of await axe(page)) found.push(`${p} ${v}`);
      }
      expect([...found, ...asked]).toEqual([]);
    },
    60_000 + KIND_PAGES.length * 8_000,
  );

  it('finds zero violations with the mobile menu, the Services dropdown, the dialog or a toast open', async () => {
    const phone = await openPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(baseUrl() + '/');
    await phone.locator(byRole('button', site.header.openMenu)).click();
    await phone.waitForSelector('.mobile-menu.is-open');
    expect(await axe(phone), 'the mobile menu').toEqual([]);
    const page = await openPage({ reducedMotion: true });
    await page.goto(baseUrl() + '/');
    await page.locator('.dropdown__toggle').click();
    expect(await axe(page), 'the dropdown').toEqual([]);
    // A toast that stays until closed (the same markup as one that leaves after its time), so it is still there
    // however long axe takes on a loaded machine. (Not a paused clock: axe-core waits on setTimeout itself.)
    await page.evaluate(() =>
      document
        .getElementById('toasts')!
        .dispatchEvent(new CustomEvent('toast', { detail: { title: 'Hello', description: 'World', duration: Infinity } })),
    );
    await page.waitForSelector('.toast');
    expect(await axe(page), 'a toast').toEqual([]);
    expect(await page.$eval('.toast', (t) => t.checkVisibility()), 'the toast, still showing once axe is done').toBe(true);
    // the dialog from a service page, its service preselected (one estimate file serves every page)
    await page.goto(baseUrl() + SERVICE_PATHS[0]);
    await openEstimate(page);
    expect(await axe(page), 'the dialog').toEqual([]);
  });
});

describe("FAQ accordions in Chromium's own accessibility tree (over its debugger protocol)", () => {
  it.runIf(FAQ_PAGE)(
    `${FAQ_PAGE?.path}: each of its questions is an expandable control whose state and content follow its item`,
    async () => {
      const page = await openPage();
      await page.goto(baseUrl() + FAQ_PAGE!.path);
      const n = FAQ_PAGE!.faq.length; // (each of them, as built: tests/build/pages.test.ts)
      // each item a group, as Chromium's accessibility tree has it: its question, and its answer's content once open
      const groups = async () => {
        const tree = await page.accessibility.snapshot({ root: (await page.$('main .faq__list'))!, interestingOnly: false });
        const text = (n: SerializedAXNode): string => [n.role, n.name ?? '', ...(n.children ?? []).map(text)].join(' ');
        const found: string[] = [];
        const walk = (n: SerializedAXNode) => (n.role === 'group' ? found.push(text(n).replace(/\s+/g, ' ')) : n.children?.forEach(walk));
        walk(tree!);
        return found;
      };
      expect(await groups()).toHaveLength(n);
      const summary = (i: number) => `main details.faq__item:nth-of-type(${i + 1}) > summary`;
      expect(await expandedForAT(page), 'accessibility tree: all closed').toEqual(only(n, null).map(Boolean));
      await page.locator(summary(0)).click();
      expect(await expandedForAT(page), 'accessibility tree: the first opened').toEqual(only(n, 0));
      await page.locator(summary(1)).click();
      expect(await expandedForAT(page), 'accessibility tree: the second opened').toEqual(only(n, 1));
      // the open group's accessible content is its answer; a closed one exposes only its question
      const [closed, open] = await groups();
      // (the answer's opening words, up to its first link)
      const opening = await page.$eval('main details.faq__item:nth-of-type(2) .faq__answer p', (el) =>
        el.firstChild!.textContent!.trim().replace(/\s+/g, ' '),
      );
      expect(opening.length).toBeGreaterThan(0);
      expect(open).toContain('paragraph');
      expect(open).toContain(opening.slice(0, 40));
      expect(closed).toContain(await page.$eval(summary(0), (s) => s.textContent!.trim()));
      expect(closed).not.toContain('paragraph');
    },
  );
});
