// Quote requests that really go somewhere (site.yaml forms.delivery), in Chromium, against a real receiver on
// loopback: a form service answering JSON across origins (endpoint), and Netlify itself (the site and the posts on one
// origin). Each drill: what the receiver gets, what the visitor sees, and that nothing is lost or sent twice, where
// Chromium's tooling reaches further than the visitors' engines (a visit's source, a failed send, a phone photo and a
// form posted without JavaScript in the three engines: tests/engines/requests.test.ts).
// The page's timers run on the page clock, paused once the app has started: the submit delay and the send timeout
// (site.yaml `timing:`) pass when a drill moves the clock, so a drill waits only for the network, never for a timer.
// What sends is the same code for both forms and both modes but for the request itself (client/delivery/delivery.ts), so each
// case runs once: the exact payload for one form in each mode (the contact form's to a form service, the estimate
// form's to Netlify); each way a form service can fail (an answer that is not a 2xx, none in time, a dropped
// connection, an answer that is not its JSON), and Netlify's own, a page that is not a 2xx; each drill of the
// visitor's side in one form in one mode (a reload and the honeypot in the estimate dialog, offline in the contact
// form). Each request carries two
// estimate visit windows where the content offers them; a visitor in another time zone is offered the same.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, HTTPRequest, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FIELDS, LEAD_MAX, OFFICE_PATH, photoField, UTM_FIELDS, VISIT_FIELDS } from '../../templates/model/constants.ts';
import { decodeOffice, OFFICE_FIELD } from '../../templates/model/office-link.ts';
import { axe } from '../support/axe.ts';
import { clock } from '../support/page-clock.ts';
import { CITY_NAMES, SERVICE_PATHS, site, TEL, MESSAGES, message } from '../support/facts.ts';
import { phonePhoto } from '../support/photos.ts';
import { FAILURES, startDeliverySites, type Delivery, type DeliverySite, type Mode, type Post } from '../support/receiver.ts';
import { baseUrl, html, officeValues } from '../support/site.ts';
import { windowsIn } from '../support/visits.ts';
import { fillQuote, loggedRequests, openEstimate, QUOTE, toastTitles } from '../support/quote-form.ts';
import { byRole, count, recordViolations, route, text, useChromium, type PageOptions, type TestPage } from '../support/use-chromium.ts';

type Which = 'contact' | 'estimate';

const { submitDelay: SUBMIT_DELAY, sendTimeout: SEND_TIMEOUT } = site.timing;
const photos = site.forms.photos!; // the photo drills run while site.yaml has forms.photos
const WAIT = 30_000; // photos are decoded and encoded for real: generous on a loaded 2-core machine
let setups: Record<Delivery, DeliverySite>;
const newPage = useChromium({ reducedMotion: true });
/** Where the photos a visitor picks are written, by the names they are picked by. */
const picked = mkdtempSync(path.join(os.tmpdir(), 'delivery-photos-'));

beforeAll(async () => {
  // a form service on its own origin with the site on another, and Netlify: the site and the posts on one origin
  setups = await startDeliverySites();
}, 120_000);
afterAll(async () => {
  for (const s of Object.values(setups ?? {})) await s.close();
  rmSync(picked, { recursive: true, force: true });
});

type DeliveryPage = TestPage & { violations: string[]; posts: HTTPRequest[]; answered: Set<HTTPRequest>; loaded: string[] };

/** The setup, its receiver emptied and answering `mode`. */
function fresh(s: DeliverySite, mode: Mode = 'ok') {
  s.receiver.posts.length = 0;
  s.receiver.mode = mode;
  return s;
}

/** A fresh visit that records console errors, CSP violations, alerts, the posts it sends (and which of them have their
 * answer or failed), and the files it loaded; with JavaScript, on the clock, paused once the app has started. */
async function open(url: string, options: PageOptions & { referer?: string } = {}): Promise<DeliveryPage> {
  const { referer, ...context } = options;
  const js = context.javaScript !== false;
  const page = (await newPage({ ...context, clock: js || undefined })) as DeliveryPage;
  Object.assign(page, { posts: [], answered: new Set(), loaded: [], violations: await recordViolations(page) });
  page.on('request', (r) => void (r.method() === 'POST' && page.posts.push(r)));
  page.on('requestfinished', (r) => (page.answered.add(r), page.loaded.push(r.url())));
  page.on('requestfailed', (r) => page.answered.add(r));
  // (as sent: the policy a link's page would set, not the default, which drops a secure page's address on the way here)
  await page.goto(url, { referer, referrerPolicy: 'unsafeUrl' });
  if (js) await clock.pause(page);
  return page;
}
/** A visit to the form's page, the dialog opened for the estimate form. */
async function openForm(s: DeliverySite, which: Which, options: PageOptions = {}) {
  const page = await open(s.siteUrl + (which === 'contact' ? '/' : SERVICE_PATHS[0]), options);
  if (which === 'estimate') await openEstimate(page);
  return page;
}
/** Reloads (the new document's clock flowing: the head script starts the app on a timer), paused again, the dialog
 *  reopened. */
async function reload(page: Page, which: Which) {
  await page.reload();
  await clock.pause(page);
  if (which === 'estimate') await openEstimate(page);
}

const formOf = (which: Which) => (which === 'contact' ? '#contact-form' : '#estimate-form');
/** Fills the form, and where it offers estimate visits chooses two windows in order of preference (the later first);
 *  `picker` false: its photo picker will not be enhanced (quote-form.ts). */
async function fill(page: Page, which: Which, picker = true) {
  await fillQuote(page, formOf(which), {}, picker);
  if (!site.visits) return;
  const field = (n: number) => `${formOf(which)} [name="visit${n}"]`;
  for (const [n, index] of [
    [1, 2],
    [2, 1],
  ])
    await page.select(field(n), await page.$eval(field(n), (s, i) => (s as HTMLSelectElement).options[i].value, index));
}
/** What the form shows now, field by field (the estimate visit's choices with them). */
const shown = (page: Page, which: Which) =>
  page.$eval(formOf(which), (f) =>
    Object.fromEntries(
      ['name', 'phone', 'serviceArea', 'service', 'message', 'address', 'visit1', 'visit2', 'visit3'].flatMap((n) => {
        const el = (f as HTMLFormElement).elements.namedItem(n) as HTMLInputElement | null;
        return el ? [[n, el.value]] : [];
      }),
    ),
  );
const buttonOf = (which: Which) => `${formOf(which)} button[type=submit]`;
const submit = (page: Page, which: Which) => page.click(buttonOf(which));
const draft = (page: Page, which: Which) => page.evaluate((k) => localStorage.getItem(k), `quote-draft:${which}`);
const thumbnails = (page: Page, which: Which) => count(page, `${formOf(which)} .photos__list img`);
/** Gives the form's photo picker these files (JPEGs, by their names), as a visitor picks them. */
async function pick(page: Page, which: Which, files: Record<string, Buffer>) {
  const paths = Object.entries(files).map(([name, bytes]) => (writeFileSync(path.join(picked, name), bytes), path.join(picked, name)));
  const input = await page.$(`${formOf(which)} [data-photos] input[type="file"]`);
  await (input as ElementHandle<HTMLInputElement>).uploadFile(...paths);
}
/** Chooses photos in the form's picker and waits for their thumbnails. */
async function choose(page: Page, which: Which, files: Record<string, Buffer>) {
  await pick(page, which, files);
  const n = Object.keys(files).length;
  await expect.poll(() => thumbnails(page, which), { message: 'the thumbnails', timeout: WAIT }).toBe(n);
}

/** Resolves once the receiver has the page's posts and, unless it holds them unanswered, the page has their answers. */
async function answered(page: DeliveryPage, s: DeliverySite, mode: Mode = 'ok') {
  await s.receiver.waitFor(1, WAIT);
  if (mode === 'hang') return;
  const settled = () => page.posts.length > 0 && page.posts.every((r) => page.answered.has(r));
  await expect.poll(settled, { message: "the page has the receiver's answer", timeout: WAIT }).toBe(true);
}
/** The nth post the receiver got, once it has arrived. */
async function post(s: DeliverySite, n = 1): Promise<Post> {
  await s.receiver.waitFor(n, WAIT);
  return s.receiver.posts[n - 1];
}

/** Waits until the form is sending (its module may still be arriving) or shows `title`; if sending, runs the clock by
 * the submit delay, the least time Sending... shows. */
async function afterTheDelay(page: Page, which: Which, title: string) {
  const state = async () => ((await toastTitles(page)).includes(title) ? title : await text(page, buttonOf(which)));
  const ready = async () => [MESSAGES.sending, title].includes((await state())!);
  await expect.poll(ready, { message: `the form is sending, or says "${title}"`, timeout: WAIT }).toBe(true);
  if ((await state()) !== title) await clock.tick(page, SUBMIT_DELAY);
}

/** The payload a request carries, from what the page shows: the fields, which form, the page, where the
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
    [OFFICE_FIELD]: expect.stringMatching(new RegExp(`^${new URL(page.url()).origin}${OFFICE_PATH}#`)), // the site's own origin
  };
}

/** The request a post's office link carries, as the office page reads it (its windows checked against this build's). */
function officeOf(fields: Record<string, string>) {
  const decoded = decodeOffice(new URL(fields[OFFICE_FIELD]).hash, officeValues().weekdays);
  if ('problem' in decoded) throw new Error(`the office link is refused: ${decoded.problem}`);
  return decoded.request;
}
/** What the office link of a post with these fields carries: every field the visitor filled in, the windows in order, the
 * photos' number, the page, where the visit came from, the id. */
const officeRequest = (f: Record<string, string>, photos = 0) => ({
  ...{ name: f.name, phone: f.phone, area: f.serviceArea, address: f.address, service: f.service, message: f.message, urgent: '' },
  windows: VISIT_FIELDS.map((n) => f[n]).filter(Boolean),
  ...{ photos, form: f.form, page: f.page, requestId: f.requestId, sent: expect.any(Number) },
  source: Object.fromEntries(
    Object.entries(f).filter(([k]) => [LEAD_FIELDS.landing, LEAD_FIELDS.referrer, ...UTM_FIELDS, 'source_page'].includes(k)),
  ),
});

async function expectSent(page: Page, which: Which) {
  const title = which === 'contact' ? MESSAGES.sent : MESSAGES.dialogSent;
  await afterTheDelay(page, which, title);
  await expect.poll(() => toastTitles(page), { message: 'the success toast', timeout: WAIT }).toEqual([title]);
  expect(await shown(page, which), 'the form emptied').toMatchObject({ name: '', phone: '', message: '' });
  // the estimate form's dialog has closed, its toast on the page (client/first-visit/estimate.ts)
  if (which === 'estimate') expect(await count(page, '#estimate-dialog[open], #estimate-dialog #toasts')).toBe(0);
  expect(await draft(page, which)).toBeNull();
}

async function expectNotSent(page: Page, which: Which, before: Record<string, string>) {
  const title = MESSAGES.notSent;
  await afterTheDelay(page, which, title);
  await expect.poll(() => toastTitles(page), { message: 'the failure toast', timeout: WAIT }).toEqual([title]);
  expect(await page.$eval('.toast--destructive', (t) => t.getAttribute('role'))).toBe('alert');
  expect(await text(page, `.toast--destructive a[href="${TEL}"]`)).toBe(site.business.phone);
  expect(await (await page.$(`.toast--destructive ${byRole('button', MESSAGES.tryAgain)}`))?.isVisible()).toBe(true);
  expect(await shown(page, which)).toEqual(before); // every value kept
  if (which === 'estimate') expect(await count(page, '#estimate-dialog[open]')).toBe(1);
  expect(JSON.parse((await draft(page, which))!).v).toMatchObject(before);
}
/** Sent, and only once: a second sending would have gone out with the first, and passed its delay by now. */
async function expectSentOnce(page: DeliveryPage, s: DeliverySite, which: Which) {
  await expectSent(page, which);
  await clock.tick(page, SUBMIT_DELAY);
  await answered(page, s);
  expect([page.posts.length, s.receiver.posts.length, s.receiver.delivered().length]).toEqual([1, 1, 1]);
}
const tryAgain = (page: Page) => page.locator(`.toast ${byRole('button', MESSAGES.tryAgain)}`).click();

describe.each([
  ['endpoint', 'contact'],
  ['netlify', 'estimate'],
] as const)('%s', (delivery, which) => {
  const s = () => setups[delivery];

  it(`the ${which} form sends exactly the payload (the street address and the office link among it), once, shows Sending... for the form's delay though answered sooner, then its success toast`, async () => {
    fresh(s());
    const page = await openForm(s(), which);
    await fill(page, which);
    const want = await expectedPayload(page, which, delivery);
    await submit(page, which);
    const button = buttonOf(which);
    // (polled: the delivery module may still be arriving on a busy machine)
    await expect.poll(() => text(page, button)).toBe(MESSAGES.sending);
    expect(await page.$eval(button, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await answered(page, s());
    // answered, and still Sending... until the delay has passed
    await clock.tick(page, SUBMIT_DELAY - 1);
    expect(await text(page, button), `still sending ${SUBMIT_DELAY - 1} ms after the press`).toBe(MESSAGES.sending);
    expect(await toastTitles(page)).toEqual([]);
    await clock.tick(page, 1);
    await expectSent(page, which);
    expect(page.posts).toHaveLength(1);
    // multipart, as a photo needs
    expect(s().receiver.posts.map((p) => [p.how, p.fields, p.files])).toEqual([['ajax', want, []]]);
    // the street address among them, and the office link carrying the request as it was sent
    expect(s().receiver.posts[0].fields.address).toBe(QUOTE.address);
    expect(officeOf(s().receiver.posts[0].fields)).toEqual(officeRequest(s().receiver.posts[0].fields));
    expect(page.violations).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  // a refusal (4xx) and a server error (5xx) are one answer that is not ok (client/delivery/delivery.ts): the 5xx stands for both
  const failures: Mode[] = delivery === 'netlify' ? ['5xx'] : FAILURES.filter((m) => m !== '4xx');
  it(`whichever way the receiver fails (${failures.join(', ')}), the form keeps every value, says so with the phone, and Try again delivers once`, async () => {
    const page = await openForm(s(), 'contact');
    for (const mode of failures) {
      fresh(s(), mode);
      page.posts.length = 0;
      await fill(page, 'contact');
      const before = await shown(page, 'contact');
      await submit(page, 'contact');
      await answered(page, s(), mode);
      if (mode === 'hang') {
        // unanswered, the request gives up at the send timeout, not before
        await clock.tick(page, SEND_TIMEOUT - 1);
        expect(await text(page, buttonOf('contact')), `still sending ${SEND_TIMEOUT - 1} ms after the press`).toBe(MESSAGES.sending);
        await clock.tick(page, 1);
        await expect.poll(() => toastTitles(page), { message: `given up ${SEND_TIMEOUT} ms after the press` }).toEqual([MESSAGES.notSent]);
      }
      await expectNotSent(page, 'contact', before);
      s().receiver.mode = 'ok';
      await tryAgain(page);
      await expectSent(page, 'contact');
      expect(s().receiver.delivered(), mode).toHaveLength(1);
      // a retry is the same request (Chromium may also send again on a dropped connection): a receiver can drop a repeat
      expect(new Set(s().receiver.posts.map((p) => p.fields.requestId)).size, mode).toBe(1);
    }
    expect(page.violations).toEqual([]);
  });
});

describe("the visitor's side (endpoint)", () => {
  const s = () => setups.endpoint;

  it('a failed send in the estimate dialog: the failure toast passes axe; a reload keeps the request with a note (photos to choose again), forgotten once sent', async () => {
    const which = 'estimate';
    const photo = !!site.forms.photos;
    const page = await openForm(fresh(s(), '5xx'), which);
    await fill(page, which);
    if (photo) await choose(page, which, { 'birch.jpg': await phonePhoto(6, { width: 900, height: 600, orientation: 1 }) });
    const values = await shown(page, which);
    await submit(page, which);
    await answered(page, s(), '5xx');
    await expectNotSent(page, which, values);
    await clock.resume(page); // axe runs on timers; the failure toast stays until it is closed
    // the toast region alone: where the page happens to be scrolled decides what a fixed toast sits beside
    expect(await axe(page, '#toasts')).toEqual([]);
    await reload(page, which);
    await expect.poll(() => shown(page, which)).toEqual(values);
    const note = await text(page, `${formOf(which)} .form-status`);
    expect(note).toContain(message('draftNote', { button: (await text(page, buttonOf(which))) ?? '' }));
    if (photo) {
      expect(note).toContain(photos.again);
      expect(await thumbnails(page, which)).toBe(0);
    }
    s().receiver.mode = 'ok';
    await submit(page, which);
    await expectSent(page, which);
    expect(s().receiver.delivered()).toHaveLength(1);
    await reload(page, which);
    expect(await shown(page, which)).toMatchObject({ name: '', phone: '' });
  });

  it('the contact form offline: says so, sends nothing, and sends once when the browser is back online', async () => {
    const which = 'contact';
    fresh(s());
    const page = await openForm(s(), which);
    await fill(page, which);
    // touched while online, as a visitor's form is before the network drops: the delivery module has arrived
    await expect.poll(() => page.loaded.some((u) => /\/assets\/delivery-\w+\.js$/.test(u)), { message: 'the delivery module' }).toBe(true);
    await page.setOfflineMode(true);
    await submit(page, which);
    await expect.poll(() => text(page, `${formOf(which)} .form-status`)).toMatch(/offline/);
    expect(await toastTitles(page)).toEqual([MESSAGES.offline]);
    await submit(page, which); // pressed again while offline: still one request
    expect(page.posts).toHaveLength(0);
    await page.setOfflineMode(false);
    await expectSentOnce(page, s(), which);
  });

  // out of reach of people (inert, hidden from screen readers, out of the tab order as built): tests/build/delivery.test.ts
  it('a filled honeypot in the estimate dialog is acknowledged and nothing is sent', async () => {
    const which = 'estimate';
    fresh(s());
    const page = await openForm(s(), which);
    await fill(page, which);
    await page.$eval(`${formOf(which)} input[name="_gotcha"]`, (el) => void ((el as HTMLInputElement).value = 'https://spam.example'));
    await submit(page, which);
    await expectSent(page, which);
    // acknowledged after the form's delay with nothing on its way: a request would have gone out at the press
    expect(page.posts).toHaveLength(0);
  });
});

it('the network drops before the sending code arrives: says the request was not sent, keeps it, and sends it once when the connection is back', async () => {
  const s = fresh(setups.endpoint);
  const page = await openForm(s, 'contact');
  const unroute = await route(page, /\/assets\/delivery-[^/]*\.js$/, (request) => request.abort()); // the module never made it
  await fill(page, 'contact', false);
  await page.setOfflineMode(true);
  await submit(page, 'contact');
  await expect.poll(() => toastTitles(page)).toEqual([MESSAGES.notSent]);
  expect(await count(page, '.toast--destructive')).toBe(1);
  expect(await shown(page, 'contact')).toMatchObject({ name: QUOTE.name, phone: QUOTE.phone });
  await unroute();
  await page.setOfflineMode(false);
  await expectSentOnce(page, s, 'contact');
});

it('hostile tags and referrer (markup, 10,000 characters, CRLF) arrive as bounded text and never reach the markup', async () => {
  const s = fresh(setups.endpoint);
  const script = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';
  const long = 'x'.repeat(10_000);
  const query = `?utm_source=${encodeURIComponent(script)}&utm_medium=cpc%0D%0ASet-Cookie:%20a=1&utm_campaign=${long}&utm_term=${encodeURIComponent(script + ' term')}`;
  // (a browser sends at most 4,096 characters of a referrer, and servers refuse request heads much over 16 KB)
  const referer = `https://www.evil.example/${encodeURIComponent(script)}%0D%0A?q=${'y'.repeat(3000)}`;
  const page = await open(s.siteUrl + `/${query}`, { referer });
  await fill(page, 'contact');
  await submit(page, 'contact');
  const lead = Object.fromEntries(
    Object.entries((await post(s)).fields).filter(([k]) => [LEAD_FIELDS.landing, LEAD_FIELDS.referrer, ...UTM_FIELDS].includes(k as never)),
  );
  expect(lead).toEqual({
    [LEAD_FIELDS.landing]: `/${query}`.slice(0, LEAD_MAX),
    [LEAD_FIELDS.referrer]: 'evil.example', // the host, never the address
    utm_source: script, // as text: the receiver escapes it wherever it shows it
    utm_medium: 'cpc Set-Cookie: a=1', // no line break left to start a header or a line of an email
    utm_campaign: long.slice(0, LEAD_MAX),
    utm_term: `${script} term`,
  });
  const html = await page.content();
  expect(html).not.toContain('__pwned');
  expect(html).not.toContain(long.slice(0, 300));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(page.alerts).toEqual([]);
  expect(page.errors).toEqual([]);
});

describe.skipIf(!site.forms.photos)('photos of the tree', () => {
  it('three photos, the receiver failing once (Netlify): values and photos stay, and Try again delivers them once, each a field, small and without EXIF', async () => {
    const s = fresh(setups.netlify, '5xx');
    const page = await openForm(s, 'estimate');
    await fill(page, 'estimate');
    const sent = await Promise.all([1, 2, 3].map((seed) => phonePhoto(seed, { width: 2400, height: 1800, orientation: 1 })));
    await choose(page, 'estimate', Object.fromEntries(sent.map((b, i) => [`maple-${i + 1}.jpg`, b])));
    await clock.resume(page); // axe runs on timers
    expect(await axe(page, '#estimate-dialog'), 'the dialog with its thumbnails').toEqual([]);
    await clock.pause(page);
    const before = await shown(page, 'estimate');
    await submit(page, 'estimate');
    await expectNotSent(page, 'estimate', before);
    expect((await post(s)).files).toHaveLength(3); // it did arrive, and was answered 500
    expect(await thumbnails(page, 'estimate')).toBe(3);
    s.receiver.mode = 'ok';
    await tryAgain(page);
    await expectSent(page, 'estimate');
    const p = await post(s, 2);
    expect([s.receiver.posts.length, s.receiver.delivered().length]).toEqual([2, 1]);
    expect(p.how).toBe('ajax');
    expect(p.fields).toMatchObject({ 'form-name': 'estimate', ...QUOTE, serviceArea: CITY_NAMES[1], page: SERVICE_PATHS[0] });
    expect(p.files.map((f) => [f.field, f.name])).toEqual(sent.map((_, i) => [photoField(i + 1), `maple-${i + 1}.jpg`]));
    expect(officeOf(p.fields).photos, "the office link's note of the photos").toBe(3);
    for (const f of p.files) {
      const meta = await sharp(f.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 2048, 1536, undefined]);
    }
  });

  it('simulated: the logged request shows its fields (two visit windows and the street address among them), where the visit came from, each photo with its size, and the office link', async () => {
    const page = await open(`${baseUrl()}${SERVICE_PATHS[0]}?utm_source=newsletter`);
    const logged = loggedRequests(page);
    await openEstimate(page);
    await fill(page, 'estimate');
    await page.select(`${formOf('estimate')} [name="service"]`, site.forms.dialogServices[0]);
    const visits = await shown(page, 'estimate');
    await choose(page, 'estimate', { 'oak.jpg': await phonePhoto(7, { width: 3000, height: 2000, orientation: 1 }) });
    await submit(page, 'estimate');
    await clock.tick(page, SUBMIT_DELAY);
    await expect.poll(() => logged.length, { timeout: WAIT }).toBe(1);
    expect(logged[0]).toMatchObject({
      ...visits,
      ...QUOTE,
      serviceArea: CITY_NAMES[1],
      service: site.forms.dialogServices[0],
      [LEAD_FIELDS.landing]: `${SERVICE_PATHS[0]}?utm_source=newsletter`,
      [LEAD_FIELDS.referrer]: '',
      utm_source: 'newsletter',
      page: SERVICE_PATHS[0],
      photos: [{ name: 'oak.jpg', width: 2048, height: 1365, bytes: expect.any(Number) }],
    });
    // the office link, as a real request carries it: on the site's own origin, the request in its fragment
    expect(officeOf(logged[0])).toMatchObject({
      name: QUOTE.name,
      address: QUOTE.address,
      windows: [visits.visit1, visits.visit2],
      photos: 1,
    });
    expect((logged[0].photos as { bytes: number }[])[0].bytes).toBeLessThan(1_000_000);
  });
});

it.skipIf(!site.visits?.windows.length)(
  "a visitor in another time zone (Tokyo, most of a day ahead of Vancouver) is offered what the company's clock has not passed, in the office's words",
  async () => {
    const windows = windowsIn(html('/'));
    // the moment the first windows go
    const page = await newPage({ clock: windows[0].until });
    await page.emulateTimezone('Asia/Tokyo');
    await page.goto(`${baseUrl()}/`);
    await page.focus('#contact-form [name="name"]'); // the form's first use: passed windows go
    const left = () => page.$$eval('#contact-visit1 [data-until]', (os) => os.map((o) => o.textContent));
    await expect
      .poll(left, { message: 'the first windows gone, the rest there' })
      .toEqual(windows.filter((w) => w.until > windows[0].until).map((w) => w.text));
    expect(await page.evaluate(() => new Date().getTimezoneOffset()), 'the page runs in Tokyo').toBe(-540);
  },
);
