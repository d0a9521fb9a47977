// The estimate dialog in a real Chromium (spec "Estimate dialog", "Service pages", "About", sections 3, 4, 5, 8, 9).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { installClock, pauseClock } from '../support/clock.ts';
import { expectQuoteRules, fillQuote, QUOTE } from '../support/quote-form.ts';
import { useBrowser } from '../support/use-browser.ts';
import { baseUrl } from '../support/site.ts';
import { expectSendingFor, expectShownFor, toastOf } from '../support/toasts.ts';
import { CITY_NAMES, FORM_LABELS, SERVICE_PATHS, site, TEL, TITLE_SUFFIX, MESSAGES, message } from '../support/facts.ts';
import type { Button } from '../../templates/model/types.ts';

const open = useBrowser();
const { submitDelay, toastDialog } = site.timing;

// The dialog title each page passes (its front matter's dialog.title), from the site model.
const DIALOG_TITLE: Record<string, string> = {
  ...Object.fromEntries(site.services.map((s) => [s.path, s.dialog.title])),
  '/about': site.about.dialog.title,
};
// The dialog's Service Needed option each title preselects ("" = nothing): an option of the same name, else the
// mapping in site.yaml forms.dialogPreselect, else nothing.
const DIALOG_SERVICES = site.forms.dialogServices;
const PRESELECT: Record<string, string> = Object.fromEntries(
  Object.values(DIALOG_TITLE).map((t) => [t, DIALOG_SERVICES.includes(t) ? t : (site.forms.dialogPreselect[t] ?? '')]),
);
const AREAS = CITY_NAMES;
const PAGES = [...SERVICE_PATHS, '/about'];
const SUFFIX = TITLE_SUFFIX;
/** A service page, for what every page's dialog does alike. */
const SERVICE_PAGE = SERVICE_PATHS[0];
/** A page whose dialog preselects a service, by site.yaml forms.dialogPreselect where the content maps one, else by
 * an option of the title's own name; the first page when none does (the reset then restores "nothing"). */
const PRESELECTING_PAGE =
  PAGES.find((p) => site.forms.dialogPreselect[DIALOG_TITLE[p]]) ?? PAGES.find((p) => PRESELECT[DIALOG_TITLE[p]]) ?? PAGES[0];
/** A service page whose closing band (far down the page) holds an estimate button, if the content has one. */
const CLOSING_ESTIMATE_PAGE = site.services.find((s) => s.closing.button.action === 'estimate')?.path;
/** The call buttons a page's own content places in its main part (hero and closing band). */
const CALL_BUTTONS: Record<string, Button[]> = Object.fromEntries([
  ...site.services.map((s) => [s.path, [...s.heroButtons, s.closing.button].filter((b) => b.action === 'call')]),
  ['/about', [site.about.closing.button].filter((b) => b.action === 'call')],
]);

const dialogOf = (page: Page) => page.getByRole('dialog', { name: FORM_LABELS.dialogTitle });
const isOpen = (page: Page) => page.locator('#estimate-dialog').evaluate((d: HTMLDialogElement) => d.open);
const isModal = (page: Page) => page.locator('#estimate-dialog').evaluate((d: HTMLDialogElement) => d.matches(':modal'));
const htmlOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
const hasFocus = (el: Locator) => el.evaluate((e) => e === document.activeElement);
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const activeInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('#estimate-dialog'));

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

async function openFrom(page: Page, button: Locator) {
  await button.click();
  await expect.poll(() => isOpen(page), { message: 'the dialog opens' }).toBe(true);
}

const fillDialog = (page: Page, values: Parameters<typeof fillQuote>[1] = {}) => fillQuote(dialogOf(page), values);

describe('every estimate button', () => {
  it.each(PAGES)("%s: each button opens the modal with the page's title, description, preselection and source page", async (p) => {
    const page = await open();
    await page.goto(baseUrl() + p);
    const expectedTitle = DIALOG_TITLE[p];
    const buttons = page.locator('[data-estimate]');
    const n = await buttons.count();
    expect(n).toBeGreaterThanOrEqual(1);
    const pageTitle = (await page.title()).replace(SUFFIX, '');
    expect(pageTitle.length).toBeGreaterThan(10);
    expect(await page.locator('body').getAttribute('data-page-title')).toBe(pageTitle); // what the dialog records
    expect(await isOpen(page)).toBe(false);
    for (let i = 0; i < n; i++) {
      const button = buttons.nth(i);
      expect(await button.getAttribute('role')).toBe('button');
      expect(await button.getAttribute('aria-haspopup')).toBe('dialog');
      expect(await button.getAttribute('data-estimate')).toBe(expectedTitle);
      const description = (await button.getAttribute('data-estimate-description')) ?? '';
      await openFrom(page, button);
      expect(await isModal(page)).toBe(true);
      expect(page.url()).toBe(baseUrl() + p); // the link to /#contact was not followed
      const d = dialogOf(page);
      expect(await d.getByRole('heading', { level: 2 }).textContent()).toBe(FORM_LABELS.dialogTitle);
      expect(await d.locator('.dialog__service-title').textContent()).toBe(expectedTitle);
      expect(await d.locator('.dialog__service-title').isVisible()).toBe(true);
      const shownDescription = d.locator('.dialog__service-description');
      if (p === '/about') {
        expect(description).toBe('');
        expect(await shownDescription.textContent()).toBe('');
        expect(await shownDescription.isVisible()).toBe(false);
      } else {
        expect(description.length).toBeGreaterThan(20);
        expect(await shownDescription.textContent()).toBe(description);
        expect(await shownDescription.isVisible()).toBe(true);
      }
      expect(await d.getByLabel(FORM_LABELS.service).inputValue()).toBe(PRESELECT[expectedTitle]);
      expect(await d.locator('input[type="hidden"][name="source_page"]').inputValue()).toBe(pageTitle);
      await page.keyboard.press('Escape');
      expect(await isOpen(page)).toBe(false);
      expect(await hasFocus(button)).toBe(true);
    }
    expect(page.errors).toEqual([]);
  });
});

describe('dialog form', () => {
  it("offers the dialog services and the service areas in the site's order, with the spec rules", async () => {
    const page = await open();
    await page.goto(baseUrl() + SERVICE_PAGE);
    await openFrom(page, page.locator('[data-estimate]').first());
    const d = dialogOf(page);
    expect(await d.getByLabel(FORM_LABELS.service).locator('option:not([value=""])').allTextContents()).toEqual(DIALOG_SERVICES);
    expect(await d.getByLabel(FORM_LABELS.area).locator('option:not([value=""])').allTextContents()).toEqual(AREAS);
    await expectQuoteRules(d);
  });

  it('resets the fields on every open and restores the preselection', async () => {
    const page = await open();
    await page.goto(baseUrl() + PRESELECTING_PAGE);
    const preselected = PRESELECT[DIALOG_TITLE[PRESELECTING_PAGE]];
    const button = page.locator('[data-estimate]').first();
    await openFrom(page, button);
    const d = dialogOf(page);
    expect(await d.getByLabel(FORM_LABELS.service).inputValue()).toBe(preselected);
    await fillDialog(page, { area: CITY_NAMES.at(-1)!, service: DIALOG_SERVICES.find((o) => o !== preselected)! });
    expect(await d.getByLabel(FORM_LABELS.name).inputValue()).toBe(QUOTE.name);
    await d.getByRole('button', { name: FORM_LABELS.close }).click();
    expect(await isOpen(page)).toBe(false);
    await openFrom(page, button);
    expect(await d.getByLabel(FORM_LABELS.name).inputValue()).toBe('');
    expect(await d.getByLabel(FORM_LABELS.phone).inputValue()).toBe('');
    expect(await d.getByLabel(FORM_LABELS.area).inputValue()).toBe('');
    expect(await d.getByLabel(FORM_LABELS.details).inputValue()).toBe('');
    expect(await d.getByLabel(FORM_LABELS.service).inputValue()).toBe(preselected);
    expect(await d.locator('input[name="source_page"]').inputValue()).toBe((await page.title()).replace(SUFFIX, ''));
  });

  it('blocks an empty submit with native validation: no Sending..., no toast once the submit delay has passed, the dialog stays open', async () => {
    const page = await open();
    await installClock(page);
    await page.goto(baseUrl() + SERVICE_PAGE);
    await pauseClock(page);
    await openFrom(page, page.locator('[data-estimate]').first());
    const submit = page.locator('#estimate-form button[type="submit"]');
    await submit.click();
    expect(await page.locator('#estimate-form').evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(false);
    expect(await activeId(page)).toBe('estimate-name');
    expect(await submit.textContent()).toBe(FORM_LABELS.dialogSubmit);
    await page.clock.runFor(submitDelay);
    expect(await toastOf(page).count()).toBe(0);
    expect(await isOpen(page)).toBe(true);
    expect(await submit.textContent()).toBe(FORM_LABELS.dialogSubmit);
    expect(await submit.isDisabled()).toBe(false);
    // a name alone is not enough either: the phone and the city are required
    await dialogOf(page).getByLabel(FORM_LABELS.name).fill('Sam Tester');
    await submit.click();
    expect(await activeId(page)).toBe('estimate-phone');
    await page.clock.runFor(submitDelay);
    expect(await toastOf(page).count()).toBe(0);
    expect(await isOpen(page)).toBe(true);
  });

  it(`sends: Sending... (disabled) with the dialog open, then after ${submitDelay} ms a ${toastDialog} ms toast naming the chosen city, and the dialog closes`, async () => {
    const page = await open();
    await installClock(page);
    await page.goto(baseUrl() + SERVICE_PATHS.at(-1)!);
    await pauseClock(page);
    const opener = page.locator('[data-estimate]').first();
    await openFrom(page, opener);
    const city = CITY_NAMES.at(-1)!;
    await fillDialog(page, { area: city });
    const submit = page.locator('#estimate-form button[type="submit"]');
    // open while sending (at the press and 1 ms before the delay), closed with the toast
    await expectSendingFor(page, submit, submitDelay, MESSAGES.dialogSent, async () => expect(await isOpen(page)).toBe(true));
    expect(await page.locator('#toasts .toast__description').textContent()).toBe(message('dialogSentText', { area: city }));
    expect(await isOpen(page)).toBe(false);
    expect(await htmlOverflow(page)).toBe('visible');
    expect(await hasFocus(opener)).toBe(true);
    await expectShownFor(page, toastDialog);
    // the next open starts from a fresh form with a working button
    await openFrom(page, opener);
    expect(await submit.textContent()).toBe(FORM_LABELS.dialogSubmit);
    expect(await submit.isDisabled()).toBe(false);
    expect(await dialogOf(page).getByLabel(FORM_LABELS.name).inputValue()).toBe('');
    expect(page.errors).toEqual([]);
  });
});

describe('focus, closing and scroll lock', () => {
  it('moves focus to Full Name on open, and Tab / Shift+Tab stay inside the dialog', async () => {
    const page = await open();
    await page.goto(baseUrl() + SERVICE_PAGE);
    await openFrom(page, page.locator('[data-estimate]').first());
    expect(await activeId(page)).toBe('estimate-name');
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInDialog(page)).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement!.id || document.activeElement!.className));
    }
    // every control took its turn: close, 5 fields, the photo picker (when site.yaml has forms.photos), submit
    expect(seen.size).toBe(7 + (site.forms.photos ? 1 : 0));
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await activeInDialog(page)).toBe(true);
    }
    const d = dialogOf(page);
    await d.getByRole('button', { name: FORM_LABELS.close }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement).type)).toBe('submit');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement!.getAttribute('aria-label'))).toBe(FORM_LABELS.close);
  });

  for (const [how, close] of [
    ['Escape', (page: Page) => page.keyboard.press('Escape')],
    ['the close button', (page: Page) => dialogOf(page).getByRole('button', { name: FORM_LABELS.close }).click()],
    ['a backdrop click', (page: Page) => page.mouse.click(8, 400)],
  ] as const) {
    it.skipIf(!CLOSING_ESTIMATE_PAGE)(`closes on ${how}, returns focus to the opener and unlocks scrolling`, async () => {
      const page = await open();
      await page.goto(baseUrl() + CLOSING_ESTIMATE_PAGE);
      const opener = page.locator('.cta-band [data-estimate]');
      await opener.scrollIntoViewIfNeeded();
      const y = await page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(1000);
      expect(await htmlOverflow(page)).toBe('visible');
      await openFrom(page, opener);
      expect(await htmlOverflow(page)).toBe('hidden');
      await page.mouse.move(640, 100);
      await wheel(page, 800);
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
      await close(page);
      expect(await isOpen(page)).toBe(false);
      expect(await dialogOf(page).isVisible()).toBe(false);
      expect(await hasFocus(opener)).toBe(true);
      expect(await htmlOverflow(page)).toBe('visible');
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
      await wheel(page, 400);
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the wheel scrolls the page again' }).toBeGreaterThan(y);
    });
  }

  it('stays open on clicks inside the dialog, including its padding', async () => {
    const page = await open();
    await page.goto(baseUrl() + SERVICE_PAGE);
    await openFrom(page, page.locator('[data-estimate]').first());
    const box = (await page.locator('#estimate-dialog').boundingBox())!;
    await page.mouse.click(box.x + 4, box.y + box.height / 2); // left padding
    expect(await isOpen(page)).toBe(true);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height - 4); // bottom padding
    expect(await isOpen(page)).toBe(true);
    await dialogOf(page).getByRole('heading').click();
    expect(await isOpen(page)).toBe(true);
  });

  it('stays open when a drag that starts in a field ends over the backdrop', async () => {
    const page = await open();
    await page.goto(baseUrl() + SERVICE_PAGE);
    await openFrom(page, page.locator('[data-estimate]').first());
    const name = dialogOf(page).getByLabel(FORM_LABELS.name);
    await name.fill('Sam Tester');
    const box = (await name.boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(4, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await isOpen(page)).toBe(true);
    expect(await name.inputValue()).toBe('Sam Tester');
  });

  it('has zero axe violations with the dialog open, on a service page and on /about', async () => {
    for (const p of [SERVICE_PAGE, '/about']) {
      const page = await open({ reducedMotion: 'reduce' });
      await page.goto(baseUrl() + p);
      await openFrom(page, page.locator('[data-estimate]').first());
      expect(await axe(page)).toEqual([]);
    }
  });
});

describe('without JavaScript', () => {
  it.each(PAGES)('%s: estimate buttons are links to /#contact and call buttons dial the phone', async (p) => {
    const page = await open({ javaScriptEnabled: false });
    await page.goto(baseUrl() + p);
    const buttons = page.locator('[data-estimate]');
    expect(await buttons.count()).toBeGreaterThanOrEqual(1);
    for (const b of await buttons.all()) {
      expect(await b.evaluate((e) => e.tagName)).toBe('A');
      expect(await b.getAttribute('href')).toBe('/#contact');
      expect(await b.getAttribute('role')).toBeNull();
    }
    let calls = 0;
    for (const label of new Set(CALL_BUTTONS[p].map((b) => b.label))) {
      const links = page.locator('main a.btn', { hasText: label });
      for (const c of await links.all()) expect(await c.getAttribute('href')).toBe(TEL);
      calls += await links.count();
    }
    expect(calls).toBeGreaterThanOrEqual(CALL_BUTTONS[p].length);
    await buttons.first().click();
    await expect.poll(() => page.url()).toBe(baseUrl() + '/#contact');
    // (the address changes as the new page starts to arrive, before its form is there)
    await expect.poll(() => page.locator('#contact-form').isVisible(), { message: 'the contact form shows' }).toBe(true);
  });
});
