// Issue 30 in Chromium, against a real receiver on loopback, where Chromium's tooling reaches further than the
// visitors' engines: a referrer and campaign tags a test makes hostile, several photos, Netlify's own delivery, a
// reload after a failed send, the simulated send's log, and the photo posted without JavaScript. A visit's source and a
// phone photo made small, upright and without GPS, in the three engines: tests/engines/requests.test.ts.
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_FIELDS, LEAD_MAX, MAX_PHOTOS, photoField, UTM_FIELDS } from '../../templates/model/constants.ts';
import { axe } from '../support/axe.ts';
import { installClock, pauseClock } from '../support/clock.ts';
import { CITY_NAMES, SERVICE_PATHS, site, MESSAGES } from '../support/facts.ts';
import { hasCameraData, phonePhoto } from '../support/photos.ts';
import { startDeliverySites, type Delivery, type DeliverySite, type Post } from '../support/receiver.ts';
import { baseUrl } from '../support/site.ts';
import { fillQuote, QUOTE } from '../support/quote-form.ts';
import { STILL, useBrowser } from '../support/use-browser.ts';

type Setup = DeliverySite;
let setups: Record<Delivery, Setup>;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const copy = site.forms.photos!; // the photo tests run while site.yaml has forms.photos
const withPhotos = describe.skipIf(!site.forms.photos);
const WAIT = 30_000; // photos are decoded and encoded for real: generous on a loaded 2-core machine

beforeAll(async () => {
  // sending shows no artificial delay here: what takes time is the real work on the photos
  setups = await startDeliverySites({ submitDelay: 0 });
}, 120_000);
afterAll(async () => {
  for (const s of Object.values(setups ?? {})) await s.close();
});

const open = useBrowser(undefined, STILL);
type TestPage = Page & { errors: string[]; alerts: string[] };

/** A fresh visit (its own context: new sessionStorage) to `url`, optionally arriving from `referer`. Its clock runs
 *  on as usual until a test moves it on. */
async function visit(url: string, opts: BrowserContextOptions & { referer?: string } = {}): Promise<TestPage> {
  const { referer, ...context } = opts;
  const page = (await open(context)) as TestPage;
  page.alerts = [];
  page.on('dialog', (d) => {
    page.alerts.push(d.message());
    void d.dismiss();
  });
  await installClock(page);
  await page.goto(url, { referer });
  return page;
}
function fresh(s: Setup) {
  s.receiver.posts.length = 0;
  s.receiver.mode = 'ok';
  return s;
}

const contactForm = (page: Page) => page.locator('#contact-form');
async function openDialog(page: Page): Promise<Locator> {
  await page.locator('[data-estimate]:visible').first().click();
  await page.locator('#estimate-dialog[open]').waitFor();
  return page.locator('#estimate-form');
}
const fill = (form: Locator) => fillQuote(form);
/** Text fields as the form shows them. */
const shown = (form: Locator) =>
  form.evaluate((f: HTMLFormElement) =>
    Object.fromEntries(['name', 'phone', 'serviceArea', 'message'].map((n) => [n, (f.elements.namedItem(n) as HTMLInputElement).value])),
  );
const submit = (form: Locator) => form.locator('button[type=submit]').click();
const thumbnails = (form: Locator) => form.locator('.photos__list img');
const jpeg = (name: string, buffer: Buffer) => ({ name, mimeType: 'image/jpeg', buffer });

/** The nth post the receiver got, once it has arrived. */
async function post(s: Setup, n = 1): Promise<Post> {
  await s.receiver.waitFor(n, WAIT);
  return s.receiver.posts[n - 1];
}
/** Where the visit came from, as the receiver got it. */
const leadOf = (p: Post) =>
  Object.fromEntries(
    Object.entries(p.fields).filter(([k]) => [LEAD_FIELDS.landing, LEAD_FIELDS.referrer, ...UTM_FIELDS].includes(k as never)),
  );

describe('where the visit came from', () => {
  it('hostile tags and referrer (markup, 10,000 characters, CRLF) arrive as bounded text and never reach the markup', async () => {
    const s = fresh(setups.endpoint);
    const script = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';
    const long = 'x'.repeat(10_000);
    const query = `?utm_source=${encodeURIComponent(script)}&utm_medium=cpc%0D%0ASet-Cookie:%20a=1&utm_campaign=${long}&utm_term=${encodeURIComponent(script + ' term')}`;
    // (a browser sends at most 4,096 characters of a referrer, and servers refuse request heads much over 16 KB)
    const referer = `https://www.evil.example/${encodeURIComponent(script)}%0D%0A?q=${'y'.repeat(3000)}`;
    const page = await visit(s.siteUrl + `/${query}`, { referer });
    const form = contactForm(page);
    await fill(form);
    await submit(form);
    const lead = leadOf(await post(s));
    expect(lead).toEqual({
      [LEAD_FIELDS.landing]: `/${query}`.slice(0, LEAD_MAX),
      [LEAD_FIELDS.referrer]: 'evil.example', // the host, never the address
      utm_source: script, // as text: the receiver escapes it wherever it shows it
      utm_medium: 'cpc Set-Cookie: a=1', // no line break left to start a header or a line of an email
      utm_campaign: long.slice(0, LEAD_MAX),
      utm_term: `${script} term`,
    });
    for (const v of Object.values(lead)) expect(v.length).toBeLessThanOrEqual(LEAD_MAX);
    const html = await page.content();
    expect(html).not.toContain('__pwned');
    expect(html).not.toContain(long.slice(0, 300));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(page.alerts).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});

withPhotos('photos of the tree', () => {
  it('three photos arrive with the text fields in one request (Netlify: a field for each)', async () => {
    const s = fresh(setups.netlify);
    const photos = await Promise.all([1, 2, 3].map((seed) => phonePhoto(seed, { width: 2400, height: 1800, orientation: 1 })));
    const page = await visit(s.siteUrl + SERVICE_PATHS[0]);
    const form = await openDialog(page);
    await fill(form);
    await form.getByLabel(copy.label).setInputFiles(photos.map((b, i) => jpeg(`maple-${i + 1}.jpg`, b)));
    await expect.poll(() => thumbnails(form).count(), { timeout: WAIT }).toBe(MAX_PHOTOS);
    expect(await axe(page, '#estimate-dialog')).toEqual([]);
    await submit(form);
    const p = await post(s);
    expect(s.receiver.posts).toHaveLength(1);
    expect(p.how).toBe('ajax');
    expect(p.fields).toMatchObject({ 'form-name': 'estimate', ...QUOTE, serviceArea: CITY_NAMES[1], page: SERVICE_PATHS[0] });
    expect(p.files.map((f) => [f.field, f.name])).toEqual(photos.map((_, i) => [photoField(i + 1), `maple-${i + 1}.jpg`]));
    for (const f of p.files) {
      const meta = await sharp(f.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2048, 1536]);
      expect(meta.exif).toBeUndefined();
    }
    await expect.poll(() => page.locator('#estimate-dialog[open]').count(), { timeout: WAIT }).toBe(0);
  });

  it('a file that is not an image gets a message naming it, and the request still goes with the rest', async () => {
    const s = fresh(setups.endpoint);
    const page = await visit(s.siteUrl + SERVICE_PATHS[1]);
    const form = await openDialog(page);
    await fill(form);
    const photo = await phonePhoto(2, { width: 800, height: 600, orientation: 1 });
    await form
      .getByLabel(copy.label)
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not a photo') }, jpeg('cedar.jpg', photo)]);
    const status = form.locator('.photos__status');
    await expect.poll(() => status.textContent(), { timeout: WAIT }).toBe(copy.unreadable.replaceAll('{name}', 'notes.txt'));
    expect(await status.getAttribute('role')).toBe('status');
    expect(await thumbnails(form).count()).toBe(1);
    await submit(form);
    const p = await post(s);
    expect(p.fields).toMatchObject({ ...QUOTE, serviceArea: CITY_NAMES[1] });
    expect(p.files.map((f) => [f.field, f.name])).toEqual([[photoField(1), 'cedar.jpg']]);
  });

  it('the receiver answers 500 once: values and photos stay, and Try again delivers exactly once, photos included', async () => {
    const s = fresh(setups.netlify);
    s.receiver.mode = '5xx';
    const page = await visit(s.siteUrl + '/', PHONE);
    const form = contactForm(page);
    await fill(form);
    const photos = await Promise.all([4, 5].map((seed) => phonePhoto(seed, { width: 1200, height: 900, orientation: 1 })));
    await form.getByLabel(copy.label).setInputFiles(photos.map((b, i) => jpeg(`stump-${i + 1}.jpg`, b)));
    await expect.poll(() => thumbnails(form).count(), { timeout: WAIT }).toBe(2);
    const before = await shown(form);
    await submit(form);
    const toast = page.locator('.toast--destructive');
    await toast.waitFor({ timeout: WAIT });
    expect(s.receiver.posts).toHaveLength(1);
    expect(s.receiver.posts[0].files).toHaveLength(2); // it did arrive, and was answered 500
    expect(await shown(form)).toEqual(before);
    expect(await thumbnails(form).count()).toBe(2);
    s.receiver.mode = 'ok';
    await toast.getByRole('button', { name: MESSAGES.tryAgain }).click();
    const retry = await post(s, 2);
    expect(retry.files.map((f) => f.name)).toEqual(['stump-1.jpg', 'stump-2.jpg']);
    expect(retry.fields.requestId).toBe(s.receiver.posts[0].fields.requestId); // the same request: a receiver can drop a repeat
    await expect.poll(() => page.locator('.toast:not(.toast--destructive)').count(), { timeout: WAIT }).toBe(1);
    expect(s.receiver.delivered()).toHaveLength(1);
    expect(s.receiver.posts).toHaveLength(2);
  });

  it('a reload after a failed send keeps the text and says the photos need choosing again', async () => {
    const s = fresh(setups.endpoint);
    s.receiver.mode = '5xx';
    const page = await visit(s.siteUrl + SERVICE_PATHS[0]);
    let form = await openDialog(page);
    await fill(form);
    await form.getByLabel(copy.label).setInputFiles(jpeg('birch.jpg', await phonePhoto(6, { width: 900, height: 600, orientation: 1 })));
    await expect.poll(() => thumbnails(form).count(), { timeout: WAIT }).toBe(1);
    const before = await shown(form);
    await submit(form);
    await page.locator('.toast--destructive').waitFor({ timeout: WAIT });
    await page.reload();
    form = await openDialog(page);
    await expect.poll(() => shown(form), { timeout: WAIT }).toEqual(before);
    expect(await form.locator('.form-status').textContent()).toContain(copy.again);
    expect(await thumbnails(form).count()).toBe(0);
  });

  it('simulated: the logged request shows its fields, where the visit came from and each photo with its size', async () => {
    const page = await visit(`${baseUrl()}${SERVICE_PATHS[0]}?utm_source=newsletter`);
    const logged: Record<string, unknown>[] = [];
    page.on('console', async (m) => {
      if (m.type() === 'log' && m.text().startsWith('Quote request')) logged.push(await m.args()[1].jsonValue());
    });
    const form = await openDialog(page);
    await fillQuote(form, { service: site.forms.dialogServices[0] });
    await form.getByLabel(copy.label).setInputFiles(jpeg('oak.jpg', await phonePhoto(7, { width: 3000, height: 2000, orientation: 1 })));
    await expect.poll(() => thumbnails(form).count(), { timeout: WAIT }).toBe(1);
    await pauseClock(page);
    await submit(form);
    await page.clock.runFor(site.timing.submitDelay);
    await expect.poll(() => logged.length, { timeout: WAIT }).toBe(1);
    expect(logged[0]).toMatchObject({
      ...QUOTE,
      serviceArea: CITY_NAMES[1],
      service: site.forms.dialogServices[0],
      [LEAD_FIELDS.landing]: `${SERVICE_PATHS[0]}?utm_source=newsletter`,
      [LEAD_FIELDS.referrer]: '',
      utm_source: 'newsletter',
      page: SERVICE_PATHS[0],
      photos: [{ name: 'oak.jpg', width: 2048, height: 1365, bytes: expect.any(Number) }],
    });
    expect((logged[0].photos as { bytes: number }[])[0].bytes).toBeLessThan(1_000_000);
  });
});

withPhotos.each(['endpoint', 'netlify'] as const)('%s without JavaScript', (delivery) => {
  it('the multipart post carries the photo as it was chosen', async () => {
    const s = fresh(setups[delivery]);
    const original = await phonePhoto(3, { width: 640, height: 480 });
    const page = await visit(s.siteUrl + '/', { javaScriptEnabled: false });
    const form = contactForm(page);
    await fill(form);
    await form.getByLabel(copy.label).setInputFiles(jpeg('IMG_0001.jpg', original));
    await Promise.all([page.waitForURL(/\/thanks$/), submit(form)]);
    const p = await post(s);
    expect(p.how).toBe('native');
    expect(p.fields).toMatchObject({ ...QUOTE, serviceArea: CITY_NAMES[1], form: 'contact', page: '/' });
    expect(p.files.map((f) => [f.field, f.name, f.type])).toEqual([[photoField(1), 'IMG_0001.jpg', 'image/jpeg']]);
    expect(p.files[0].bytes.equals(original)).toBe(true); // as it is, metadata and all: the note above the field says so
    expect(await hasCameraData(p.files[0].bytes)).toBe(true);
  });
});
