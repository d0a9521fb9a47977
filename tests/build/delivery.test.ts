// What each quote-delivery mode (site.yaml forms.delivery) puts into the built site: the forms' markup, the honeypot,
// the CSP and /thanks. The browser side: tests/browser/delivery.test.ts; the dev server's receiver: dev.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { formSources } from '../../generator/host-files.ts';
import { DEV_FORMS_PATH } from '../../generator/dev/receiver.ts';
import { LEAD_FIELDS, MAX_PHOTOS, photoField, UTM_FIELDS, VISIT_FIELDS } from '../../templates/model/constants.ts';
import type { Site } from '../../templates/model/types.ts';
import { SERVICE_PATHS, site, TEL } from '../support/facts.ts';
import { builtFixture, testFixture } from '../support/test-fixture.ts';
import { estimateFile, formTags as forms, html } from '../support/site.ts';

const ENDPOINT = 'https://formspree.io/f/abcd1234';
/** The phone a form hands the toast that says a request was not sent. */
const PHONE = `data-phone="${site.business.phone}" data-phone-e164="${site.business.phoneE164}"`;

it('simulate (the spec; the default) keeps the spec: the contact form falls back to email, the dialog form only closes, no honeypot or delivery data', () => {
  const [contact] = forms(html('/'));
  expect(contact).toContain(`action="mailto:${site.business.email}?subject=Quote%20request"`);
  expect(contact).not.toContain('data-delivery');
  expect(forms(html(SERVICE_PATHS[0]))).toEqual([]); // the dialog's form comes with the estimate file
  const estimate = forms(estimateFile(html(SERVICE_PATHS[0])))[0];
  expect(estimate).toContain('method="dialog"');
  for (const form of [contact, estimate]) expect(form).toContain(PHONE); // the toast's phone if its module does not load
  expect(html('/')).not.toMatch(/_gotcha|data-netlify/);
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

  it('both forms are named, post without JavaScript, carry form, page and request id fields, and a honeypot', () => {
    const [contact] = forms(home);
    const [estimate] = forms(service);
    for (const [form, name, page] of [
      [contact, 'contact', home],
      [estimate, 'estimate', service],
    ] as const) {
      const action = delivery === 'netlify' ? 'action="/thanks"' : `action="${ENDPOINT}"`;
      for (const a of [`name="${name}"`, 'method="post"', `data-delivery="${delivery}"`, action]) expect(form).toContain(a);
      expect(form).toMatch(/ enctype="multipart\/form-data"/i); // a photo goes as a file, without JavaScript too
      expect(form).toContain(PHONE); // the not-sent toast's
      expect(page).toContain(`<input type="hidden" name="form" value="${name}"/>`);
      expect(page).toContain('<input type="hidden" name="requestId" value=""/>');
      // a honeypot people never reach: inert, hidden from screen readers, out of the tab order
      expect(page).toMatch(
        /<div class="hp" aria-hidden="true" inert="">\s*<label>[^<]*<input type="text" tabindex="-1" autoComplete="off" name="_gotcha"\/>/,
      );
      // where the visit came from: filled in by the client, written here so Netlify records the fields
      for (const f of [LEAD_FIELDS.landing, LEAD_FIELDS.referrer, ...UTM_FIELDS])
        expect(page).toContain(`<input type="hidden" name="${f}" value=""/>`);
      // the estimate visit's choices, in order of preference (what they offer: tests/build/visits.test.ts)
      if (site.visits?.windows.length) for (const f of VISIT_FIELDS) expect(page).toContain(`<select id="${name}-${f}" name="${f}">`);
      // the photo picker takes one photo as it is without JavaScript; Netlify keeps one file per field, so it is told of each
      const picker = page.match(new RegExp(`<input id="${name}-photos"[^>]*>`))?.[0] ?? '';
      for (const a of ['type="file"', 'accept="image/*"', `name="${photoField(1)}"`]) expect(picker).toContain(a);
      expect(picker).not.toMatch(/ (multiple|capture)\b/); // capture would leave out the photo library
      for (let n = 2; n <= MAX_PHOTOS; n++)
        expect(page.includes(`<input type="file" hidden="" name="${photoField(n)}"/>`)).toBe(delivery === 'netlify');
      if (delivery === 'netlify') {
        for (const a of ['data-netlify="true"', 'netlify-honeypot="_gotcha"']) expect(form).toContain(a);
        expect(page).toContain(`<input type="hidden" name="form-name" value="${name}"/>`);
      } else expect(page).not.toContain('form-name');
    }
    expect(home).toContain('<input type="hidden" name="page" value="/"/>');
    expect(service).toContain('<input type="hidden" name="page" value=""/>'); // the client fills in the page it opens on
    expect(home).not.toContain('mailto:' + site.business.email + '?subject'); // no email fallback once delivery is real
  });
});

it('without forms.photos (a form service plan that takes no files): neither form has a photo field, and Netlify is told of none', async () => {
  const fx = testFixture();
  fx.setDelivery('netlify');
  fx.editSite((d) => delete d.forms.photos);
  await fx.build();
  for (const page of [html('/', fx.out), estimateFile(html(SERVICE_PATHS[0], fx.out), fx.out)]) {
    expect(page).toContain(`name="${LEAD_FIELDS.landing}"`); // the rest of the request is as before
    expect(page).not.toMatch(/data-photos|type="file"/);
  }
}, 60_000);

it('/thanks: is noindex, says what happens next and shows the phone (the sitemap lists the routes alone: output.test.ts)', () => {
  for (const s of ['<meta name="robots" content="noindex"/>', `href="${TEL}"`, `>${site.thanks.h1}</h1>`, 'What happens next'])
    expect(html('/thanks')).toContain(s);
});
