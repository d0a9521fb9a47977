// Served with exactly the headers of dist/_headers, Chromium enforces its Content-Security-Policy, and no page, menu,
// dialog, FAQ or form trips it, and no page logs an error. What the file holds is tests/build/headers.test.ts.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installClock } from '../support/clock.ts';
import { serve } from '../support/server.ts';
import { siteDir } from '../support/site.ts';
import { CITY_NAMES, FORM_LABELS, REDIRECTS, ROUTES, SERVICE_PATHS, site } from '../support/facts.ts';
import { toastTitles } from '../support/toasts.ts';
import { useBrowser } from '../support/use-browser.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let server: { url: string; close: () => Promise<void> };
const open = useBrowser(installClock);

beforeAll(async () => {
  server = await serve(siteDir(), { withHeaders: true });
});
afterAll(async () => {
  await server?.close();
});

type CspPage = Page & { errors: string[]; violations: string[]; requested: string[] };
/** A page that records CSP violations (securitypolicyviolation events, in every document it shows), console errors and
 * the addresses it asked for (its frames' included). */
async function cspPage(options = {}): Promise<CspPage> {
  const page = (await open(options)) as CspPage;
  page.violations = [];
  page.requested = [];
  page.on('request', (r) => page.requested.push(r.url()));
  await page.exposeFunction('__reportCsp', (v: string) => page.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(
        `${location.pathname}: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  return page;
}

/** The page whose estimate dialog is sent (the others' dialogs are opened and closed), and the city it sends. */
const DIALOG_SENT_FROM = SERVICE_PATHS[0];
const CITY = CITY_NAMES[0];

async function exercise(page: CspPage, p: string) {
  // goto() resolved once the enhancements started (they start after the first paint), or once the head script gave up
  expect(await page.evaluate(() => document.documentElement.dataset.app)).toBe('ready');
  // the mobile menu
  await page.locator('.menu-toggle').click();
  await expect.poll(() => page.locator('#mobile-menu.is-open').count(), { message: 'the menu opens' }).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('#mobile-menu.is-open').count()).toBe(0);
  // an FAQ item
  const question = page.locator('.faq__question').first();
  if (await question.count()) {
    await question.scrollIntoViewIfNeeded();
    await question.click();
    expect(
      await page
        .locator('details.faq__item')
        .first()
        .evaluate((d: HTMLDetailsElement) => d.open),
    ).toBe(true);
  }
  // the estimate dialog
  const opener = page.locator('[data-estimate]:visible').first();
  if (await opener.count()) {
    await opener.click();
    await expect.poll(() => page.locator('#estimate-dialog[open]').count(), { message: 'the dialog opens' }).toBe(1);
    if (p === DIALOG_SENT_FROM) {
      const form = page.locator('#estimate-form');
      await form.getByLabel(FORM_LABELS.name).fill('Sam Tester');
      await form.getByLabel(FORM_LABELS.phone).fill('(604) 555-0100');
      await form.getByLabel(FORM_LABELS.area).selectOption(CITY);
      await sent(page, form);
    } else {
      await page.keyboard.press('Escape');
    }
  }
  if (p === '/') {
    const form = page.locator('#contact-form');
    await form.getByLabel(FORM_LABELS.name).fill('Alex Example');
    await form.getByLabel(FORM_LABELS.phone).fill('(604) 555-0199');
    await form.getByLabel(FORM_LABELS.area).selectOption(CITY_NAMES[1]);
    await sent(page, form);
    // a short swipe: Preact moves the toast through element.style, which CSP allows
    const box = (await page.locator('.toast__body').boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
  }
  // the rest of the page: the reveal animation (it writes styles through the CSSOM) and the maps, whose frames a
  // press makes (frame-src)
  const cards = page.locator('.reveal');
  if (await cards.count()) {
    await cards.last().scrollIntoViewIfNeeded();
    const revealed = () => cards.last().evaluate((el) => el.classList.contains('is-visible'));
    await expect.poll(revealed, { message: 'the last card in view is revealed' }).toBe(true);
  }
  for (const map of await page.locator('.map').all()) {
    const src = new URL((await map.getAttribute('data-map-src'))!).href;
    await map.getByRole('button').click();
    const tried = () => page.requested.includes(src) || page.violations.length > 0;
    await expect.poll(tried, { message: `the frame a press makes asks for ${src}, or the CSP refuses it` }).toBe(true);
  }
}

/** Sends a quote form, the submit delay passed on the page's clock: its toast shows. */
async function sent(page: Page, form: Locator) {
  await form.locator('button[type=submit]').click();
  await page.clock.runFor(site.timing.submitDelay);
  await expect.poll(() => toastTitles(page), { message: 'a toast after the submit delay' }).toHaveLength(1);
}

describe('served with exactly those headers, in Chromium', () => {
  it.each([...ROUTES, '/no-such-page'])(
    '%s: menu, FAQ, dialog and forms cause no CSP violation and no console error',
    async (p) => {
      const page = await cspPage(PHONE);
      const res = await page.goto(server.url + p);
      expect(res!.headers()['content-security-policy']).toBeTruthy();
      // the hashed head script ran: it marks the document before paint
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(true);
      await exercise(page, p);
      expect(page.violations).toEqual([]);
      expect(page.errors).toEqual([]);
    },
    60_000,
  );

  it("runs the redirect stubs' hashed script under the CSP", async () => {
    const page = await cspPage();
    for (const [from, to] of REDIRECTS) {
      await page.goto(server.url + from + '?ref=csp');
      const [target, hash] = to.split('#');
      await expect.poll(() => page.url()).toBe(server.url + target + '?ref=csp' + (hash ? `#${hash}` : ''));
    }
    expect(page.violations).toEqual([]);
    expect(page.errors).toEqual([]);
  }, 60_000);

  it('would catch a violation: with the script hashes taken out, the head script is refused', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'csp-control-'));
    const copy = path.join(tmp, 'dist');
    cpSync(siteDir(), copy, { recursive: true });
    const file = path.join(copy, '_headers');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(/script-src [^;]*/g, (d) => d.replace(/ 'sha256-[^']+'/g, '')),
    );
    const broken = await serve(copy, { withHeaders: true });
    try {
      const page = await cspPage();
      await page.goto(broken.url + '/');
      await expect.poll(() => page.violations.length).toBeGreaterThan(0);
      expect(page.violations[0]).toMatch(/script-src/);
      expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
    } finally {
      await broken.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
