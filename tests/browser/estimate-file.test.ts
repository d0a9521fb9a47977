// Each page carries the CSS of the components it rendered (docs/decisions/first-paint.md), and a page with estimate
// buttons leaves the dialog and its toasts out of its first response: the client fetches them with a stylesheet of
// what they need beyond the page's own (docs/decisions/first-paint.md). In a real Chromium: neither changes anything
// a visitor sees, on any kind of page or in the dialog, and a fetch that fails leaves the buttons doing what they do
// without JavaScript. That it comes once, after the first paint, and only to a page with estimate buttons:
// tests/browser/first-paint.test.ts.
import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { bundleCss } from '../../generator/assets.ts';
import { openEstimate } from '../support/quote-form.ts';
import { count, route, text, useChromium, visible } from '../support/use-chromium.ts';
import { baseUrl, html } from '../support/site.ts';
import { FORM_LABELS, KIND_PAGES, SERVICE_PATHS } from '../support/facts.ts';

const open = useChromium({ reducedMotion: true }); // no motion: a toast's entrance would be caught half way
const ESTIMATE_FILE = /\/assets\/estimate-\w+\.(html|css)$/;

/**
 * Every element's computed style (and the dialog's backdrop's, a file picker's button's), keyed by its place in the
 * document: `part` 'page' is everything but the dialog and the toasts, 'dialog' is those two. 'keep' keeps them in the
 * page and says how many it kept; 'compare' gives each element and property that differs from those kept (the first
 * 20). Kept and compared in the page, as the styles of a whole page are megabytes. The properties read are every one
 * the browser computes and every custom property the whole stylesheet declares, named once rather than listed from
 * each element's style (which took two thirds of the time).
 */
async function looks(page: Page, part: 'page' | 'dialog', mode: 'keep' | 'compare', whole: string): Promise<string[]> {
  // once every transition and animation has run (a class the client has just added starts one, even with reduced
  // motion); one that fills forwards (the blog's banner) stays in the list, finished
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState !== 'finished').length), {
      message: 'nothing moves',
    })
    .toBe(0);
  return page.evaluate(
    ([part, mode, whole]) => {
      const dialog = document.getElementById('estimate-dialog');
      const toasts = document.getElementById('toasts');
      const inDialog = (el: Element) => !!dialog?.contains(el) || !!toasts?.contains(el);
      const all = [...document.body.querySelectorAll('*')].filter((el) => (part === 'dialog') === inDialog(el));
      const names = [
        ...[...getComputedStyle(document.body)].filter((p) => !p.startsWith('--')),
        ...new Set(whole.match(/--[\w-]+(?=\s*:)/g)),
      ];
      const style = (el: Element, pseudo?: string) => {
        const cs = getComputedStyle(el, pseudo);
        return names.map((p) => cs.getPropertyValue(p)).join('\n');
      };
      const now = new Map<string, string>();
      all.forEach((el, i) => {
        const key = `${i} ${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.getAttribute('class') ?? ''}`;
        now.set(key, style(el));
        if (el === dialog) now.set(`${key}::backdrop`, style(el, '::backdrop'));
        if (el.matches('input[type="file"]')) now.set(`${key}::file-selector-button`, style(el, '::file-selector-button'));
      });
      const w = window as unknown as { kept: Map<string, string> };
      if (mode === 'keep') {
        w.kept = now;
        return [String(now.size)];
      }
      const out: string[] = [];
      for (const key of new Set([...w.kept.keys(), ...now.keys()])) {
        const [a, b] = [w.kept.get(key), now.get(key)];
        if (a === undefined || b === undefined) out.push(`${key} only ${a ? 'as kept' : 'now'}`);
        else if (a !== b) {
          const [was, is] = [a.split('\n'), b.split('\n')];
          names.forEach((p, i) => was[i] !== is[i] && out.push(`${key} ${p}:${was[i]} (now ${is[i]})`));
        }
      }
      return out.slice(0, 20);
    },
    [part, mode, whole] as const,
  );
}

/** Opens the dialog from the page's first estimate button and shows two toasts in it, one of each kind. */
async function openWithToasts(page: Page) {
  await openEstimate(page, 'main [data-estimate]');
  // the photo field as the client makes it once the form has focus (its picker's text is then hidden)
  if (await count(page, '#estimate-dialog .photos')) await expect.poll(() => count(page, '#estimate-dialog .photos.is-enhanced')).toBe(1);
  for (const detail of [
    { title: 'Plain', description: 'A message' },
    { title: 'Failed', description: 'Try later', variant: 'destructive', action: { label: 'Again' }, duration: 1e9 },
  ]) {
    await page.evaluate((d) => {
      const detail = { ...d, duration: 1e9, action: d.action && { ...d.action, onClick: () => {} } };
      document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail }));
    }, detail);
    await expect.poll(() => text(page, '#toasts'), { message: 'the toast shows' }).toContain(detail.title);
  }
}

/** A page once its enhancements have started and, where it has estimate buttons, the estimate file and its stylesheet
 * have arrived (the dialog opens only once that stylesheet has loaded, client/first-visit/estimate.ts). */
async function ready(page: Page, p: string) {
  await page.goto(baseUrl() + p);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app), { message: 'the app started' }).toBe('ready');
  if (!html(p).includes(' data-estimate-ui="')) return;
  await expect.poll(() => count(page, '#estimate-dialog'), { message: 'the estimate file arrived' }).toBe(1);
  await expect
    .poll(() => page.evaluate(() => !!document.querySelector<HTMLLinkElement>('link[href^="/assets/estimate-"]')?.sheet), {
      message: "the estimate file's stylesheet loaded",
    })
    .toBe(true);
}

/** The page with the whole stylesheet in its head and no other (the CSP set aside to allow the edit). */
async function withWholeStylesheet(page: Page, whole: string) {
  await page.evaluate((css) => {
    document.querySelector('link[rel="stylesheet"][href^="/assets/estimate-"]')?.remove();
    document.querySelector('head style')!.textContent = css;
  }, whole);
}

describe('the estimate file', () => {
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ])(
    'changes nothing a visitor sees (%s): each kind of page, and the open dialog with its toasts, look as with the whole stylesheet',
    async (_, viewport) => {
      const whole = await bundleCss();
      // one page of each kind: a kind's template renders its components, whose CSS its <style> carries (what a route's
      // own markup adds to it, a map, a table, a form: tests/build/first-paint.test.ts)
      // one page, with the CSP set aside so that the whole stylesheet can take the place of the page's own
      const page = await open({ viewport });
      await page.setBypassCSP(true);
      for (const p of KIND_PAGES) {
        await ready(page, p);
        await looks(page, 'page', 'keep', whole);
        await withWholeStylesheet(page, whole);
        expect(await looks(page, 'page', 'compare', whole), `${p}: as kept with its own, now with the whole stylesheet`).toEqual([]);
      }
      // the dialog with its toasts, on a service page
      await ready(page, SERVICE_PATHS[0]);
      await openWithToasts(page);
      const [kept] = await looks(page, 'dialog', 'keep', whole);
      expect(Number(kept)).toBeGreaterThan(40);
      // the control: without the estimate file's stylesheet the dialog looks otherwise
      await page.evaluate(() => document.querySelector('link[rel="stylesheet"][href^="/assets/estimate-"]')!.remove());
      expect(await looks(page, 'dialog', 'compare', whole), 'without its stylesheet').not.toEqual([]);
      await withWholeStylesheet(page, whole);
      expect(await looks(page, 'dialog', 'compare', whole), 'the dialog as kept with the split, now with the whole stylesheet').toEqual([]);
      expect(page.errors).toEqual([]);
    },
    180_000, // every element's styles read twice on each kind of page: over a minute on a loaded 2-core machine
  );

  it('should it not arrive, an estimate button leads to the contact form, as without JavaScript', async () => {
    const page = await open();
    await route(page, ESTIMATE_FILE, (request) => request.abort());
    await page.goto(baseUrl() + SERVICE_PATHS[0]);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
    await page.locator('main [data-estimate]').click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/#contact');
    await expect.poll(() => visible(page, `::-p-aria(${FORM_LABELS.name})`), { message: 'the contact form' }).toBe(true);
  });
});
