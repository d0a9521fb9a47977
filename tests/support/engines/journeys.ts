// What the engines layer's journeys share: waiting on a page for something real, the dialog, the FAQ, reading the
// quote forms' fields (filled by ../quote-form.ts, as in Chromium).
import { expect } from 'vitest';
import { site } from '../facts.ts';
import type { EnginePage } from './driver.ts';

/** Polls `fn` in the page until it gives `expected`; the message names the engine. */
export const until = <T, A extends unknown[]>(page: EnginePage, message: string, fn: (...args: A) => T, ...args: A) =>
  expect.poll(() => page.evaluate(fn, ...args), { message: `${page.engine}: ${message}` });

/** Waits until the estimate dialog is open, or closed. */
export const dialogIs = (page: EnginePage, open: boolean, why: string) =>
  until(page, why, () => !!document.querySelector<HTMLDialogElement>('#estimate-dialog')?.open).toBe(open);

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

/** The form's fields as it shows them. */
export const shownValues = (page: EnginePage, form: string) =>
  page.evaluate((f) => {
    const el = document.querySelector<HTMLFormElement>(f)!;
    return Object.fromEntries(
      ['name', 'phone', 'serviceArea', 'message', 'service'].map((n) => [n, (el.elements.namedItem(n) as HTMLInputElement).value]),
    );
  }, form);
