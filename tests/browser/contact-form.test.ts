// The home page quote form and the toaster (spec sections 4, 5, 8, 9). Their timing (site.yaml `timing:`) is checked
// on the page's clock, to the millisecond, without waiting for it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { installClock, pauseClock } from '../support/clock.ts';
import { CITY_NAMES, FORM_LABELS, site, MESSAGES } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { dispatchToast, expectSendingFor, expectShownFor, toastOf, toastTitles } from '../support/toasts.ts';
import { expectQuoteRules, fillQuote } from '../support/quote-form.ts';
import { STILL, useBrowser } from '../support/use-browser.ts';

const { submitDelay, toastContact, toastDefault, swipeThreshold } = site.timing;

/** The home page on the clock, paused once the app has started. */
const open = useBrowser(installClock, STILL);
async function home(options = {}) {
  const page = await open(options);
  await page.goto(baseUrl() + '/');
  await pauseClock(page);
  return page;
}

const formOf = (page: Page) => page.locator('#contact-form');
const sendButton = (page: Page) => page.locator('#contact-form button[type=submit]');

const fill = (page: Page, values: Parameters<typeof fillQuote>[1] = {}) => fillQuote(formOf(page), values);

describe('contact form', () => {
  it('has the spec fields, rules and options', async () => {
    const page = await home();
    const form = formOf(page);
    await expectQuoteRules(form);
    const areas = await form.getByLabel(FORM_LABELS.area).locator('option:not([value=""])').allTextContents();
    expect(areas).toEqual(CITY_NAMES);
    const services = await form.getByLabel(FORM_LABELS.service).locator('option:not([value=""])').allTextContents();
    expect(services).toEqual(site.forms.contactServices);
  });

  it('blocks an empty submit with native validation: no Sending..., and no toast once the submit delay has passed', async () => {
    const page = await home();
    const label = await sendButton(page).textContent();
    await sendButton(page).click();
    expect(await formOf(page).evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(false);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('name');
    expect(await sendButton(page).textContent()).toBe(label);
    await page.clock.runFor(submitDelay);
    expect(await toastOf(page).count()).toBe(0);
    expect(await sendButton(page).isDisabled()).toBe(false);
  });

  it(`goes idle -> Sending... (disabled) -> after ${submitDelay} ms a toast for ${toastContact} ms in the polite live region, clears the form and logs the data`, async () => {
    const page = await open();
    const logs: unknown[] = [];
    page.on('console', async (m) => {
      if (m.type() === 'log') logs.push(await m.args()[1]?.jsonValue());
    });
    await page.goto(baseUrl() + '/');
    await pauseClock(page);
    expect(await page.locator('#toasts').getAttribute('aria-live')).toBe('polite');
    await fill(page, { service: site.forms.contactServices[0] });
    await expectSendingFor(page, sendButton(page), submitDelay, MESSAGES.sent);
    expect(await page.locator('#toasts .toast__description').textContent()).toBe(MESSAGES.sentText);
    expect(await formOf(page).getByLabel(FORM_LABELS.name).inputValue()).toBe('');
    expect(await formOf(page).getByLabel(FORM_LABELS.area).inputValue()).toBe('');
    await expect.poll(() => logs.length).toBe(1);
    expect(logs[0]).toMatchObject({
      name: 'Alex Example',
      phone: '(604) 555-0199',
      serviceArea: CITY_NAMES[1],
      service: site.forms.contactServices[0],
    });
    await expectShownFor(page, toastContact);
  });
});

describe('toaster', () => {
  /** The home page with the form's toast on screen, and the clock paused, so it stays there. */
  async function withToast() {
    const page = await home();
    await fill(page, { name: 'First' });
    await sendButton(page).click();
    await page.clock.runFor(submitDelay);
    await expect.poll(() => toastOf(page).count()).toBe(1);
    return page;
  }
  it('shows one toast at a time: the newest replaces the older', async () => {
    const page = await withToast();
    await dispatchToast(page, { title: 'Newer' });
    await expect.poll(() => toastTitles(page)).toEqual(['Newer']);
  });
  it('closes with its close button', async () => {
    const page = await withToast();
    await page.getByRole('button', { name: MESSAGES.closeToast }).click();
    expect(await toastOf(page).count()).toBe(0);
  });
  it(`is dismissed by a swipe past ${swipeThreshold} px, and springs back from a shorter one`, async () => {
    const page = await withToast();
    const box = (await page.locator('.toast__body').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 20 + swipeThreshold - 20, y, { steps: 5 });
    await page.mouse.up();
    expect(await toastOf(page).count()).toBe(1);
    expect(await toastOf(page).evaluate((el) => el.style.transform)).toBe('');
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 20 + swipeThreshold + 20, y, { steps: 5 });
    await page.mouse.up();
    expect(await toastOf(page).count()).toBe(0);
  });
  it(`disappears after the default ${toastDefault} ms when no duration is given; the destructive variant is an alert`, async () => {
    const page = await home();
    await dispatchToast(page, { title: 'Test', variant: 'destructive' });
    await expect.poll(() => toastOf(page).count()).toBe(1);
    expect(await page.locator('.toast--destructive').getAttribute('role')).toBe('alert');
    await expectShownFor(page, toastDefault);
  });
});
