// The two quote forms share their fields (templates/parts/forms.tsx QuoteFields): filled one way for both, and their
// toasts read one way. (Their rules, as built: tests/build/pages.test.ts; the toasts' timing, replacing, closing and
// swiping: tests/engines/controls.test.ts.)
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { CITY_NAMES } from './facts.ts';

/** What a test types into a quote form, by the request's own field names. */
export const QUOTE = { name: 'Alex Example', phone: '(604) 555-0199', message: 'A leaning hemlock near the garage.' };

/** Fills the quote form `form` (a selector) by its fields' names: QUOTE and the second city, unless told otherwise; a
 *  service only when one is given. */
export async function fillQuote(
  page: Page,
  form: string,
  values: { name?: string; phone?: string; area?: string; service?: string; message?: string } = {},
) {
  const field = (name: string) => `${form} [name="${name}"]`;
  await page.type(field('name'), values.name ?? QUOTE.name);
  await page.type(field('phone'), values.phone ?? QUOTE.phone);
  await page.select(field('serviceArea'), values.area ?? CITY_NAMES[1]);
  if (values.service !== undefined) await page.select(field('service'), values.service);
  await page.type(field('message'), values.message ?? QUOTE.message);
}

/** Presses the first shown estimate button `opener` matches and waits until the dialog is open. */
export async function openEstimate(page: Page, opener = '[data-estimate]') {
  const shown = await page.evaluateHandle((s) => [...document.querySelectorAll(s)].find((el) => el.checkVisibility()), opener);
  await (shown as ElementHandle<Element>).asLocator().click();
  await expect.poll(() => page.$$eval('#estimate-dialog[open]', (d) => d.length), { message: 'the dialog opens' }).toBe(1);
}

/** The titles of the toasts on screen now. */
export const toastTitles = (page: Page) => page.$$eval('#toasts .toast__title', (ts) => ts.map((t) => t.textContent));
