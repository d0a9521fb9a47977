// A visitor's quote request in each engine, against a real receiver on loopback (site.yaml forms.delivery: endpoint,
// as a form service such as Formspree is used): the forms refuse what is missing, send once with where the visit came
// from, keep everything through a failed send; a phone photo arrives small, upright and without its GPS position; the
// storm alert hides itself at its end; and without JavaScript the menu, the dropdown, the FAQ, the estimate buttons and
// the map still work and the contact form still sends, its photo as it was chosen.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LEAD_FIELDS, photoField } from '../../templates/model/constants.ts';
import { MIDDLE, setAlert } from '../support/alert.ts';
import { business, CITY_NAMES, CITY_SLUGS, FORM_LABELS, MESSAGES, site, SERVICE_PATHS } from '../support/facts.ts';
import { fill as fillIn } from '../../templates/model/words.ts';
import { Fixture } from '../support/fixture.ts';
import { hasCameraData, phonePhoto, PHOTO } from '../support/photos.ts';
import { fillQuote, QUOTE, toastTitles } from '../support/quote-form.ts';
import { startReceiver, type Post, type Receiver } from '../support/receiver.ts';
import { dialogIs, faq, FAQ_PAGE, shownValues, until } from '../support/engines/journeys.ts';
import { serveSite, type SiteServer } from '../support/engines/site-server.ts';
import { clock, DESKTOP, ENGINES, PHONE, scriptErrors, useEngines, type EnginePage } from '../support/engines/use-engines.ts';

const open = useEngines();
const fx = new Fixture();
let receiver: Receiver;
let server: SiteServer;
let alertEnd: number;
let original: Buffer;
const files = fx.dir; // the photos a visitor picks, beside the fixture's content
/** Photos are decoded and encoded for real: generous on a loaded 2-core machine. */
const WAIT = 30_000;
const ALERT = 'Storm response: crews out tonight for fallen trees.';

beforeAll(async () => {
  receiver = await startReceiver();
  fx.setDelivery('endpoint', `${receiver.url}/f/quotes`);
  fx.setTiming('submitDelay', 0); // what is checked here is what arrives, not how long Sending... shows
  setAlert(fx, { message: ALERT });
  const built = await fx.build({ now: MIDDLE });
  alertEnd = built.site.alert!.end;
  server = await serveSite(fx.out);
  receiver.thanksUrl = `${server.url}/thanks`;
  original = await phonePhoto(1); // stored on its side (EXIF orientation 6), with the camera's make and a GPS position
  expect(await hasCameraData(original)).toBe(true);
  writeFileSync(path.join(files, 'IMG_4032.jpg'), original);
  // an iPhone's HEIC as a browser that cannot decode it gets it: a photo by its name, not one by its bytes
  writeFileSync(path.join(files, 'IMG_4033.heic'), Buffer.concat([Buffer.from('\0\0\0\x18ftypheic'), Buffer.alloc(4096, 7)]));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  fx.remove();
});

/** The receiver, empty and answering. */
function fresh() {
  receiver.posts.length = 0;
  receiver.mode = 'ok';
}
async function post(n = 1): Promise<Post> {
  await receiver.waitFor(n, WAIT);
  return receiver.posts[n - 1];
}
/** Waits until focus is on the form field of that name (where a form refused with the field empty puts it). */
const focusedField = (page: EnginePage, name: string) =>
  until(page, `focus on the empty ${name} field`, () => (document.activeElement as HTMLInputElement)?.name).toBe(name);

/** The page's <h1>, or null while none is there (or the page is between documents). */
const heading = (page: EnginePage) => page.evaluate(() => document.querySelector('h1')?.textContent ?? null).catch(() => null);

/** The two quote forms: where each is, and what it says once sent. */
const CONTACT = { page: '/', form: '#contact-form', sent: MESSAGES.sent };
const ESTIMATE = { page: SERVICE_PATHS[0], form: '#estimate-form', sent: MESSAGES.dialogSent };
const submit = (form: string) => `${form} button[type="submit"]`;

/** Two windows the form offers, chosen in order of preference (the later first); none where the content has no visits. */
async function chooseVisits(page: EnginePage, form: string): Promise<Record<string, string>> {
  const windows = await page.evaluate(
    (f) => [...document.querySelectorAll<HTMLOptionElement>(`${f} [name="visit1"] [data-until]`)].map((o) => o.value),
    form,
  );
  if (windows.length < 2) return {};
  await page.select(`${form} [name="visit1"]`, windows[1]);
  await page.select(`${form} [name="visit2"]`, windows[0]);
  return { visit1: windows[1], visit2: windows[0] };
}
/** The toast's visit: its note, its calendar link (address and file name) and the calendar file it leads to. */
const visitToast = (page: EnginePage) =>
  page.evaluate(async () => {
    const note = document.querySelectorAll('#toasts .toast__description')[1];
    const link = note?.querySelector('a');
    return {
      note: note?.firstChild?.textContent ?? null,
      link: link && [link.textContent, link.protocol, link.getAttribute('download')],
      ics: link ? await (await fetch(link.href)).text() : null,
    };
  });
/** The events of an iCalendar file: each window's start and end (UTC) and its status. */
const events = (ics: string) =>
  [...ics.replace(/\r\n /g, '').matchAll(/BEGIN:VEVENT[\s\S]*?DTSTART:(\w+)\r\nDTEND:(\w+)\r\nSTATUS:(\w+)[\s\S]*?END:VEVENT/g)].map((m) =>
    m.slice(1),
  );
/** A window's interval (its option's value ends with it) as the calendar's UTC times. */
const utc = (value: string) =>
  /\((\S+)\/(\S+)\)$/
    .exec(value)!
    .slice(1)
    .map((t) => new Date(Date.parse(t)).toISOString().replace(/-|:|\.\d+/g, ''));

describe.each(ENGINES)('%s', (engine) => {
  // Both forms send by one script (client/delivery/delivery.ts submit, the same request built from any form's fields), so each
  // stands for the other in part: the contact form in what a sent request carries (the lead, the visit's windows, its
  // toast and calendar), the estimate form, in its modal dialog, in refusing what is missing and in a failed send tried
  // again, with what only its request names (its page's title).
  it('both forms, in one visit: one request with its lead source and two preferred visit windows, the visit in its toast with a tentative calendar file; required fields refused; a failed send keeps every value and Try again sends it once; a new visit starts afresh', async () => {
    server.clockStart = MIDDLE.getTime(); // the pages' time: the build's, so the windows it offers are still to come
    onTestFinished(() => (server.clockStart = undefined));
    const page = await open(engine, { viewport: PHONE });
    // the visit starts from a link on another site, to a city page with a campaign's tags
    const tags = { utm_source: 'engines-test', utm_medium: 'referral', utm_campaign: `${engine}-visit` };
    const landing = `/service-area/${CITY_SLUGS[0]}?${new URLSearchParams(tags)}`;
    await page.goto(server.elsewhere(landing));
    await page.click('#result');
    await expect.poll(() => page.url(), { message: `${engine}: the link from the other site leads in` }).toBe(server.url + landing);
    // where the visit came from, in every request of the visit: the page it landed on, not the one it sent from
    const lead = { [LEAD_FIELDS.landing]: landing, [LEAD_FIELDS.referrer]: server.referrerHost, ...tags };

    // the contact form: one request, with the lead and the windows chosen, and the visit in its toast
    fresh();
    await page.goto(server.url + CONTACT.page);
    await fillQuote(page, CONTACT.form);
    const visits = await chooseVisits(page, CONTACT.form);
    await page.click(submit(CONTACT.form));
    const sent = await post();
    await expect.poll(() => toastTitles(page), { message: `${engine}: the contact form says it was sent` }).toEqual([CONTACT.sent]);
    expect(receiver.posts, `${engine}: one request`).toHaveLength(1);
    expect(sent.fields).toMatchObject({ ...QUOTE, serviceArea: CITY_NAMES[1], page: CONTACT.page, ...lead, ...visits });
    if (visits.visit1) {
      const words = (v: string) => v.replace(/ \(.*\)$/, '');
      const toast = await visitToast(page);
      expect(toast, `${engine}: the visit requested, when it is confirmed, and the calendar`).toMatchObject({
        note: fillIn(site.visits!.words.requested, { visit: `${words(visits.visit1)}; ${words(visits.visit2)}` }),
        link: [site.visits!.words.calendar, 'blob:', 'estimate-visit.ics'],
      });
      expect(events(toast.ics!), `${engine}: each window a tentative event, at its time`).toEqual(
        [visits.visit1, visits.visit2].map((v) => [...utc(v), 'TENTATIVE']),
      );
    }

    // the estimate form: nothing filled in, then only the name: refused where the visitor is, and nothing leaves or
    // says it did
    const at = `${engine}, the estimate form`;
    fresh();
    await page.goto(server.url + ESTIMATE.page);
    await page.click('[data-estimate]');
    await dialogIs(page, true, 'the dialog opens');
    await page.click(submit(ESTIMATE.form));
    await focusedField(page, 'name');
    await page.type(`${ESTIMATE.form} [name="name"]`, QUOTE.name);
    await page.click(submit(ESTIMATE.form));
    await focusedField(page, 'phone');
    const note = await page.evaluate((s) => document.querySelector(s)!.textContent ?? '', ESTIMATE.form);
    expect(note, `${at} says which fields it needs`).toContain(fillIn(FORM_LABELS.required, { mark: '*' }).split('*')[0].trim());
    expect(receiver.posts, `${at}: nothing sent while required fields are missing`).toEqual([]);
    expect(await toastTitles(page), `${at}: no toast for a refused form`).toEqual([]);

    // the receiver fails once: everything stays, and Try again sends the same request once
    await page.evaluate((s) => document.querySelector<HTMLFormElement>(s)!.reset(), ESTIMATE.form);
    receiver.mode = '5xx';
    await fillQuote(page, ESTIMATE.form, { name: `${QUOTE.name} ${engine}` });
    const typed = await shownValues(page, ESTIMATE.form);
    await page.click(submit(ESTIMATE.form));
    await post();
    await expect.poll(() => toastTitles(page), { message: `${at}: the failure is shown` }).toEqual([MESSAGES.notSent]);
    expect(await shownValues(page, ESTIMATE.form), `${at}: every value kept after the failure`).toEqual(typed);
    receiver.mode = 'ok';
    await page.click('#toasts .toast__action');
    await post(2);
    await expect.poll(() => toastTitles(page), { message: `${at}: sent on Try again` }).toEqual([ESTIMATE.sent]);
    expect(receiver.delivered(), `${at}: delivered once`).toHaveLength(1);
    expect(receiver.posts[1].fields.requestId).toBe(receiver.posts[0].fields.requestId);
    expect(receiver.posts[1].fields.requestId, `${at}: a second request of the visit`).not.toBe(sent.fields.requestId);
    const pageTitle = await page.evaluate(() => document.body.dataset.pageTitle);
    expect(receiver.posts[1].fields).toMatchObject({ name: typed.name, page: ESTIMATE.page, source_page: pageTitle, ...lead });
    expect(await scriptErrors(page)).toEqual([]);

    // a new visit (its own storage), typed in: it starts where it lands, from nowhere (the visit the photo and the
    // storm alert then share: nothing in either reads the lead a visit keeps)
    fresh();
    const next = await open(engine, { viewport: PHONE }, true);
    await next.goto(server.url + CONTACT.page);
    await fillQuote(next, CONTACT.form);
    await next.click(submit(CONTACT.form));
    expect((await post()).fields).toMatchObject({ [LEAD_FIELDS.landing]: CONTACT.page, [LEAD_FIELDS.referrer]: '' });
  }, 200_000); // a visit from elsewhere, three requests and a refused form, a new visit (in WebKit a new MiniBrowser)

  it.skipIf(!site.forms.photos)(
    `a ${PHOTO.width} x ${PHOTO.height} phone photo arrives upright, at most 2,048 px, under 1 MB, without GPS; a photo the engine cannot open gets the site's note`,
    async () => {
      fresh();
      // the first journey's new visit, kept for the photo and the alert
      const page = await open(engine, { viewport: PHONE }, true);
      await page.goto(server.url + '/');
      const form = CONTACT.form;
      await fillQuote(page, form);
      await page.upload(`${form} [data-photos] input[type="file"]`, [path.join(files, 'IMG_4033.heic'), path.join(files, 'IMG_4032.jpg')]);
      const photos = () =>
        page.evaluate((f) => {
          const status = document.querySelector(`${f} .photos__status`)!;
          return {
            note: [status.textContent, status.getAttribute('role')],
            thumbnails: [...document.querySelectorAll(`${f} .photos__list img`)].map((img) => img.getAttribute('alt')),
            remove: [...document.querySelectorAll(`${f} .photos__list button`)].map((b) => b.checkVisibility() && b.ariaLabel),
            wider: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          };
        }, form);
      // once the engine has tried to decode both (seconds on a loaded machine)
      await expect.poll(photos, { message: `${engine}: the HEIC left out, saying so; the photo's thumbnail`, timeout: WAIT }).toEqual({
        note: [site.forms.photos!.unreadable.replaceAll('{name}', 'IMG_4033.heic'), 'status'],
        thumbnails: ['IMG_4032.jpg'],
        remove: [`${site.forms.photos!.remove} IMG_4032.jpg`],
        wider: 0,
      });
      const typed = await shownValues(page, form);
      expect(typed, `${engine}: the rest of the request is still there`).toMatchObject({ name: QUOTE.name, phone: QUOTE.phone });
      await page.click(submit(form));
      const p = await post();
      expect(p.fields).toMatchObject({ ...QUOTE, serviceArea: CITY_NAMES[1], form: 'contact' });
      expect(p.files.map((x) => [x.field, x.name, x.type])).toEqual([[photoField(1), 'IMG_4032.jpg', 'image/jpeg']]);
      const photo = p.files[0].bytes;
      const meta = await sharp(photo).metadata();
      // upright: the stored landscape turned by its EXIF orientation to portrait, 2,048 px on its long side
      expect([meta.width, meta.height], `${engine}: upright and small`).toEqual([Math.round((2048 * PHOTO.height) / PHOTO.width), 2048]);
      expect([meta.format, meta.orientation, meta.exif]).toEqual(['jpeg', undefined, undefined]);
      expect(photo.length).toBeLessThan(Math.min(1_000_000, original.length));
      expect(await hasCameraData(photo), `${engine}: no EXIF, so no GPS position`).toBe(false);
      await expect.poll(() => toastTitles(page), { message: `${engine}: sent` }).toEqual([MESSAGES.sent]);
      expect((await photos()).thumbnails, `${engine}: the photos cleared`).toEqual([]);
    },
  );

  it('the storm alert hides itself at its end on a page left open, with no rebuild', async () => {
    const page = await open(engine, { viewport: PHONE }, true);
    server.clockStart = alertEnd - 120_000;
    try {
      await page.goto(server.url + site.services[0].path);
    } finally {
      server.clockStart = undefined;
    }
    const shown = () => page.evaluate(() => document.querySelector('.site-alert')!.getClientRects().length > 0);
    expect(await page.evaluate(() => document.querySelector('.site-alert')?.textContent ?? '')).toContain(ALERT);
    const now = await clock.pause(page);
    expect(now).toBeLessThan(alertEnd);
    await clock.tick(page, alertEnd - now - 1);
    expect(await shown(), `${engine}: the alert 1 ms before its end`).toBe(true);
    await clock.tick(page, 1);
    await expect.poll(shown, { message: `${engine}: the alert gone at its end` }).toBe(false);
  });

  it(`without JavaScript: the mobile menu, the dropdown and the FAQ open, an estimate button leads to the form, the map is a link, and the form sends${site.forms.photos ? ', its photo as it was chosen' : ''}`, async () => {
    fresh();
    const page = await open(engine, { viewport: PHONE, javaScript: false });
    const city = site.cities.at(-1)!;
    await page.goto(server.url + '/');
    expect(await page.evaluate(() => document.documentElement.dataset.app ?? 'not started')).toBe('not started');
    await page.click('.menu-toggle');
    await page.click(`.mobile-menu__panel a[href="${city.path}"]`);
    await expect.poll(() => page.url(), { message: `${engine}: the menu's link` }).toBe(server.url + city.path);
    // the address changes as the new page starts to arrive: its heading comes with it
    await expect.poll(() => heading(page), { message: `${engine}: the city's heading` }).toContain(city.name);

    if (FAQ_PAGE) {
      await page.goto(server.url + FAQ_PAGE.path);
      const last = FAQ_PAGE.faq.length - 1;
      await faq.after(page, () => page.click(faq.summary(0)), 0, 'the first answer');
      await faq.after(page, () => page.click(faq.summary(last)), last, 'the last answer, alone');
      await faq.after(page, () => page.click(faq.summary(last)), null, 'none open');
    }

    // (every page's estimate and call buttons are links to the form and the phone: tests/browser/pages.test.ts)
    await page.goto(server.url + SERVICE_PATHS[0]);
    await page.click('main [data-estimate]');
    await expect.poll(() => page.url(), { message: `${engine}: an estimate button without JavaScript` }).toBe(server.url + '/#contact');
    await until(page, 'the contact form shows', () => !!document.querySelector('#contact-form')?.checkVisibility()).toBe(true);
    const map = await page.evaluate(() => {
      const m = document.querySelector('main .map')!;
      const link = m.querySelector<HTMLAnchorElement>('.map__open')!;
      return {
        button: m.querySelector('.map__show')!.checkVisibility(),
        note: m.querySelector('.map__note')!.checkVisibility(),
        text: m.textContent!,
        link: [link.checkVisibility(), link.getAttribute('href'), link.target],
      };
    });
    expect(map.text).toContain(business.address.street);
    expect({ ...map, text: '' }).toEqual({ button: false, note: false, text: '', link: [true, business.mapUrl, '_blank'] });
    await fillQuote(page, CONTACT.form);
    const visits = await chooseVisits(page, CONTACT.form);
    if (site.forms.photos) await page.upload('#contact-form [data-photos] input[type="file"]', [path.join(files, 'IMG_4032.jpg')]);
    await page.click(submit(CONTACT.form));
    const p = await post().catch(async (e: Error) => {
      // what the page showed instead: still the form (a field the browser refused, by name) or another address
      const shown = await page.evaluate(
        (form) => ({
          url: location.href,
          refused: [...(document.querySelector<HTMLFormElement>(form)?.elements ?? [])]
            .filter((f) => !(f as HTMLInputElement).checkValidity?.())
            .map((f) => (f as HTMLInputElement).name),
        }),
        CONTACT.form,
      );
      throw new Error(`${engine}: ${e.message}; the page: ${JSON.stringify(shown)}`);
    });
    expect(p.how).toBe('native');
    expect(p.fields).toMatchObject({ ...QUOTE, serviceArea: CITY_NAMES[1], form: 'contact', page: '/', ...visits });
    // as it is, metadata and all: the note above the field says so
    const chosen = p.files.map((f) => [f.field, f.name, f.type, f.bytes.equals(original)]);
    expect(chosen, `${engine}: the photo as chosen`).toEqual(
      site.forms.photos ? [[photoField(1), 'IMG_4032.jpg', 'image/jpeg', true]] : [],
    );
    await expect.poll(() => page.url(), { message: `${engine}: the thank-you page` }).toBe(`${server.url}/thanks`);
    await expect.poll(() => heading(page), { message: `${engine}: the thank-you page's heading` }).toBe(site.thanks.h1);
    expect(receiver.posts).toHaveLength(1);

    await page.resize(DESKTOP);
    await page.goto(server.url + '/');
    const service = site.services.at(-1)!;
    await page.click('.dropdown__toggle');
    await page.click(`.dropdown__menu a[href="${service.path}"]`);
    await expect.poll(() => page.url(), { message: `${engine}: the dropdown's link` }).toBe(server.url + service.path);
    await expect.poll(() => heading(page), { message: `${engine}: the service's heading` }).toBe(service.h1);
  }, 150_000); // a few pages, and in Firefox a second Firefox (the one without JavaScript) to start
});
