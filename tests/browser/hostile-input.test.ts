// What a visitor types cannot break the forms or become markup: a 10,000-character message, HTML in the name,
// emoji, right-to-left text and a pasted phone number with letters.
import { describe, expect, it } from 'vitest';
import { clock } from '../support/page-clock.ts';
import { MESSAGES, message } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { loggedRequests, openEstimate, send } from '../support/quote-form.ts';
import { count, text, useChromium, type TestPage } from '../support/use-chromium.ts';

const NAME = `<img src=x onerror="window.__pwned=1"><b>Bold</b> "Sam" O'Neil & Co 🌲 شجرة`;
const PHONE = '(604) 555-TREE ext. 12 ☎';
const TYPED_END = ' <i>typed</i> 🌳!'; // typed key by key after the rest was filled
/** Exactly 10,000 UTF-16 code units, markup and emoji included, ending with TYPED_END. */
const MESSAGE = (() => {
  const chunk = '<script>window.__pwned=1</script> & "quotes" <img src=x onerror=alert(1)> 🪓 עץ\n';
  const head = chunk.repeat(Math.floor((10_000 - TYPED_END.length) / chunk.length));
  return head.padEnd(10_000 - TYPED_END.length, 'x') + TYPED_END;
})();

const newPage = useChromium({ clock: true, reducedMotion: true });

/** A page on the clock, paused once the app has started. */
async function open(urlPath: string): Promise<TestPage> {
  const page = await newPage();
  await page.browserContext().overridePermissions(baseUrl(), ['clipboard-read', 'clipboard-sanitized-write']);
  await page.goto(baseUrl() + urlPath);
  await clock.pause(page);
  return page;
}

/** Fills a quote form the hard way: HTML in the name, a pasted phone number, a 10,000-character message. */
async function fillHostile(page: TestPage, form: string, area: string) {
  const field = (name: string) => `${form} [name="${name}"]`;
  const value = (name: string) => page.$eval(field(name), (el) => (el as HTMLInputElement).value);
  await page.locator(field('name')).fill(NAME);
  await page.evaluate((text) => navigator.clipboard.writeText(text), PHONE);
  await page.focus(field('phone'));
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyV', { commands: ['Paste'] });
  await page.keyboard.up('Control');
  expect(await value('phone')).toBe(PHONE);
  await page.select(field('serviceArea'), area);
  await page.locator(field('message')).fill(MESSAGE.slice(0, -TYPED_END.length));
  await page.keyboard.press('End');
  await page.keyboard.type(TYPED_END);
  expect((await value('message')).length).toBe(10_000);
}

/** Nothing the visitor typed became an element, ran, or raised an error. */
async function expectNothingInjected(page: TestPage) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await count(page, 'img[src="x"], #toasts b, #toasts i, #toasts img, #toasts script')).toBe(0);
  expect(page.alerts).toEqual([]);
  expect(page.errors).toEqual([]);
}

// The two forms share their fields and their sending (templates/parts/forms.tsx, client/first-visit/forms.ts): the estimate dialog
// stands for both, as its toast is the one that shows what was typed (the city; the contact form's toast holds only
// the site's words).
describe('estimate dialog with hostile input', () => {
  it('sends the exact text, clears the form, and shows even a city name made of markup as text in the toast (an option altered in the page)', async () => {
    const city = `<img src=x onerror="window.__pwned=1"><b>Evil</b> & "City" 🌲 مدينة`;
    const page = await open('/about');
    const logged = loggedRequests(page);
    await openEstimate(page);
    await page.$eval('#estimate-area', (select, name) => (select as HTMLSelectElement).add(new Option(name, name)), city);
    await fillHostile(page, '#estimate-form', city);
    await send(page, '#estimate-form', MESSAGES.dialogSent);
    await expect.poll(() => logged.length).toBe(1);
    expect(logged[0].name).toBe(NAME);
    expect(logged[0].phone).toBe(PHONE);
    expect(logged[0].serviceArea).toBe(city);
    expect(logged[0].message.replace(/\r\n/g, '\n')).toBe(MESSAGE);
    expect(await page.$eval('#estimate-form [name="message"]', (el) => (el as HTMLTextAreaElement).value)).toBe('');
    expect(await text(page, '.toast__description')).toBe(message('dialogSentText', { area: city }));
    const markup = await page.$eval('.toast__description', (el) => [el.childElementCount, el.innerHTML] as const);
    expect(markup[0]).toBe(0);
    expect(markup[1]).toContain('&lt;img src=x');
    await expectNothingInjected(page);
  }, 60_000);
});
