// Served with exactly the headers of dist/_headers, one visit a page in Chromium at desktop width proves: axe-core
// (WCAG 2.2 AA) finds nothing, scrolled to its end; its Content-Security-Policy is enforced and no menu, dialog, FAQ or
// form trips it; no page logs an error or asks another origin for anything before a map is pressed. The mobile menu
// (one template and one script on every page) at phone width on the home page; the redirect stubs' hashed script moves
// the visitor on. What the file holds: tests/build/headers.test.ts; the stubs' meta refresh: tests/build/output.test.ts;
// axe with each thing that opens over a page, and every route at phone width in Firefox: accessibility.test.ts,
// tests/engines/pages.test.ts.
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../support/server.ts';
import { siteDir } from '../support/site.ts';
import { axe } from '../support/axe.ts';
import { cityHeading, MESSAGES, REDIRECTS, ROUTES, SERVICE_PATHS, site } from '../support/facts.ts';
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

type CspPage = TestPage & { violations: string[]; requested: string[]; offsite: string[]; maps: boolean };
/** A page that records CSP violations (in every document it shows), console errors, the addresses it asked for (its
 *  frames' included), and any of another origin: the document's always, a frame's until a map is pressed (a map's
 *  frame is another origin's, set back before the next page). */
async function cspPage(options: PageOptions = {}): Promise<CspPage> {
  const page = (await open(options)) as CspPage;
  Object.assign(page, { requested: [], violations: await recordViolations(page), offsite: [], maps: false });
  page.on('request', (r) => {
    page.requested.push(r.url());
    const url = new URL(r.url());
    const foreign = /^(https?|wss?):$/.test(url.protocol) && url.origin !== new URL(server.url).origin;
    if (foreign && (!page.maps || r.frame() === page.mainFrame())) page.offsite.push(`${page.url()} asked ${r.url()}`);
  });
  return page;
}
/** The page's address, once it has moved on: a wrong landing fails naming the address expected and the one reached. */
const landsOn = (page: Page, expected: string) =>
  expect.poll(() => page.url(), { message: 'the address the redirect lands on' }).toBe(expected);

/** Works what a page has: the mobile menu, an FAQ item, the estimate dialog (sent from the first service page, closed
 *  elsewhere), the contact form and a swipe of its toast, the reveal (styles written through the CSSOM) and the maps,
 *  whose frames a press makes (frame-src). */
async function exercise(page: CspPage, p: string) {
  // goto() resolved once the enhancements started (they start after the first paint), or once the head script gave up
  expect(await page.evaluate(() => document.documentElement.dataset.app), p).toBe('ready');
  if (await page.$eval('.menu-toggle', (el) => el.checkVisibility())) {
    await page.locator('.menu-toggle').click();
    await expect.poll(() => count(page, '#mobile-menu.is-open'), { message: `${p}: the menu opens` }).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => count(page, '#mobile-menu.is-open')).toBe(0);
  }
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
  page.maps = true;
  for (const map of await page.$$('.map')) {
    const src = new URL((await map.evaluate((m) => m.getAttribute('data-map-src')))!).href;
    await (await map.$('button'))!.asLocator().click();
    const tried = () => page.requested.includes(src) || page.violations.length > 0;
    await expect.poll(tried, { message: `${p}: the frame a press makes asks for ${src}, or the CSP refuses it` }).toBe(true);
  }
}

describe('served with exactly those headers, in Chromium', () => {
  it(
    'every route, the 404 and thank-you pages: axe finds nothing; menu, FAQ, dialog and forms cause no CSP violation, no console error, no request to another origin',
    async () => {
      const page = await cspPage({ viewport: { width: 1280, height: 800 } });
      const found: string[] = [];
      for (const p of [...ROUTES, '/no-such-page', '/thanks']) {
        page.maps = false;
        const res = await page.goto(server.url + p);
        expect(res!.headers()['content-security-policy'], p).toBeTruthy();
        // the hashed head script ran: it marks the document before paint
        expect(await page.evaluate(() => document.documentElement.classList.contains('js')), p).toBe(true);
        // axe with motion reduced (cards settled, no transition under way), at the page's end (what a lazy element
        // anywhere would load is in the markup every engine reads: tests/engines/pages.test.ts)
        await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
        await page.evaluate(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' as ScrollBehavior }));
        for (const v of await axe(page)) found.push(`${p} ${v}`);
        await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);
        await exercise(page, p);
      }
      expect(found).toEqual([]);
      expect(page.offsite).toEqual([]);
      expect(page.violations).toEqual([]);
      expect(page.errors).toEqual([]);
    },
    60_000 + ROUTES.length * 12_000,
  );

  it('at phone width, the mobile menu and the contact form cause no CSP violation and no console error', async () => {
    const page = await cspPage(PHONE);
    await page.goto(server.url + '/');
    await exercise(page, '/');
    expect(await page.$eval('.menu-toggle', (el) => el.checkVisibility()), 'the menu button shows').toBe(true);
    expect(page.violations).toEqual([]);
    expect(page.errors).toEqual([]);
  });

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
    for (const [from, to] of REDIRECTS) {
      await page.goto(server.url + '/about');
      await page.goto(server.url + from + '?ref=csp');
      const [target, hash] = to.split('#');
      await landsOn(page, server.url + target + '?ref=csp' + (hash ? `#${hash}` : ''));
      await page.goBack();
      expect(new URL(page.url()).pathname, `Back from ${to}`).toBe('/about');
    }
    // the visitor's own hash, where the target has none
    const [from, to] = REDIRECTS.find(([, to]) => !to.includes('#'))!;
    await page.goto(server.url + from + '?utm_source=card#faq-heading');
    await landsOn(page, server.url + to + '?utm_source=card#faq-heading');
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
