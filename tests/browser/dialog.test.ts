// The estimate dialog where Chromium's own input sees more than the visitors' engines do: a real mouse wheel under the
// open dialog (axe with it open: tests/browser/accessibility.test.ts). Its journeys (every button, closing, focus, the form, sending on
// the clock, without JavaScript) run in the three engines: tests/engines/controls.test.ts.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { FORM_LABELS, site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { useBrowser } from '../support/use-browser.ts';

const open = useBrowser();
/** A service page whose closing band (far down the page) holds an estimate button, if the content has one. */
const CLOSING_ESTIMATE_PAGE = site.services.find((s) => s.closing.button.action === 'estimate')?.path;

const isOpen = (page: Page) => page.locator('#estimate-dialog').evaluate((d: HTMLDialogElement) => d.open);
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Turns the mouse wheel and waits until the page has received it and drawn two frames since: a page that can
 * scroll has begun to by then (the wheel scrolls from the next frame on). */
async function wheel(page: Page, dy: number) {
  type Counted = { framesSinceWheel: number };
  await page.evaluate(() => {
    const w = window as unknown as Counted;
    w.framesSinceWheel = -1;
    const count = () => requestAnimationFrame(() => ++w.framesSinceWheel < 2 && count());
    addEventListener('wheel', () => ((w.framesSinceWheel = 0), count()), { once: true, passive: true });
  });
  await page.mouse.wheel(0, dy);
  const frames = () => page.evaluate(() => (window as unknown as Counted).framesSinceWheel);
  await expect.poll(frames, { message: 'the page got the wheel and drew two frames since' }).toBe(2);
}

it.skipIf(!CLOSING_ESTIMATE_PAGE)(
  'the wheel does not scroll the page under the open dialog; closed, the page is where it was and scrolls again',
  async () => {
    const page = await open();
    await page.goto(baseUrl() + CLOSING_ESTIMATE_PAGE);
    const opener = page.locator('.cta-band [data-estimate]');
    await opener.scrollIntoViewIfNeeded();
    const y = await scrollY(page);
    expect(y).toBeGreaterThan(1000);
    await opener.click();
    await expect.poll(() => isOpen(page), { message: 'the dialog opens' }).toBe(true);
    await page.mouse.move(640, 100);
    await wheel(page, 800);
    expect(await scrollY(page)).toBe(y);
    await page.getByRole('dialog', { name: FORM_LABELS.dialogTitle }).getByRole('button', { name: FORM_LABELS.close }).click();
    expect(await isOpen(page)).toBe(false);
    expect(await scrollY(page)).toBe(y);
    await wheel(page, 400);
    await expect.poll(() => scrollY(page), { message: 'the wheel scrolls the page again' }).toBeGreaterThan(y);
  },
);
