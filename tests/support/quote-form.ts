// The two quote forms share their fields (templates/parts/forms.tsx QuoteFields): filled one way for both, in Chromium
// (puppeteer-core) and in each engine (tests/support/engines/driver.ts), and their toasts read one way. (Their rules, as
// built: tests/build/pages.test.ts; the toasts' timing, replacing, closing and swiping: tests/engines/controls.test.ts.)
import type { ElementHandle, Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { CITY_NAMES, site } from './facts.ts';
import { clock, type Scriptable } from './page-clock.ts';

/** What a test types into a quote form, by the request's own field names. */
export const QUOTE = {
  name: 'Alex Example',
  phone: '(604) 555-0199',
  message: 'A leaning hemlock near the garage.',
  address: '4120 Example Street',
};

/** A page of either layer: what filling a form needs of it. */
type Typed = Scriptable & {
  type(selector: string, text: string): Promise<void>;
  select(selector: string, value: string): Promise<unknown>;
};

/** Fills the quote form `form` (a selector) by its fields' names: QUOTE and the second city, unless told otherwise; a
 *  service only when one is given. Waits, with JavaScript on, for the photo picker the form's first use brings (it
 *  moves what is below it), unless `picker` is false: the module that brings it is kept from arriving. */
export async function fillQuote(
  page: Typed,
  form: string,
  values: { name?: string; phone?: string; area?: string; service?: string; message?: string; address?: string } = {},
  picker = true,
) {
  const field = (name: string) => `${form} [name="${name}"]`;
  await page.type(field('name'), values.name ?? QUOTE.name);
  await page.type(field('phone'), values.phone ?? QUOTE.phone);
  await page.select(field('serviceArea'), values.area ?? CITY_NAMES[1]);
  if (values.service !== undefined) await page.select(field('service'), values.service);
  await page.type(field('message'), values.message ?? QUOTE.message);
  await page.type(field('address'), values.address ?? QUOTE.address);
  if (!picker) return;
  const ready = (f: string) =>
    document.documentElement.dataset.app !== 'ready' || !document.querySelector(`${f} [data-photos]:not(.is-enhanced)`);
  await expect.poll(() => page.evaluate(ready, form), { message: 'the photo picker is ready' }).toBe(true);
}

/** Presses the first shown estimate button `opener` matches and waits until the dialog is open. */
export async function openEstimate(page: Page, opener = '[data-estimate]') {
  const shown = await page.evaluateHandle((s) => [...document.querySelectorAll(s)].find((el) => el.checkVisibility()), opener);
  await (shown as ElementHandle<Element>).asLocator().click();
  await expect.poll(() => page.$$eval('#estimate-dialog[open]', (d) => d.length), { message: 'the dialog opens' }).toBe(1);
}

/** Presses the form's send button and moves the page clock by the submit delay: the toast `title` shows. */
export async function send(page: Page, form: string, title: string) {
  await page.locator(`${form} button[type=submit]`).click();
  await clock.tick(page, site.timing.submitDelay);
  await expect.poll(() => toastTitles(page), { message: 'the toast after the submit delay' }).toEqual([title]);
}

/** The requests a simulated form logs (client/delivery/delivery.ts, simulated), each as it is logged. */
export function loggedRequests(page: Page): Record<string, any>[] {
  const logged: Record<string, any>[] = [];
  page.on('console', async (m) => {
    if (m.type() === 'log' && m.text().startsWith('Quote request')) logged.push((await m.args()[1].jsonValue()) as Record<string, any>);
  });
  return logged;
}

/** The titles of the toasts on screen now. */
export const toastTitles = (page: Scriptable) =>
  page.evaluate(() => [...document.querySelectorAll('#toasts .toast__title')].map((t) => t.textContent));
