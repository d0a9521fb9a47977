// What the engines layer's journeys share: waiting on a page for something real, the dialog, the FAQ, reading the
// quote forms' fields (filled by ../quote-form.ts, as in Chromium), and checking that a page fits a phone's width.
import { expect } from 'vitest';
import { site } from '../facts.ts';
import type { EnginePage } from './driver.ts';

/** Polls `fn` in the page until it gives `expected`; the message names the engine. */
export const until = <T, A extends unknown[]>(page: EnginePage, message: string, fn: (...args: A) => T, ...args: A) =>
  expect.poll(() => page.evaluate(fn, ...args), { message: `${page.engine}: ${message}` });

/** Waits until the estimate dialog is open, or closed. */
export const dialogIs = (page: EnginePage, open: boolean, why: string) =>
  until(page, why, () => !!document.querySelector<HTMLDialogElement>('#estimate-dialog')?.open).toBe(open);

/** Waits until focus is on the form field of that name (where a form refused with the field empty puts it). */
export const focusedField = (page: EnginePage, name: string) =>
  until(page, `focus on the empty ${name} field`, () => (document.activeElement as HTMLInputElement)?.name).toBe(name);

/** A page with an FAQ of more than two questions, where the content has one; its questions' selectors, and `after`:
 *  does a step, then waits until the answer `open` shows alone (null: none shows). */
export const FAQ_PAGE = [...site.services, ...site.cities].find((p) => p.faq.length > 2);
export const faq = {
  summary: (i: number) => `main details.faq__item:nth-of-type(${i + 1}) > summary`,
  async after(page: EnginePage, step: () => Promise<unknown>, open: number | null, why: string) {
    await step();
    const shown = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLDetailsElement>('main details.faq__item')].map(
          (d) => d.open && d.querySelector('.faq__answer')!.getClientRects().length > 0,
        ),
      );
    const only = Array.from({ length: FAQ_PAGE!.faq.length }, (_, k) => k === open);
    await expect.poll(shown, { message: `${page.engine}: ${why}` }).toEqual(only);
  },
};

/** Marks the visible elements `selector` matches with data-engines-target="0", "1", ... and returns how many, so a
 *  journey can click each in turn by a selector of its own. */
export const markVisible = (page: EnginePage, selector: string) =>
  page.evaluate((s) => {
    const visible = [...document.querySelectorAll<HTMLElement>(s)].filter((e) => e.getClientRects().length > 0);
    visible.forEach((e, i) => (e.dataset.enginesTarget = String(i)));
    return visible.length;
  }, selector);
export const marked = (i: number) => `[data-engines-target="${i}"]`;

/** The form's fields as it shows them. */
export const shownValues = (page: EnginePage, form: string) =>
  page.evaluate((f) => {
    const el = document.querySelector<HTMLFormElement>(f)!;
    return Object.fromEntries(
      ['name', 'phone', 'serviceArea', 'message', 'service'].map((n) => [n, (el.elements.namedItem(n) as HTMLInputElement).value]),
    );
  }, form);

/**
 * How many CSS px the page is wider than a screen of each of `widths` px (0: it fits), measured in the engine's own
 * window when it can be made that narrow, else (WebKitGTK's MiniBrowser keeps its window as wide as its toolbar) in a
 * frame of that width on the page: the same engine laying out the same page for that viewport, its media queries
 * included. The window is left at the last width.
 */
export async function overflowAt(page: EnginePage, widths: number[], height = 844): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  const inFrame: number[] = [];
  for (const width of widths) {
    if ((await page.resize({ width, height })) === width)
      out[width] = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    else inFrame.push(width);
  }
  if (!inFrame.length) return out;
  const framed = await page.evaluate(framedOverflow, inFrame, height);
  return { ...out, ...Object.fromEntries(framed) };
}

async function framedOverflow(ws: number[], h: number): Promise<[number, number][]> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `position:fixed;top:0;left:0;width:${ws[0]}px;height:${h}px;border:0;z-index:2147483647`;
  const loaded = new Promise((r) => (frame.onload = r));
  frame.src = location.href;
  document.body.append(frame);
  await loaded;
  const d = frame.contentDocument!.documentElement;
  const frames = (n: number) => new Promise<void>((r) => (n ? requestAnimationFrame(() => frames(n - 1).then(r)) : r()));
  // the app may change the layout (the menu, reveal): measure once it has started, as in the window
  for (let i = 0; i < 600 && d.dataset.app !== 'ready' && d.classList.contains('js'); i++) await frames(1);
  const over: [number, number][] = [];
  for (const w of ws) {
    frame.style.width = `${w}px`;
    await frames(2); // laid out again for the new width, its media queries with it
    over.push([w, d.scrollWidth - d.clientWidth]);
  }
  frame.remove();
  return over;
}
