// Playwright's clock (page.clock), for the editor's browser test (tests/browser/editor-status.test.ts) until it moves to
// puppeteer-core and the page clock every other file uses (./page-clock.ts): then this file goes, with ./browser.ts.
import type { Page } from 'playwright-core';

/** Puts a page's timers on Playwright's clock. Call it before goto(): time flows as usual, so the page loads and its
 * app starts, until pauseClock(). */
export const installClock = (page: Page) => page.clock.install();

/** Stops the page's time just ahead of now: from here on its timers fire only when the test runs the clock
 * (page.clock.runFor). Nothing the tests start is pending then, once the app is ready. */
export async function pauseClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + 1000);
    } catch (e) {
      // a busy machine let the page's time pass that point before the call arrived: the clock stopped where it was
      // (Playwright pauses before it moves the clock), so the next try from the page's time succeeds
      if (!/past/.test(String(e))) throw e;
    }
  }
}

/** Lets the page's time flow again, as before a reload or a navigation: the head script starts the app on a timer. */
export const resumeClock = (page: Page) => page.clock.resume();
