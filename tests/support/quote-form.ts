// The two quote forms share their fields (templates/parts/forms.tsx QuoteFields): filled one way for both, and their
// toasts read one way. (Their rules, as built: tests/build/pages.test.ts; the toasts' timing, replacing, closing and
// swiping: tests/engines/controls.test.ts.)
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { CITY_NAMES, FORM_LABELS } from './facts.ts';

/** What a test types into a quote form, by the request's own field names. */
export const QUOTE = { name: 'Alex Example', phone: '(604) 555-0199', message: 'A leaning hemlock near the garage.' };

/** Fills a quote form: QUOTE and the second city, unless told otherwise; a service only when one is given. */
export async function fillQuote(
  form: Locator,
  values: { name?: string; phone?: string; area?: string; service?: string; message?: string } = {},
) {
  await form.getByLabel(FORM_LABELS.name).fill(values.name ?? QUOTE.name);
  await form.getByLabel(FORM_LABELS.phone).fill(values.phone ?? QUOTE.phone);
  await form.getByLabel(FORM_LABELS.area).selectOption(values.area ?? CITY_NAMES[1]);
  if (values.service !== undefined) await form.getByLabel(FORM_LABELS.service).selectOption(values.service);
  await form.getByLabel(FORM_LABELS.details).fill(values.message ?? QUOTE.message);
}

/** Presses an estimate button (the page's first visible one unless told) and waits until the dialog is open. */
export async function openEstimate(page: Page, opener = '[data-estimate]:visible') {
  await page.locator(opener).first().click();
  await expect.poll(() => page.locator('#estimate-dialog[open]').count(), { message: 'the dialog opens' }).toBe(1);
}

/** The titles of the toasts on screen, read at once (a locator's textContent() would wait for one to appear). */
export const toastTitles = (page: Page) => page.locator('#toasts .toast__title').allTextContents();
