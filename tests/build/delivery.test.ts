// What each quote-delivery mode (site.yaml forms.delivery) puts into the built site: the forms' markup, the honeypot,
// the CSP and /thanks. The browser side: tests/browser/delivery.test.ts; the dev server's receiver: dev.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { formSources } from '../../generator/host-files.ts';
import { DEV_FORMS_PATH } from '../../generator/dev/receiver.ts';
import { LEAD_FIELDS, MAX_PHOTOS, photoField, UTM_FIELDS, VISIT_FIELDS } from '../../templates/model/constants.ts';
import { OFFICE_FIELD } from '../../templates/model/office-link.ts';
import type { Site } from '../../templates/model/types.ts';
import { SERVICE_PATHS, site, TEL } from '../support/facts.ts';
import { builtFixture, testFixture } from '../support/test-fixture.ts';
import { $, $$, attr, parseHtml, type Element } from '../support/html.ts';
import { estimateFile, formsOf as forms, html } from '../support/site.ts';

const ENDPOINT = 'https://formspree.io/f/abcd1234';
/** The phone a form hands the toast that says a request was not sent. */
/** The toast's phone, on each form. */
const phoneOf = (form: Element) => [attr(form, 'data-phone'), attr(form, 'data-phone-e164')];
const PHONE = [site.business.phone, site.business.phoneE164];

it('simulate (the default): the contact form falls back to email, the dialog form only closes, no honeypot or delivery data', () => {
  const [contact] = forms(html('/'));
  expect(attr(contact, 'action')).toBe(`mailto:${site.business.email}?subject=Quote%20request`);
  expect(attr(contact, 'data-delivery')).toBeNull();
  expect(forms(html(SERVICE_PATHS[0]))).toEqual([]); // the dialog's form comes with the estimate file
  const estimate = forms(estimateFile(html(SERVICE_PATHS[0])))[0];
  expect(attr(estimate, 'method')).toBe('dialog');
  for (const form of [contact, estimate]) expect(phoneOf(form)).toEqual(PHONE); // the toast's phone if its module does not load
  expect($$('[name="_gotcha"], [data-netlify]', parseHtml(html('/')))).toEqual([]);
});

const at = (delivery: Site['forms']['delivery'], endpoint?: string) =>
  Object.fromEntries(formSources({ ...site, forms: { ...site.forms, delivery, endpoint } } as unknown as Site).map(([d, ...s]) => [d, s]));
it.each([
  ['netlify', undefined, ["'self'"]],
  ['endpoint', ENDPOINT, ["'self'", 'https://formspree.io']],
  ['endpoint', `${site.business.origin}/api/quote`, ["'self'"]], // on the site itself
  ['endpoint', DEV_FORMS_PATH, ["'self'"]], // the dev server's
] as const)(
  'the CSP follows the setting (simulate: headers.test.ts): %s %s: connect-src and form-action allow %j alone, no mailto:',
  (delivery, endpoint, allowed) => {
    expect(at(delivery, endpoint)).toEqual({ 'connect-src': allowed, 'form-action': allowed });
  },
);

describe.each(['netlify', 'endpoint'] as const)('%s delivery in the built site', (delivery) => {
  const fx = builtFixture((f) => f.setDelivery(delivery, delivery === 'endpoint' ? ENDPOINT : undefined));
  let home: string;
  let service: string; // the estimate file a service page names: the dialog's form is there, and Netlify's deploy finds it
  beforeAll(() => {
    home = html('/', fx.out);
    expect(forms(html(SERVICE_PATHS[0], fx.out))).toEqual([]);
    service = estimateFile(html(SERVICE_PATHS[0], fx.out), fx.out);
  });

  it('both forms are named, post without JavaScript, carry form, page, request id and office link fields, and a honeypot', () => {
    /** The value of the form's field of that name, or null when it has none. */
    const field = (form: Element, name: string) => ((f) => f && (attr(f, 'value') ?? ''))($(`[name="${name}"]`, form));
    for (const [form, name] of [
      [forms(home)[0], 'contact'],
      [forms(service)[0], 'estimate'],
    ] as const) {
      const action = delivery === 'netlify' ? '/thanks' : ENDPOINT;
      expect(['name', 'method', 'data-delivery', 'action'].map((a) => attr(form, a))).toEqual([name, 'post', delivery, action]);
      expect(attr(form, 'enctype')).toBe('multipart/form-data'); // a photo goes as a file, without JavaScript too
      expect(phoneOf(form)).toEqual(PHONE); // the not-sent toast's
      // the request id and the office link are the client's to fill in: Netlify records only the fields written here
      expect([field(form, 'form'), field(form, 'requestId'), field(form, OFFICE_FIELD)]).toEqual([name, '', '']);
      // a honeypot people never reach: inert, hidden from screen readers, out of the tab order
      const trap = $('div.hp[aria-hidden="true"][inert] label input[name="_gotcha"]', form)!;
      expect(['type', 'tabindex', 'autocomplete'].map((a) => attr(trap, a))).toEqual(['text', '-1', 'off']);
      // where the visit came from: filled in by the client, written here so Netlify records the fields
      for (const f of [LEAD_FIELDS.landing, LEAD_FIELDS.referrer, ...UTM_FIELDS]) expect(field(form, f), f).toBe('');
      // the estimate visit's choices, in order of preference (what they offer: tests/build/visits.test.ts)
      if (site.visits?.windows.length) for (const f of VISIT_FIELDS) expect($(`select#${name}-${f}[name="${f}"]`, form), f).not.toBeNull();
      // the photo picker takes one photo as it is without JavaScript; Netlify keeps one file per field, so it is told of each
      const picker = $(`input#${name}-photos`, form)!;
      expect(['type', 'accept', 'name', 'multiple', 'capture'].map((a) => attr(picker, a))).toEqual([
        'file',
        'image/*',
        photoField(1),
        null,
        null,
      ]); // capture would leave out the photo library
      for (let n = 2; n <= MAX_PHOTOS; n++)
        expect($$(`input[type="file"][hidden][name="${photoField(n)}"]`, form).length).toBe(delivery === 'netlify' ? 1 : 0);
      expect([attr(form, 'data-netlify'), attr(form, 'netlify-honeypot'), field(form, 'form-name')]).toEqual(
        delivery === 'netlify' ? ['true', '_gotcha', name] : [null, null, null],
      );
    }
    expect(field(forms(home)[0], 'page')).toBe('/');
    expect(field(forms(service)[0], 'page')).toBe(''); // the client fills in the page it opens on
    expect(home).not.toContain('mailto:' + site.business.email + '?subject'); // no email fallback once delivery is real
  });
});

it('without forms.photos (a form service plan that takes no files): neither form has a photo field, and Netlify is told of none', async () => {
  const fx = testFixture();
  fx.setDelivery('netlify');
  fx.editSite((d) => delete d.forms.photos);
  await fx.build();
  for (const page of [html('/', fx.out), estimateFile(html(SERVICE_PATHS[0], fx.out), fx.out)]) {
    const doc = parseHtml(page);
    expect($$(`[name="${LEAD_FIELDS.landing}"]`, doc)).toHaveLength(1); // the rest of the request is as before
    expect($$('[data-photos], input[type="file"]', doc)).toEqual([]);
  }
}, 60_000);

it('/thanks: is noindex, says what happens next and shows the phone (the sitemap lists the routes alone: output.test.ts)', () => {
  for (const s of ['<meta name="robots" content="noindex"/>', `href="${TEL}"`, `>${site.thanks.h1}</h1>`, 'What happens next'])
    expect(html('/thanks')).toContain(s);
});
