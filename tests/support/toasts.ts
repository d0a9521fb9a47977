// The toaster, checked on the page's clock (tests/support/clock.ts): what a toast says, and how long it stays.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { MESSAGES } from './facts.ts';

/** The toast on screen (there is one at a time). */
export const toastOf = (page: Page) => page.locator('#toasts .toast');

/** The titles of the toasts on screen, read at once (a locator's textContent() would wait for one to appear). */
export const toastTitles = (page: Page) => page.locator('#toasts .toast__title').allTextContents();

/** Shows a toast as any part of the page can: a `toast` event on the live region. */
export const dispatchToast = (page: Page, detail: { title: string; variant?: 'destructive'; duration?: number }) =>
  page.evaluate((d) => document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail: d })), detail);

/** With the page's clock paused since the toast appeared: it is still on screen 1 ms before `ms`, and gone at `ms`. */
export async function expectShownFor(page: Page, ms: number) {
  await page.clock.runFor(ms - 1);
  expect(await toastOf(page).count(), `the toast is on screen ${ms - 1} ms after it appeared`).toBe(1);
  await page.clock.runFor(1);
  await expect.poll(() => toastOf(page).count(), { message: `the toast is gone ${ms} ms after it appeared` }).toBe(0);
}

/** With the page's clock paused: pressing `button` shows Sending... (disabled) for exactly `delay` ms, then a toast
 * titled `title`, and the button is itself again. `sending` checks more at the press and 1 ms before the delay.
 * The clock is left paused at the moment the toast appeared. */
export async function expectSendingFor(page: Page, button: Locator, delay: number, title: string, sending = async () => {}) {
  const label = await button.textContent();
  await button.click();
  expect(await button.textContent()).toBe(MESSAGES.sending);
  expect(await button.isDisabled()).toBe(true);
  await sending();
  await page.clock.runFor(delay - 1);
  expect(await button.textContent(), `still sending ${delay - 1} ms after the press`).toBe(MESSAGES.sending);
  expect(await toastOf(page).count(), `no toast ${delay - 1} ms after the press`).toBe(0);
  await sending();
  await page.clock.runFor(1);
  await expect.poll(() => toastTitles(page), { message: `a toast ${delay} ms after the press` }).toEqual([title]);
  expect(await button.textContent()).toBe(label);
  expect(await button.isDisabled()).toBe(false);
}
