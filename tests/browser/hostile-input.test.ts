// What a visitor types cannot break the forms or become markup: a 10,000-character message, HTML in the name,
// emoji, right-to-left text and a pasted phone number with letters, in both quote forms.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestPage } from '../support/browser.ts';
import { installClock, pauseClock } from '../support/clock.ts';
import { CITY_NAMES, FORM_LABELS, site, MESSAGES, message } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { openEstimate, toastTitles } from '../support/quote-form.ts';
import { STILL, useBrowser } from '../support/use-browser.ts';

/** The city the forms send for: the content's last. */
const CITY = CITY_NAMES.at(-1)!;
const NAME = `<img src=x onerror="window.__pwned=1"><b>Bold</b> "Sam" O'Neil & Co 🌲 شجرة`;
const PHONE = '(604) 555-TREE ext. 12 ☎';
const TYPED_END = ' <i>typed</i> 🌳!'; // typed key by key after the rest was filled
/** Exactly 10,000 UTF-16 code units, markup and emoji included, ending with TYPED_END. */
const MESSAGE = (() => {
  const chunk = '<script>window.__pwned=1</script> & "quotes" <img src=x onerror=alert(1)> 🪓 עץ\n';
  const head = chunk.repeat(Math.floor((10_000 - TYPED_END.length) / chunk.length));
  return head.padEnd(10_000 - TYPED_END.length, 'x') + TYPED_END;
})();

const newPage = useBrowser(installClock, STILL);

/** A page on the clock, paused once the app has started. */
async function open(urlPath: string): Promise<TestPage> {
  const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  await page.goto(baseUrl() + urlPath);
  await pauseClock(page);
  return page;
}

/** Presses a form's send button and moves the clock past the submit delay: the toast with `title` shows. */
async function send(page: Page, formSelector: string, title: string) {
  await page.locator(`${formSelector} button[type=submit]`).click();
  await page.clock.runFor(site.timing.submitDelay);
  await expect.poll(() => toastTitles(page)).toEqual([title]);
}

/** Fills a quote form the hard way: HTML in the name, a pasted phone number, a 10,000-character message. */
async function fillHostile(page: Page, formSelector: string, area: string) {
  const form = page.locator(formSelector);
  await form.getByLabel(FORM_LABELS.name).fill(NAME);
  const phone = form.getByLabel(FORM_LABELS.phone);
  await page.evaluate((text) => navigator.clipboard.writeText(text), PHONE);
  await phone.focus();
  await page.keyboard.press('ControlOrMeta+V');
  expect(await phone.inputValue()).toBe(PHONE);
  await form.getByLabel(FORM_LABELS.area).selectOption(area);
  const message = form.getByLabel(FORM_LABELS.details);
  await message.fill(MESSAGE.slice(0, -TYPED_END.length));
  await message.press('End');
  await message.pressSequentially(TYPED_END);
  expect((await message.inputValue()).length).toBe(10_000);
}

/** Nothing the visitor typed became an element, ran, or raised an error. */
async function expectNothingInjected(page: TestPage) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"], #toasts b, #toasts i, #toasts img, #toasts script').count()).toBe(0);
  expect(page.alerts).toEqual([]);
  expect(page.errors).toEqual([]);
}

describe('contact form with hostile input', () => {
  it('sends the exact text, shows the toast, clears the form and renders nothing as HTML', async () => {
    const page = await open('/');
    const logged: Record<string, string>[] = [];
    page.on('console', async (m) => {
      if (m.type() === 'log' && m.text().startsWith('Quote request')) logged.push(await m.args()[1].jsonValue());
    });
    await fillHostile(page, '#contact-form', CITY);
    await send(page, '#contact-form', MESSAGES.sent);
    await expect.poll(() => logged.length).toBe(1);
    expect(logged[0].name).toBe(NAME);
    expect(logged[0].phone).toBe(PHONE);
    expect(logged[0].serviceArea).toBe(CITY);
    expect(logged[0].message.replace(/\r\n/g, '\n')).toBe(MESSAGE);
    expect(await page.locator('#contact-form').getByLabel(FORM_LABELS.details).inputValue()).toBe('');
    await expectNothingInjected(page);
  }, 60_000);
});

describe('estimate dialog with hostile input', () => {
  it('sends, and shows even a city name made of markup as text in the toast (an option altered in the page)', async () => {
    const city = `<img src=x onerror="window.__pwned=1"><b>Evil</b> & "City" 🌲 مدينة`;
    const page = await open('/about');
    await openEstimate(page);
    await page.locator('#estimate-area').evaluate((select: HTMLSelectElement, name) => select.add(new Option(name, name)), city);
    await fillHostile(page, '#estimate-form', city);
    await send(page, '#estimate-form', MESSAGES.dialogSent);
    const description = page.locator('.toast__description');
    expect(await description.textContent()).toBe(message('dialogSentText', { area: city }));
    expect(await description.evaluate((el) => el.childElementCount)).toBe(0);
    expect(await description.innerHTML()).toContain('&lt;img src=x');
    await expectNothingInjected(page);
  }, 60_000);
});
