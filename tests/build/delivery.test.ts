// What each quote-delivery mode (site.yaml forms.delivery) puts into the built site: the forms' markup for Netlify
// or a form service, the honeypot, the CSP, the /thanks page, and the one line a simulated build prints. The browser
// side is tests/browser/delivery.test.ts; the dev server's own receiver is tested here, on loopback.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED } from '../../build.ts';
import { formSources } from '../../generator/host-files.ts';
import { DEV_FORMS_PATH } from '../../generator/dev/receiver.ts';
import { LEAD_FIELDS, MAX_PHOTOS, photoField, UTM_FIELDS } from '../../templates/model/constants.ts';
import type { Site } from '../../templates/model/types.ts';
import { SERVICE_PATHS, site, TEL } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { testFixture } from '../support/test-fixture.ts';
import { cspOf } from '../support/server.ts';
import { startDevServer, type DevServer } from '../support/dev-server.ts';
import { estimateFile, html, root, siteDir } from '../support/site.ts';

const forms = (page: string) => [...page.matchAll(/<form[^>]*>/g)].map((m) => m[0]);

describe('simulate (the spec; the default)', () => {
  it('keeps the spec: the contact form falls back to email, the dialog form only closes, no honeypot or delivery data', () => {
    const [contact] = forms(html('/'));
    expect(contact).toContain(`action="mailto:${site.business.email}?subject=Quote%20request"`);
    expect(contact).not.toContain('data-delivery');
    expect(forms(html(SERVICE_PATHS[0]))).toEqual([]); // the dialog's form comes with the estimate file
    expect(forms(estimateFile(html(SERVICE_PATHS[0])))[0]).toContain('method="dialog"');
    expect(html('/')).not.toContain('_gotcha');
    expect(html('/')).not.toContain('data-netlify');
  });
  // its CSP (mailto: in form-action, self alone in connect-src): tests/build/headers.test.ts
});

describe('the CSP follows the setting', () => {
  const at = (delivery: Site['forms']['delivery'], endpoint?: string) =>
    Object.fromEntries(
      formSources({ ...site, forms: { ...site.forms, delivery, endpoint } } as unknown as Site).map(([d, ...s]) => [d, s]),
    );
  // netlify and a form service elsewhere: in the built site, below
  it('endpoint on the site itself (or the dev server): self alone', () => {
    expect(at('endpoint', `${site.business.origin}/api/quote`)).toEqual({ 'connect-src': ["'self'"], 'form-action': ["'self'"] });
    expect(at('endpoint', DEV_FORMS_PATH)).toEqual({ 'connect-src': ["'self'"], 'form-action': ["'self'"] });
  });
});

describe.each(['netlify', 'endpoint'] as const)('%s delivery in the built site', (delivery) => {
  const fx = new Fixture();
  const endpoint = 'https://formspree.io/f/abcd1234';
  let home: string;
  let service: string; // the estimate file a service page names: the dialog's form is there, and Netlify's deploy finds it
  beforeAll(async () => {
    fx.setDelivery(delivery, delivery === 'endpoint' ? endpoint : undefined);
    await fx.build();
    home = readFileSync(path.join(fx.out, 'index.html'), 'utf8');
    const servicePage = readFileSync(path.join(fx.out, 'tree-removal.html'), 'utf8');
    expect(forms(servicePage)).toEqual([]);
    service = estimateFile(servicePage, fx.out);
  }, 60_000);
  afterAll(() => fx.remove());

  it('both forms are named, post without JavaScript, and carry form, page and request id fields', () => {
    const [contact] = forms(home);
    const [estimate] = forms(service);
    for (const [form, name, page] of [
      [contact, 'contact', home],
      [estimate, 'estimate', service],
    ] as const) {
      expect(form).toContain(`name="${name}"`);
      expect(form).toContain('method="post"');
      expect(form).toMatch(/ enctype="multipart\/form-data"/i); // a photo goes as a file, without JavaScript too
      expect(form).toContain(`data-delivery="${delivery}"`);
      expect(form).toContain(delivery === 'netlify' ? 'action="/thanks"' : `action="${endpoint}"`);
      expect(page).toContain(`<input type="hidden" name="form" value="${name}"/>`);
      expect(page).toContain('<input type="hidden" name="requestId" value=""/>');
      // where the visit came from: filled in by the client, written here so Netlify records the fields
      for (const f of [LEAD_FIELDS.landing, LEAD_FIELDS.referrer, ...UTM_FIELDS])
        expect(page).toContain(`<input type="hidden" name="${f}" value=""/>`);
      // the photo picker takes one photo as it is without JavaScript; Netlify keeps one file per field, so it is told of each
      const picker = page.match(new RegExp(`<input id="${name}-photos"[^>]*>`))?.[0] ?? '';
      for (const a of ['type="file"', 'accept="image/*"', `name="${photoField(1)}"`]) expect(picker).toContain(a);
      expect(picker).not.toMatch(/ (multiple|capture)\b/); // capture would leave out the photo library
      for (let n = 2; n <= MAX_PHOTOS; n++)
        expect(page.includes(`<input type="file" hidden="" name="${photoField(n)}"/>`)).toBe(delivery === 'netlify');
      if (delivery === 'netlify') {
        expect(form).toContain('data-netlify="true"');
        expect(form).toContain('netlify-honeypot="_gotcha"');
        expect(page).toContain(`<input type="hidden" name="form-name" value="${name}"/>`);
      } else expect(page).not.toContain('form-name');
    }
    expect(home).toContain('<input type="hidden" name="page" value="/"/>');
    expect(service).toContain('<input type="hidden" name="page" value=""/>'); // the client fills in the page it opens on
    expect(home).not.toContain('mailto:' + site.business.email + '?subject'); // no email fallback once delivery is real
  });

  it('has a honeypot people never reach: inert, hidden from screen readers, out of the tab order', () => {
    for (const page of [home, service]) {
      expect(page).toMatch(
        /<div class="hp" aria-hidden="true" inert="">\s*<label>[^<]*<input type="text" tabindex="-1" autoComplete="off" name="_gotcha"\/>/,
      );
    }
  });

  it('writes a CSP allowing where the requests go, and no mailto:', () => {
    const csp = cspOf(fx.out);
    const allowed = delivery === 'netlify' ? ["'self'"] : ["'self'", 'https://formspree.io'];
    expect(csp.get('connect-src')).toEqual(allowed);
    expect(csp.get('form-action')).toEqual(allowed);
    expect([...csp.values()].flat()).not.toContain('mailto:');
  });
});

describe('without forms.photos (a form service plan that takes no files)', () => {
  const fx = new Fixture();
  afterAll(() => fx.remove());
  it('neither form has a photo field, and Netlify is told of none', async () => {
    fx.setDelivery('netlify');
    fx.editSite((d) => delete d.forms.photos);
    await fx.build();
    const home = readFileSync(path.join(fx.out, 'index.html'), 'utf8');
    for (const page of [home, estimateFile(readFileSync(path.join(fx.out, 'tree-removal.html'), 'utf8'), fx.out)]) {
      expect(page).toContain(`name="${LEAD_FIELDS.landing}"`); // the rest of the request is as before
      expect(page).not.toContain('data-photos');
      expect(page).not.toContain('type="file"');
    }
  }, 60_000);
});

describe('/thanks', () => {
  it('is noindex, out of the sitemap, says what happens next and shows the phone', () => {
    const page = readFileSync(path.join(siteDir(), 'thanks.html'), 'utf8');
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain(`href="${TEL}"`);
    expect(page).toContain(`>${site.thanks.h1}</h1>`);
    expect(page).toContain('What happens next');
    expect(readFileSync(path.join(siteDir(), 'sitemap.xml'), 'utf8')).not.toContain('/thanks');
  });
});

describe('the command line', () => {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const run = (fx: Fixture) =>
    new Promise<string>((resolve, reject) =>
      execFile(
        tsx,
        ['build.ts', '--content', fx.content, '--static', fx.static, '--out', fx.out],
        { cwd: root, encoding: 'utf8' },
        (e, out) => (e ? reject(e) : resolve(out)),
      ),
    );
  it('says in one line that quote requests are simulated, and how to turn delivery on; not once delivery is real', async () => {
    const [simulated, real] = [testFixture(), testFixture()];
    simulated.write('site.yaml', simulated.read('site.yaml').replace(/^ {2}(delivery|endpoint):.*\n/gm, '')); // the default
    real.setDelivery('netlify');
    const [out, realOut] = await Promise.all([run(simulated), run(real)]); // side by side: each is mostly tsx starting
    expect(out.split('\n').filter((l) => l.includes('simulated'))).toEqual([SIMULATED]);
    expect(SIMULATED).toMatch(/forms\.delivery in content\/site\.yaml/);
    expect(realOut).not.toContain('simulated');
  }, 60_000);
});

describe('npm run dev receives the quote requests itself', () => {
  const fx = new Fixture();
  let dev: DevServer;
  let url = '';
  const log = path.join(fx.dir, 'quote-requests.dev.jsonl');
  beforeAll(async () => {
    // a company on Formspree: in development the requests still come to the dev server, not the real service
    fx.setDelivery('endpoint', 'https://formspree.io/f/abcd1234');
    dev = await startDevServer(fx);
    url = dev.url;
  }, 70_000);
  afterAll(async () => {
    await dev?.stop();
    fx.remove();
  });

  it('points both forms at itself', async () => {
    const page = await (await fetch(url + '/')).text();
    expect(forms(page)[0]).toContain(`action="${DEV_FORMS_PATH}"`);
    expect(forms(page)[0]).toContain('data-delivery="endpoint"');
  });
  it('answers JSON to fetch, prints the request and appends it to a git-ignored file', async () => {
    const payload = {
      name: 'Dev Tester',
      phone: '(604) 555-0100',
      serviceArea: site.cities[0].name,
      service: '',
      message: '',
      form: 'contact',
      page: '/',
      requestId: 'r-1',
    };
    const res = await fetch(url + DEV_FORMS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await expect.poll(() => dev.output()).toContain('[dev] quote request');
    const entries = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(entries.at(-1)).toMatchObject({ ...payload, path: DEV_FORMS_PATH, how: 'json' });
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toContain(path.basename(log));
  });
  it('takes photos: prints each one with its size and keeps it in a git-ignored folder beside the file', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6447' } })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    for (const [k, v] of Object.entries({ name: 'Dev Photos', phone: '(604) 555-0102', serviceArea: site.cities[0].name, form: 'contact' }))
      body.append(k, v);
    body.append('photo1', new Blob([photo], { type: 'image/jpeg' }), 'leaning-fir.jpg');
    const res = await fetch(url + DEV_FORMS_PATH, { method: 'POST', headers: { accept: 'application/json' }, body });
    expect(res.status).toBe(200);
    const kb = (photo.length / 1024).toFixed(1);
    await expect.poll(() => dev.output()).toContain(`photos: photo1 leaning-fir.jpg (image/jpeg, ${kb} KB) in quote-photos.dev/`);
    const entry = JSON.parse(readFileSync(log, 'utf8').trim().split('\n').at(-1)!);
    expect(entry).toMatchObject({ name: 'Dev Photos', how: 'ajax' });
    expect(entry.photos).toEqual([
      {
        field: 'photo1',
        name: 'leaning-fir.jpg',
        type: 'image/jpeg',
        bytes: photo.length,
        file: expect.stringMatching(/^quote-photos\.dev\/.+-photo1\.jpg$/),
      },
    ]);
    expect(readFileSync(path.join(fx.dir, entry.photos[0].file))).toEqual(photo);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toContain('quote-photos.dev/');
  });
  it('sends a browser that posted without JavaScript on to /thanks', async () => {
    // as a browser posts a form: fetch() may not set Sec-Fetch-Mode, so the request is made by hand
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const req = http.request(url + DEV_FORMS_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', accept: 'text/html' },
      });
      req.on('response', resolve).on('error', reject);
      req.end(new URLSearchParams({ name: 'No Script', phone: '604 555 0101', serviceArea: site.cities[0].name }).toString());
    });
    res.resume();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/thanks');
    expect(existsSync(path.join(fx.out, 'thanks.html'))).toBe(true);
    await expect.poll(() => readFileSync(log, 'utf8')).toContain('"how":"native"');
  });
});
