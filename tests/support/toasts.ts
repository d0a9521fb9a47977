// The toaster as the Chromium layer reads it. Its timing, replacing, closing and swiping are journeys of the three
// engines (tests/engines/controls.test.ts).
import type { Page } from 'playwright-core';

/** The titles of the toasts on screen, read at once (a locator's textContent() would wait for one to appear). */
export const toastTitles = (page: Page) => page.locator('#toasts .toast__title').allTextContents();
