// axe-core (WCAG 2.2 AA rules) in Chromium on every route at desktop width, scrolled to its end, where Chromium also
// watches for any request to another origin; axe with each thing that opens over a page open; and the FAQ's questions
// in Chromium's own accessibility tree. Opening one answer at a time, by mouse and keyboard, with and without
// JavaScript, is a journey of the three engines (tests/engines/controls.test.ts, requests.test.ts). Every route at
// phone width, in Firefox, and what leaves for another origin in the three engines:
// tests/engines/pages.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { PAGES, SERVICE_PATHS, site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const openPage = useBrowser();
/** A page with an FAQ: the accordion is one template and one script on every kind of page (each page's questions and
 *  answers as its content has them: tests/build/pages.test.ts, tests/build/faq-jsonld.test.ts). */
const FAQ_PAGE = [...site.services, ...site.cities].find((p) => p.faq.length > 1);

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

describe('axe', () => {
  it(
    'finds zero violations on every route at desktop width, and no route asks another origin for anything',
    async () => {
      const page = await openPage({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      const found: string[] = [];
      // reported before openPage's route aborts it (tests/support/browser.ts)
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== new URL(baseUrl()).origin) found.push(`${page.url()} asked ${r.url()}`);
      });
      for (const p of PAGES) {
        await page.goto(baseUrl() + p);
        // at its end (what a lazy element anywhere would load is in the markup every engine reads: tests/engines/pages.test.ts)
        await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' as ScrollBehavior }));
        for (const v of await axe(page)) found.push(`${p} ${v}`);
      }
      expect(found).toEqual([]);
    },
    60_000 + PAGES.length * 8_000,
  );

  it('finds zero violations with the mobile menu, the Services dropdown, the dialog (a service page, /about) or a toast open', async () => {
    const phone = await openPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(baseUrl() + '/');
    await phone.getByRole('button', { name: site.header.openMenu }).click();
    await phone.locator('.mobile-menu.is-open').waitFor();
    expect(await axe(phone), 'the mobile menu').toEqual([]);
    const page = await openPage({ reducedMotion: 'reduce' });
    await page.goto(baseUrl() + '/');
    await page.locator('.dropdown__toggle').click();
    expect(await axe(page), 'the dropdown').toEqual([]);
    // A toast that stays until closed (the same markup as one that leaves after its time), so it is still there
    // however long axe takes on a loaded machine. (Not Playwright's paused clock: axe-core waits on setTimeout itself.)
    await page.evaluate(() =>
      document
        .getElementById('toasts')!
        .dispatchEvent(new CustomEvent('toast', { detail: { title: 'Hello', description: 'World', duration: Infinity } })),
    );
    await page.locator('.toast').waitFor();
    expect(await axe(page), 'a toast').toEqual([]);
    expect(await page.locator('.toast').isVisible(), 'the toast, still showing once axe is done').toBe(true);
    for (const p of [SERVICE_PATHS[0], '/about']) {
      await page.goto(baseUrl() + p);
      await page.locator('[data-estimate]').first().click();
      await page.locator('#estimate-dialog[open]').waitFor();
      expect(await axe(page), `the dialog on ${p}`).toEqual([]);
    }
  });
});

describe("FAQ accordions in Chromium's own accessibility tree (over its debugger protocol)", () => {
  it.runIf(FAQ_PAGE)(
    `${FAQ_PAGE?.path}: each of its questions is an expandable control whose state and content follow its item`,
    async () => {
      const page = await openPage();
      await page.goto(baseUrl() + FAQ_PAGE!.path);
      const n = FAQ_PAGE!.faq.length; // (each of them, as built: tests/build/pages.test.ts)
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
