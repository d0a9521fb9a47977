// Served with exactly the headers of dist/_headers, Chromium enforces its Content-Security-Policy, and no page, menu,
// dialog, FAQ or form trips it, and no page logs an error; the redirect stubs' hashed script moves the visitor on. One
// page of each kind (KIND_PAGES: a kind's template and scripts are what the policy meets; each route's own policy and
// hashes: tests/build/headers.test.ts, first-paint.test.ts) and two stubs, one whose target has a hash (the stubs share
// one script; each stub's target and meta refresh, for crawlers and visitors without JavaScript:
// tests/build/output.test.ts).
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../support/server.ts';
import { siteDir } from '../support/site.ts';
import { cityHeading, KIND_PAGES, MESSAGES, REDIRECTS, SERVICE_PATHS, site } from '../support/facts.ts';
import { fillQuote, openEstimate, send } from '../support/quote-form.ts';
import { count, recordViolations, route, text, useChromium, type PageOptions, type TestPage } from '../support/use-chromium.ts';

const PHONE = { viewport: { width: 390, height: 844, isMobile: true, hasTouch: true } };

let server: { url: string; close: () => Promise<void> };
const open = useChromium({ clock: true });

beforeAll(async () => {
  server = await serve(siteDir(), { withHeaders: true });
});
afterAll(async () => {
  await server?.close();
});

type CspPage = TestPage & { violations: string[]; requested: string[] };
/** A page that records CSP violations (in every document it shows), console errors and the addresses it asked for
 * (its frames' included). */
async function cspPage(options: PageOptions = {}): Promise<CspPage> {
  const page = (await open(options)) as CspPage;
  Object.assign(page, { requested: [], violations: await recordViolations(page) });
  page.on('request', (r) => page.requested.push(r.url()));
  return page;
}
/** The page's address, once it has moved on: a wrong landing fails naming the address expected and the one reached. */
const landsOn = (page: Page, expected: string) =>
  expect.poll(() => page.url(), { message: 'the address the redirect lands on' }).toBe(expected);

/** The pages walked: one of each kind, the missing page as a visitor reaches it (an address the site has not). */
const WALKED = KIND_PAGES.map((p) => (p === '/404' ? '/no-such-page' : p));

/** Works what a page has: the mobile menu, an FAQ item, the estimate dialog (sent from the first service page, closed
 *  elsewhere), the contact form and a swipe of its toast, the reveal (styles written through the CSSOM) and the maps,
 *  whose frames a press makes (frame-src). */
async function exercise(page: CspPage, p: string) {
  // goto() resolved once the enhancements started (they start after the first paint), or once the head script gave up
  expect(await page.evaluate(() => document.documentElement.dataset.app), p).toBe('ready');
  await page.locator('.menu-toggle').click();
  await expect.poll(() => count(page, '#mobile-menu.is-open'), { message: `${p}: the menu opens` }).toBe(1);
  await page.keyboard.press('Escape');
  await expect.poll(() => count(page, '#mobile-menu.is-open')).toBe(0);
  if (await count(page, '.faq__question')) {
    await page.locator('.faq__question').click();
    expect(await page.$eval('details.faq__item', (d) => (d as HTMLDetailsElement).open), `${p}: an FAQ item opens`).toBe(true);
  }
  if (await page.$$eval('[data-estimate]', (els) => els.some((el) => el.checkVisibility()))) {
    await openEstimate(page);
    if (p === SERVICE_PATHS[0]) {
      await fillQuote(page, '#estimate-form');
      await send(page, '#estimate-form', MESSAGES.dialogSent);
    } else await page.keyboard.press('Escape');
  }
  if (p === '/') {
    await fillQuote(page, '#contact-form');
    await send(page, '#contact-form', MESSAGES.sent);
    // a short swipe: Preact moves the toast through element.style, which CSP allows
    const box = (await (await page.$('.toast__body'))!.boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 3 });
    await page.mouse.up();
  }
  const cards = await page.$$('.reveal');
  if (cards.length) {
    await cards.at(-1)!.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
    const revealed = () => cards.at(-1)!.evaluate((el) => el.classList.contains('is-visible'));
    await expect.poll(revealed, { message: `${p}: the last card in view is revealed` }).toBe(true);
  }
  for (const map of await page.$$('.map')) {
    const src = new URL((await map.evaluate((m) => m.getAttribute('data-map-src')))!).href;
    await (await map.$('button'))!.asLocator().click();
    const tried = () => page.requested.includes(src) || page.violations.length > 0;
    await expect.poll(tried, { message: `${p}: the frame a press makes asks for ${src}, or the CSP refuses it` }).toBe(true);
  }
}

describe('served with exactly those headers, in Chromium', () => {
  it(
    'on a page of each kind, the menu, FAQ, dialog and forms cause no CSP violation and no console error',
    async () => {
      expect(WALKED, 'the dialog is sent from the first service page').toContain(SERVICE_PATHS[0]);
      const page = await cspPage(PHONE);
      for (const p of WALKED) {
        const res = await page.goto(server.url + p);
        expect(res!.headers()['content-security-policy'], p).toBeTruthy();
        // the hashed head script ran: it marks the document before paint
        expect(await page.evaluate(() => document.documentElement.classList.contains('js')), p).toBe(true);
        await exercise(page, p);
      }
      expect(page.violations).toEqual([]);
      expect(page.errors).toEqual([]);
    },
    60_000 + WALKED.length * 8_000,
  );

  it('would catch a violation: with the script hashes taken out, the head script is refused', async () => {
    const page = await cspPage();
    await route(page, new RegExp(`^${server.url}/$`), async (request) => {
      const response = await fetch(request.url());
      const headers = Object.fromEntries(response.headers);
      headers['content-security-policy'] = headers['content-security-policy'].replace(/script-src [^;]*/, (d) =>
        d.replace(/ 'sha256-[^']+'/g, ''),
      );
      delete headers['content-encoding']; // (fetch has decoded the body)
      await request.respond({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
    });
    await page.goto(server.url + '/');
    await expect.poll(() => page.violations.length).toBeGreaterThan(0);
    expect(page.violations[0]).toMatch(/script-src/);
    expect(await page.evaluate(() => document.documentElement.classList.contains('js'))).toBe(false);
  });
});

describe('redirect stubs, served with those headers', () => {
  it('each replaces navigation with its target, keeping query and hash: Back skips the stub', async () => {
    const page = await cspPage();
    // the stubs share one script: a stub whose target has a hash of its own, and one whose target has none
    const plain = REDIRECTS.find(([, to]) => !to.includes('#'))!;
    for (const [from, to] of [...REDIRECTS.filter(([, to]) => to.includes('#')).slice(0, 1), plain]) {
      await page.goto(server.url + '/about');
      await page.goto(server.url + from + '?ref=csp');
      const [target, hash] = to.split('#');
      await landsOn(page, server.url + target + '?ref=csp' + (hash ? `#${hash}` : ''));
      await page.goBack();
      expect(new URL(page.url()).pathname, `Back from ${to}`).toBe('/about');
    }
    // the visitor's own hash, where the target has none
    await page.goto(server.url + plain[0] + '?utm_source=card#faq-heading');
    await landsOn(page, server.url + plain[1] + '?utm_source=card#faq-heading');
    expect(page.violations).toEqual([]);
    expect(page.errors).toEqual([]);
  }, 60_000);

  it('sends www.localhost to the bare host before paint, keeping path, query and hash', async () => {
    const page = await cspPage();
    const port = new URL(server.url).port;
    const city = site.cities[0];
    await page.goto(`http://www.localhost:${port}${city.path}?ref=x#faq-heading`);
    await landsOn(page, `http://localhost:${port}${city.path}?ref=x#faq-heading`);
    await expect.poll(() => text(page, 'h1').catch(() => null), { message: 'the city page' }).toBe(cityHeading(city.name));
    expect(page.violations).toEqual([]);
  });
});
