// The estimate file (docs/decisions/estimate-file.md): a page with estimate buttons leaves the dialog and its toasts
// out of its first response, and the client fetches them with a stylesheet of what they need beyond the page's own. In
// a real Chromium: the split changes nothing a visitor sees, on the page or in the dialog, and a fetch that fails
// leaves the buttons doing what they do without JavaScript.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundleCss } from '../../generator/assets.ts';
import { useBrowser, STILL } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { FORM_LABELS, SERVICE_PATHS } from '../support/facts.ts';

const open = useBrowser(undefined, STILL); // no motion: a toast's entrance would be caught half way
const ESTIMATE_FILE = /\/assets\/estimate-\w+\.(html|css)$/;

/** Every element's computed style (and the dialog's backdrop's, a file picker's button's), keyed by its place in the
 * document: `part` 'page' is everything but the dialog and the toasts, 'dialog' is those two. */
async function looks(page: Page, part: 'page' | 'dialog') {
  // once every transition has run (a class the client has just added starts one, even with reduced motion)
  await expect.poll(() => page.evaluate(() => document.getAnimations().length), { message: 'nothing moves' }).toBe(0);
  return page.evaluate((part) => {
    const dialog = document.getElementById('estimate-dialog')!;
    const toasts = document.getElementById('toasts')!;
    const inDialog = (el: Element) => dialog.contains(el) || toasts.contains(el);
    const all = [...document.body.querySelectorAll('*')].filter((el) => (part === 'dialog') === inDialog(el));
    const style = (el: Element, pseudo?: string) => {
      const cs = getComputedStyle(el, pseudo);
      return [...cs]
        .map((p) => `${p}:${cs.getPropertyValue(p)}`)
        .sort() // custom properties come in the order their rules declared them
        .join(';');
    };
    const out: Record<string, string> = {};
    all.forEach((el, i) => {
      const key = `${i} ${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${el.getAttribute('class') ?? ''}`;
      out[key] = style(el);
      if (el === dialog) out[`${key}::backdrop`] = style(el, '::backdrop');
      if (el.matches('input[type="file"]')) out[`${key}::file-selector-button`] = style(el, '::file-selector-button');
    });
    return out;
  }, part);
}

/** Each element and property whose computed value differs between two looks (the first 20). */
function differences(a: Record<string, string>, b: Record<string, string>): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const [pa, pb] = [a[key]?.split(';') ?? [], b[key]?.split(';') ?? []];
    for (const [i, prop] of pa.entries()) if (prop !== pb[i]) out.push(`${key} ${prop} (with the split: ${pb[i]})`);
    if (!a[key] || !b[key]) out.push(`${key} only ${a[key] ? 'with the whole stylesheet' : 'with the split'}`);
  }
  return out.slice(0, 20);
}

/** Opens the dialog from the page's first estimate button and shows two toasts in it, one of each kind. */
async function openWithToasts(page: Page) {
  await page.locator('main [data-estimate]').first().click();
  await expect.poll(() => page.locator('#estimate-dialog[open]').count(), { message: 'the dialog opens' }).toBe(1);
  // the photo field as the client makes it once the form has focus (its picker's text is then hidden)
  const photos = page.locator('#estimate-dialog .photos');
  if (await photos.count()) await expect.poll(() => photos.evaluate((f) => f.classList.contains('is-enhanced'))).toBe(true);
  for (const detail of [
    { title: 'Plain', description: 'A message' },
    { title: 'Failed', description: 'Try later', variant: 'destructive', action: { label: 'Again' }, duration: 1e9 },
  ]) {
    await page.evaluate((d) => {
      const detail = { ...d, duration: 1e9, action: d.action && { ...d.action, onClick: () => {} } };
      document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail }));
    }, detail);
    await expect.poll(() => page.locator('#toasts').textContent(), { message: 'the toast shows' }).toContain(detail.title);
  }
}

/** A service page once its enhancements have started and the estimate file has arrived. */
async function ready(page: Page, p: string) {
  await page.goto(baseUrl() + p);
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app), { message: 'the app started' }).toBe('ready');
  await expect.poll(() => page.locator('#estimate-dialog').count(), { message: 'the estimate file arrived' }).toBe(1);
}

describe('the estimate file', () => {
  it.each([
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1366, height: 900 }],
  ])(
    'changes nothing a visitor sees (%s): the page and the open dialog with its toasts look as with the whole stylesheet',
    async (_, viewport) => {
      const whole = await bundleCss();
      const split = await open({ viewport });
      await ready(split, SERVICE_PATHS[0]);
      const pageSplit = await looks(split, 'page');
      await openWithToasts(split);
      const dialogSplit = await looks(split, 'dialog');

      // the same page with the whole stylesheet in its head and no other (the CSP set aside to allow the edit)
      const together = await open({ viewport, bypassCSP: true });
      await ready(together, SERVICE_PATHS[0]);
      await together.evaluate((css) => {
        document.querySelector('link[rel="stylesheet"][href^="/assets/estimate-"]')!.remove();
        document.querySelector('head style')!.textContent = css;
      }, whole);
      expect(differences(await looks(together, 'page'), pageSplit)).toEqual([]);
      await openWithToasts(together);
      expect(differences(await looks(together, 'dialog'), dialogSplit)).toEqual([]);
      expect(Object.keys(dialogSplit).length).toBeGreaterThan(40);
      expect(split.errors).toEqual([]);
    },
  );

  it('would catch a difference: without its stylesheet the dialog looks otherwise', async () => {
    const split = await open();
    await ready(split, SERVICE_PATHS[0]);
    await openWithToasts(split);
    const before = await looks(split, 'dialog');
    await split.evaluate(() => document.querySelector('link[rel="stylesheet"][href^="/assets/estimate-"]')!.remove());
    expect(await looks(split, 'dialog')).not.toEqual(before);
  });

  it('comes after the first paint, once, and a page without estimate buttons does not fetch it', async () => {
    const page = await open();
    const asked: string[] = [];
    page.on('request', (r) => void (ESTIMATE_FILE.test(new URL(r.url()).pathname) && asked.push(new URL(r.url()).pathname)));
    await ready(page, SERVICE_PATHS[0]);
    await expect.poll(() => asked.length, { message: 'the file and its stylesheet' }).toBe(2);
    await page.locator('main [data-estimate]').first().click();
    await expect.poll(() => page.locator('#estimate-dialog[open]').count()).toBe(1);
    expect(asked).toHaveLength(2); // opening it fetches nothing more
    await page.goto(baseUrl() + '/blog');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
    expect(asked).toHaveLength(2);
  });

  it('should it not arrive, an estimate button leads to the contact form, as without JavaScript', async () => {
    const page = await open();
    await page.route(ESTIMATE_FILE, (route) => route.abort());
    await page.goto(baseUrl() + SERVICE_PATHS[0]);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
    await page.locator('main [data-estimate]').first().click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/#contact');
    expect(await page.getByLabel(FORM_LABELS.name).first().isVisible()).toBe(true);
  });
});
