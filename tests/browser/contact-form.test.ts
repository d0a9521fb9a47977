// The home page quote form and the toaster (spec sections 4, 5, 8, 9).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, openPage } from '../support/browser.ts';
import { CITY_NAMES, site } from '../support/facts.ts';
import { baseUrl } from '../support/site.ts';
import { TOAST_TIMES } from '../support/toasts.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
async function open(options = {}) {
  const page = await openPage(browser, options);
  await page.addInitScript(TOAST_TIMES);
  return page;
}
afterAll(() => browser?.close());

async function fill(page: Page, values: { name?: string; phone?: string; area?: string; service?: string; message?: string } = {}) {
  const form = page.locator('#contact-form');
  await form.getByLabel('Full Name').fill(values.name ?? 'Alex Example');
  await form.getByLabel('Phone Number').fill(values.phone ?? '(604) 555-0199');
  await form.getByLabel('Service Area').selectOption(values.area ?? CITY_NAMES[1]);
  if (values.service) await form.getByLabel('Service Needed').selectOption(values.service);
  await form.getByLabel('Project Details').fill(values.message ?? 'A leaning hemlock near the garage.');
}

describe('contact form', () => {
  it('has the spec fields, rules and options', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/');
    const form = page.locator('#contact-form');
    expect(await form.getByLabel('Full Name').getAttribute('required')).not.toBeNull();
    expect(await form.getByLabel('Phone Number').getAttribute('type')).toBe('tel');
    expect(await form.getByLabel('Phone Number').getAttribute('placeholder')).toBe('(xxx) xxx-xxxx');
    expect(await form.getByLabel('Service Area').getAttribute('required')).not.toBeNull();
    expect(await form.getByLabel('Service Needed').getAttribute('required')).toBeNull();
    expect(await form.getByLabel('Project Details').getAttribute('rows')).toBe('4');
    const areas = await form.getByLabel('Service Area').locator('option:not([value=""])').allTextContents();
    expect(areas).toEqual(CITY_NAMES);
    const services = await form.getByLabel('Service Needed').locator('option:not([value=""])').allTextContents();
    expect(services).toEqual(site.forms.contactServices);
  });
  it('blocks an empty submit with native validation and shows no toast', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/');
    await page.locator('#contact-form button[type=submit]').click();
    expect(await page.locator('#contact-form').evaluate((f: HTMLFormElement) => f.checkValidity())).toBe(false);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('name');
    await page.waitForTimeout(1300);
    expect(await page.locator('.toast').count()).toBe(0);
  });
  it('goes idle -> Sending... (disabled) -> toast after 1 s for 6 s, clears the form and logs the data', async () => {
    const page = await open();
    const logs: unknown[] = [];
    page.on('console', async (m) => {
      if (m.type() === 'log') logs.push(await m.args()[1]?.jsonValue());
    });
    await page.goto(baseUrl() + '/');
    await fill(page, { service: site.forms.contactServices[0] });
    const button = page.locator('#contact-form button[type=submit]');
    const timing = page.evaluate(() =>
      toastTimes(() => (document.querySelector('#contact-form button[type=submit]') as HTMLElement).click()),
    );
    await page.waitForFunction(() => document.querySelector('#contact-form button[type=submit]')!.textContent === 'Sending...');
    expect(await button.isDisabled()).toBe(true);
    await page.locator('.toast').waitFor();
    expect(await page.locator('.toast__title').textContent()).toBe('Quote Request Sent!');
    expect(await page.locator('.toast__description').textContent()).toBe("Thanks for reaching out! We'll get back to you shortly.");
    expect(await page.locator('#contact-form').getByLabel('Full Name').inputValue()).toBe('');
    expect(await page.locator('#contact-form').getByLabel('Service Area').inputValue()).toBe('');
    expect(await button.textContent()).toBe('Get My Free Quote');
    expect(await button.isDisabled()).toBe(false);
    expect(logs[0]).toMatchObject({
      name: 'Alex Example',
      phone: '(604) 555-0199',
      serviceArea: CITY_NAMES[1],
      service: site.forms.contactServices[0],
    });
    const [delay, shown] = await timing;
    expect(delay).toBeGreaterThanOrEqual(990);
    expect(delay).toBeLessThan(1400);
    expect(shown).toBeGreaterThanOrEqual(5990);
    expect(shown).toBeLessThan(6400);
  });
  it('announces the toast in a polite live region', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/');
    expect(await page.locator('#toasts').getAttribute('aria-live')).toBe('polite');
    await fill(page);
    await page.locator('#contact-form button[type=submit]').click();
    await page.locator('#toasts .toast').waitFor();
  });
});

describe('toaster', () => {
  async function sendTwice(page: Page) {
    await page.goto(baseUrl() + '/');
    await fill(page, { name: 'First' });
    await page.locator('#contact-form button[type=submit]').click();
    await page.locator('.toast').waitFor();
  }
  it('shows one toast at a time: the newest replaces the older', async () => {
    const page = await open();
    await sendTwice(page);
    await page.evaluate(() => document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail: { title: 'Newer' } })));
    expect(await page.locator('.toast').count()).toBe(1);
    expect(await page.locator('.toast__title').textContent()).toBe('Newer');
  });
  it('closes with its close button', async () => {
    const page = await open();
    await sendTwice(page);
    await page.getByRole('button', { name: 'Close notification' }).click();
    expect(await page.locator('.toast').count()).toBe(0);
  });
  it('is dismissed by a swipe past 50 px, and springs back from a shorter one', async () => {
    const page = await open();
    await sendTwice(page);
    const box = (await page.locator('.toast__body').boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, y, { steps: 5 });
    await page.mouse.up();
    expect(await page.locator('.toast').count()).toBe(1);
    expect(await page.locator('.toast').evaluate((el) => el.style.transform)).toBe('');
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 90, y, { steps: 5 });
    await page.mouse.up();
    expect(await page.locator('.toast').count()).toBe(0);
  });
  it('disappears after the default 5 s when no duration is given, and has a destructive variant', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/');
    const [, shown] = await page.evaluate(() =>
      toastTimes(() => {
        document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail: { title: 'Test', variant: 'destructive' } }));
      }),
    );
    // The observer sees the toast just after the commit that starts its clock: on a busy machine some ms later.
    expect(shown).toBeGreaterThanOrEqual(4950);
    expect(shown).toBeLessThan(5400);
  });
  it('marks the destructive variant as an alert', async () => {
    const page = await open();
    await page.goto(baseUrl() + '/');
    await page.evaluate(() =>
      document.getElementById('toasts')!.dispatchEvent(new CustomEvent('toast', { detail: { title: 'Oops', variant: 'destructive' } })),
    );
    expect(await page.locator('.toast--destructive').getAttribute('role')).toBe('alert');
  });
});
