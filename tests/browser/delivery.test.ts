// Quote requests that really go somewhere (site.yaml forms.delivery), in Chromium, against a real receiver on
// loopback: a form service answering JSON across origins (endpoint), and Netlify itself (the site and the posts on one
// origin). Each drill: what the receiver gets, what the visitor sees, and that nothing is lost or sent twice.
// The page's timers run on Playwright's clock, paused once the app has started: the submit delay and the send timeout
// (site.yaml `timing:`) pass when a drill moves the clock, so a drill waits only for the network, never for a timer.
import type { BrowserContextOptions, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from '../support/axe.ts';
import { installClock, pauseClock, resumeClock } from '../support/clock.ts';
import { CITY_NAMES, FORM_LABELS, SERVICE_PATHS, site, TEL, MESSAGES, message } from '../support/facts.ts';
import { FAILURES, startDeliverySites, type Delivery, type DeliverySite, type Mode } from '../support/receiver.ts';
import { toastTitles } from '../support/toasts.ts';
import { fillQuote, QUOTE } from '../support/quote-form.ts';
import { STILL, useBrowser } from '../support/use-browser.ts';

type Which = 'contact' | 'estimate';
type Setup = DeliverySite;

const { submitDelay: SUBMIT_DELAY, sendTimeout: SEND_TIMEOUT } = site.timing;
let setups: Record<Delivery, Setup>;
const newPage = useBrowser(undefined, STILL);

beforeAll(async () => {
  // a form service on its own origin with the site on another, and Netlify: the site and the posts on one origin
  setups = await startDeliverySites();
}, 120_000);
afterAll(async () => {
  for (const s of Object.values(setups ?? {})) await s.close();
});

type TestPage = Page & { errors: string[]; violations: string[]; posts: Request[]; answered: Set<Request>; loaded: string[] };

/** A page that records console errors, CSP violations, the posts it sends (and which of them have their answer or
 * failed), and the files it loaded; with JavaScript, on the clock, paused once the app has started. */
async function open(s: Setup, which: Which, options: BrowserContextOptions = {}): Promise<TestPage> {
  const page = (await newPage(options)) as TestPage;
  page.posts = [];
  page.answered = new Set();
  page.loaded = [];
  page.on('request', (r) => void (r.method() === 'POST' && page.posts.push(r)));
  page.on('requestfinished', (r) => (page.answered.add(r), page.loaded.push(r.url())));
  page.on('requestfailed', (r) => page.answered.add(r));
  page.violations = [];
  await page.exposeFunction('__reportCsp', (v: string) => page.violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __reportCsp(v: string): void }).__reportCsp(`${e.violatedDirective} blocked ${e.blockedURI}`),
    ),
  );
  const js = options.javaScriptEnabled !== false;
  if (js) await installClock(page);
  await page.goto(s.siteUrl + (which === 'contact' ? '/' : SERVICE_PATHS[0]));
  if (js) await pauseClock(page);
  if (which === 'estimate') await openDialog(page);
  return page;
}
async function openDialog(page: Page) {
  await page.locator('[data-estimate]:visible').first().click();
  await expect.poll(() => page.locator('#estimate-dialog[open]').count(), { message: 'the dialog opens' }).toBe(1);
}
/** Reloads with the page's time flowing (the head script starts the app on a timer), then pauses it again. */
async function reload(page: Page) {
  await resumeClock(page);
  await page.reload();
  await pauseClock(page);
}

const formOf = (page: Page, which: Which) => page.locator(which === 'contact' ? '#contact-form' : '#estimate-form');
const fill = (page: Page, which: Which) => fillQuote(formOf(page, which));
/** What the form shows now, field by field. */
const shown = (page: Page, which: Which) =>
  formOf(page, which).evaluate((f: HTMLFormElement) =>
    Object.fromEntries(
      ['name', 'phone', 'serviceArea', 'service', 'message'].map((n) => [n, (f.elements.namedItem(n) as HTMLInputElement).value]),
    ),
  );
const buttonOf = (page: Page, which: Which) => formOf(page, which).locator('button[type=submit]');
const submit = (page: Page, which: Which) => buttonOf(page, which).click();
const draft = (page: Page, which: Which) => page.evaluate((k) => localStorage.getItem(k), `quote-draft:${which}`);

/** Resolves once the receiver has the page's posts and, unless it holds them unanswered, the page has their answers. */
async function answered(page: TestPage, s: Setup, mode: Mode = 'ok') {
  await s.receiver.waitFor(1);
  if (mode === 'hang') return;
  const settled = () => page.posts.length > 0 && page.posts.every((r) => page.answered.has(r));
  await expect.poll(settled, { message: "the page has the receiver's answer" }).toBe(true);
}

/** Waits until the form is sending (its module may still be arriving) or shows `title`; if sending, runs the clock by
 * the submit delay, the least time Sending... shows. */
async function afterTheDelay(page: Page, which: Which, title: string) {
  const state = async () => ((await toastTitles(page)).includes(title) ? title : await buttonOf(page, which).textContent());
  const ready = async () => [MESSAGES.sending, title].includes((await state())!);
  await expect.poll(ready, { message: `the form is sending, or says "${title}"` }).toBe(true);
  if ((await state()) !== title) await page.clock.runFor(SUBMIT_DELAY);
}

/** The payload the spec and the issues name, from what the page shows: the fields, which form, the page, where the
 *  visit came from (as the page keeps it for the tab), an id. */
async function expectedPayload(page: Page, which: Which, delivery: Delivery) {
  const path = new URL(page.url()).pathname;
  const fields: Record<string, string> = { ...(await shown(page, which)) };
  if (which === 'estimate') fields.source_page = await page.evaluate(() => document.body.dataset.pageTitle!);
  const lead = await page.evaluate(() => JSON.parse(sessionStorage.getItem('lead')!));
  expect(lead.landing_page).toBe(path); // the visit started here
  return {
    ...(delivery === 'netlify' ? { 'form-name': which } : {}),
    ...fields,
    form: which,
    page: path,
    ...lead,
    requestId: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
  };
}

async function expectSent(page: Page, which: Which) {
  const title = which === 'contact' ? MESSAGES.sent : MESSAGES.dialogSent;
  await afterTheDelay(page, which, title);
  await expect.poll(() => toastTitles(page), { message: 'the spec success' }).toEqual([title]);
  if (which === 'contact') expect(await shown(page, which)).toMatchObject({ name: '', phone: '', message: '' });
  else expect(await page.locator('#estimate-dialog[open]').count()).toBe(0);
  expect(await draft(page, which)).toBeNull();
}

async function expectNotSent(page: Page, which: Which, before: Record<string, string>) {
  const title = MESSAGES.notSent;
  await afterTheDelay(page, which, title);
  await expect.poll(() => toastTitles(page), { message: 'the failure toast' }).toEqual([title]);
  const toast = page.locator('.toast--destructive');
  expect(await toast.getAttribute('role')).toBe('alert');
  expect(await toast.locator(`a[href="${TEL}"]`).textContent()).toBe(site.business.phone);
  expect(await toast.getByRole('button', { name: MESSAGES.tryAgain }).count()).toBe(1);
  expect(await shown(page, which)).toEqual(before); // every value kept
  if (which === 'estimate') expect(await page.locator('#estimate-dialog[open]').count()).toBe(1);
  expect(JSON.parse((await draft(page, which))!).v).toMatchObject(before);
}

const unique = <T>(xs: T[]) => [...new Set(xs)];
/** Resolves once the delivery module, loaded when the form was first focused, has arrived. */
const deliveryLoaded = (page: TestPage) =>
  expect.poll(() => page.loaded.some((u) => /\/assets\/delivery-\w+\.js$/.test(u)), { message: 'the delivery module arrived' }).toBe(true);

for (const delivery of ['endpoint', 'netlify'] as const) {
  for (const which of ['contact', 'estimate'] as const) {
    describe(`${delivery}: the ${which} form`, () => {
      const s = () => setups[delivery];
      const fresh = () => {
        s().receiver.posts.length = 0;
        s().receiver.mode = 'ok';
      };

      it('sends exactly the payload, once, shows Sending... for the spec delay though answered sooner, then the spec success', async () => {
        fresh();
        const page = await open(s(), which);
        await fill(page, which);
        const want = await expectedPayload(page, which, delivery);
        await submit(page, which);
        const button = buttonOf(page, which);
        // (polled: the delivery module may still be arriving on a busy machine)
        await expect.poll(() => button.textContent()).toBe(MESSAGES.sending);
        expect(await button.isDisabled()).toBe(true);
        await answered(page, s());
        // answered, and still Sending... until the delay has passed
        await page.clock.runFor(SUBMIT_DELAY - 1);
        expect(await button.textContent(), `still sending ${SUBMIT_DELAY - 1} ms after the press`).toBe(MESSAGES.sending);
        expect(await toastTitles(page)).toEqual([]);
        await page.clock.runFor(1);
        await expectSent(page, which);
        expect(page.posts).toHaveLength(1);
        expect(s().receiver.posts).toHaveLength(1);
        expect(s().receiver.posts[0].fields).toEqual(want);
        expect(s().receiver.posts[0].how).toBe('ajax'); // multipart, as a photo needs
        expect(s().receiver.posts[0].files).toEqual([]);
        expect(page.violations).toEqual([]);
        expect(page.errors).toEqual([]);
      });

      it.each(FAILURES)(
        'when the receiver answers %s: keeps every value, says so with the phone, and Try again delivers once',
        async (mode) => {
          fresh();
          s().receiver.mode = mode;
          const page = await open(s(), which);
          await fill(page, which);
          const before = await shown(page, which);
          await submit(page, which);
          await answered(page, s(), mode);
          if (mode === 'hang') {
            // unanswered, the request gives up at the send timeout, not before
            await page.clock.runFor(SEND_TIMEOUT - 1);
            expect(await buttonOf(page, which).textContent(), `still sending ${SEND_TIMEOUT - 1} ms after the press`).toBe(
              MESSAGES.sending,
            );
            await page.clock.runFor(1);
            const failed = { message: `given up ${SEND_TIMEOUT} ms after the press` };
            await expect.poll(() => toastTitles(page), failed).toEqual([MESSAGES.notSent]);
          }
          await expectNotSent(page, which, before);
          expect(s().receiver.posts.length).toBeGreaterThanOrEqual(1); // Chromium may send again on a dropped connection
          s().receiver.mode = 'ok';
          await page.locator('.toast').getByRole('button', { name: MESSAGES.tryAgain }).click();
          await expectSent(page, which);
          const { posts } = s().receiver;
          expect(s().receiver.delivered()).toHaveLength(1);
          expect(unique(posts.map((p) => p.fields.requestId))).toHaveLength(1); // a retry is the same request: a receiver can drop a repeat
          expect(page.violations).toEqual([]);
        },
      );

      /** A filled form sent to a receiver that answers 500: the failure toast is showing. */
      const failedOnce = async () => {
        fresh();
        s().receiver.mode = '5xx';
        const page = await open(s(), which);
        await fill(page, which);
        const before = await shown(page, which);
        await submit(page, which);
        await answered(page, s(), '5xx');
        await expectNotSent(page, which, before);
        return { page, before };
      };

      it('the failure toast passes axe', async () => {
        const { page } = await failedOnce();
        expect(await page.locator('.toast').getByRole('button', { name: MESSAGES.tryAgain }).isVisible()).toBe(true);
        await resumeClock(page); // axe runs on timers; the failure toast stays until it is closed
        // the toast region alone: where the page happens to be scrolled decides what a fixed toast sits beside
        expect(await axe(page, '#toasts')).toEqual([]);
      });

      it('keeps an unsent request across a reload, with a note, and forgets it once sent', async () => {
        const { page, before } = await failedOnce();
        await reload(page);
        if (which === 'estimate') await openDialog(page);
        await expect.poll(() => shown(page, which)).toEqual(before);
        expect(await formOf(page, which).locator('.form-status').textContent()).toContain(
          message('draftNote', { button: (await buttonOf(page, which).textContent()) ?? '' }),
        );
        s().receiver.mode = 'ok';
        await submit(page, which);
        await expectSent(page, which);
        expect(s().receiver.delivered()).toHaveLength(1);
        await reload(page);
        if (which === 'estimate') await openDialog(page);
        expect(await shown(page, which)).toMatchObject({ name: '', phone: '' });
      });

      it('offline: says so, sends nothing, and sends once when the browser is back online', async () => {
        fresh();
        const page = await open(s(), which);
        await fill(page, which);
        await deliveryLoaded(page); // touched while online, as a visitor's form is before the network drops
        await page.context().setOffline(true);
        await submit(page, which);
        await expect.poll(() => formOf(page, which).locator('.form-status').textContent()).toMatch(/offline/);
        expect(await toastTitles(page)).toEqual([MESSAGES.offline]);
        await submit(page, which); // pressed again while offline: still one request
        expect(page.posts).toHaveLength(0);
        await page.context().setOffline(false);
        await expectSent(page, which);
        // a second sending would have gone out with the first, and passed its delay by now
        await page.clock.runFor(SUBMIT_DELAY);
        await answered(page, s());
        expect(page.posts).toHaveLength(1);
        expect(s().receiver.posts).toHaveLength(1);
        expect(s().receiver.delivered()).toHaveLength(1);
      });

      it('a filled honeypot is acknowledged and nothing is sent; people cannot reach it', async () => {
        fresh();
        const page = await open(s(), which);
        const trap = formOf(page, which).locator('input[name="_gotcha"]');
        expect(await trap.evaluate((el) => (el.focus(), document.activeElement === el))).toBe(false);
        expect(await trap.evaluate((el) => el.closest('[aria-hidden="true"][inert]') !== null)).toBe(true);
        // by keyboard, from the first field to the button, the trap is never reached
        await formOf(page, which).getByLabel(FORM_LABELS.name).focus();
        const reached: string[] = [];
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press('Tab');
          reached.push(await page.evaluate(() => (document.activeElement as HTMLInputElement).name || document.activeElement!.tagName));
        }
        expect(reached).not.toContain('_gotcha');
        await fill(page, which);
        await trap.evaluate((el: HTMLInputElement) => (el.value = 'https://spam.example'));
        await submit(page, which);
        await expectSent(page, which);
        // acknowledged after the spec delay with nothing on its way: a request would have gone out at the press
        expect(page.posts).toHaveLength(0);
        expect(s().receiver.posts).toHaveLength(0);
      });
    });
  }

  describe(`${delivery}: the network drops before the sending code arrives`, () => {
    it('says the request was not sent, keeps it, and sends it once when the connection is back', async () => {
      const s = setups[delivery];
      s.receiver.posts.length = 0;
      s.receiver.mode = 'ok';
      const page = await open(s, 'contact');
      await page.route('**/assets/delivery-*.js', (route) => route.abort()); // the module never made it
      await fill(page, 'contact');
      await page.context().setOffline(true);
      await submit(page, 'contact');
      await expect.poll(() => toastTitles(page)).toEqual([MESSAGES.notSent]);
      expect(await page.locator('.toast--destructive').count()).toBe(1);
      expect(await shown(page, 'contact')).toMatchObject({ name: QUOTE.name, phone: QUOTE.phone });
      await page.unroute('**/assets/delivery-*.js');
      await page.context().setOffline(false);
      await expectSent(page, 'contact');
      // a second sending would have gone out with the first, and passed its delay by now
      await page.clock.runFor(SUBMIT_DELAY);
      await answered(page, s);
      expect(page.posts).toHaveLength(1);
      expect(s.receiver.posts).toHaveLength(1);
    });
  });

  describe(`${delivery}: without JavaScript`, () => {
    it('the contact form posts natively to the receiver and the browser shows the thank-you page', async () => {
      const s = setups[delivery];
      s.receiver.posts.length = 0;
      s.receiver.mode = 'ok';
      const page = await open(s, 'contact', { javaScriptEnabled: false });
      await fill(page, 'contact');
      await submit(page, 'contact');
      await expect.poll(() => new URL(page.url()).pathname, { message: 'the browser shows the thank-you page' }).toBe('/thanks');
      expect(await page.locator('h1').textContent()).toBe(site.thanks.h1);
      expect(await page.locator(`main a[href="${TEL}"]`).count()).toBeGreaterThan(0);
      expect(s.receiver.posts).toHaveLength(1);
      expect(s.receiver.posts[0].how).toBe('native');
      expect(s.receiver.posts[0].fields).toMatchObject({ ...QUOTE, serviceArea: CITY_NAMES[1], form: 'contact', page: '/' });
      expect(page.violations).toEqual([]);
    });
  });
}
