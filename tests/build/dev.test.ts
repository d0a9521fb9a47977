// `npm run dev`, run as a process: after a post is saved or deleted it serves what a full build of the same content
// makes, byte for byte; it receives the quote requests itself, whatever forms.delivery says. One dev server for all.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build-site.ts';
import { DEV_BUILD, DEV_FORMS_PATH } from '../../generator/dev/receiver.ts';
import { OFFICE_FIELD } from '../../templates/model/office-link.ts';
import { OFFICE_PATH } from '../../templates/model/constants.ts';
import { site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { startDevServer, type DevServer } from '../support/dev-server.ts';
import { phonePhoto } from '../support/photos.ts';
import { writePosts } from '../support/posts.ts';
import { readTree } from '../support/files.ts';
import { root } from '../support/paths.ts';
import { $, $$, attr, parseHtml } from '../support/html.ts';
import { formsOf as forms } from '../support/site.ts';

const POSTS = 40; // several /blog pages at the default blog.perPage

/** The site's text files (pages, sitemap, feed, robots, headers) by their path. */
const files = (dir: string) => readTree(dir, (f) => /\.(html|xml|txt)$|_headers$/.test(f), 'utf8');

const fx = new Fixture();
let dev: DevServer;
const slugs: string[] = [];
beforeAll(async () => {
  slugs.push(...writePosts(fx.file('blog'), POSTS));
  // a company on Formspree: in development the requests still come to the dev server, not the real service
  fx.setDelivery('endpoint', 'https://formspree.io/f/abcd1234');
  dev = await startDevServer(fx);
}, 150_000); // the dev server starts through tsx: over a minute on a loaded machine
afterAll(async () => {
  await dev?.stop();
  fx.remove();
});

describe('npm run dev, after a blog post changes', () => {
  /** The served files, once they match a full build of the same content (as the dev server builds it) beside them.
   *  Polled, not counted: a save can reach the watcher as more than one event, so the number of rebuilds says nothing. */
  async function sameAsFullBuild(): Promise<Map<string, string>> {
    const out = path.join(fx.dir, 'full');
    rmSync(out, { recursive: true, force: true });
    await build({ content: fx.content, static: fx.static, out, quiet: true, ...DEV_BUILD });
    const full = files(out);
    let served = new Map<string, string>();
    const unlike = () => {
      served = files(fx.out);
      const names = new Set([...served.keys(), ...full.keys()]);
      return [...names].filter((f) => served.get(f) !== full.get(f)).sort();
    };
    await expect.poll(unlike, { timeout: 60_000, interval: 100 }).toEqual([]);
    return served;
  }

  const pageOf = (slug: string) =>
    [...files(fx.out)].find(
      ([f, html]) => /^blog(\.html|\/page\/\d+\.html)$/.test(f) && $(`a[href="/blog/${slug}"]`, parseHtml(html)),
    )?.[0];

  it('rewrites the post and the /blog page that lists it, and matches a full build', async () => {
    // a post on a later page of /blog (page/1.html is the redirect to /blog)
    const number = (f: string) => Number(/^blog\/page\/(\d+)\.html$/.exec(f)?.[1] ?? 0);
    const target = slugs.find((s) => number(pageOf(s) ?? '') >= 2)!;
    const listing = pageOf(target)!;

    fx.edit(`blog/${target}.md`, /^title: .*$/m, 'title: "A retitled guide for the dev server test"');

    const served = await sameAsFullBuild();
    expect(served.get(`blog/${target}.html`)).toContain('A retitled guide for the dev server test');
    expect(served.get(listing)).toContain('A retitled guide for the dev server test');
  }, 90_000);

  it('after a post is deleted, every /blog page after it moves up, and the last one goes when it empties', async () => {
    const newest = slugs.find((s) => pageOf(s) === 'blog.html')!;
    rmSync(fx.file(`blog/${newest}.md`));

    expect((await sameAsFullBuild()).has(`blog/${newest}.html`)).toBe(false);
  }, 90_000);
});

describe('npm run dev receives the quote requests itself', () => {
  const log = path.join(fx.dir, 'quote-requests.dev.jsonl');
  const lastEntry = () => JSON.parse(readFileSync(log, 'utf8').trim().split('\n').at(-1)!);
  it('points both forms at itself', async () => {
    const page = await (await fetch(dev.url + '/')).text();
    expect([attr(forms(page)[0], 'action'), attr(forms(page)[0], 'data-delivery')]).toEqual([DEV_FORMS_PATH, 'endpoint']);
  });
  it('answers JSON to fetch, prints the request (its visit in order, its office link) and appends it to a git-ignored file', async () => {
    // two windows the served page offers, as a visitor chooses them
    const served = parseHtml(await (await fetch(dev.url + '/')).text());
    const windows = $$('option[data-until]', served).map((o) => attr(o, 'value')!);
    const visits = windows.length > 1 ? { visit1: windows[1], visit2: windows[0] } : {};
    const payload = {
      name: 'Dev Tester',
      phone: '(604) 555-0100',
      serviceArea: site.cities[0].name,
      service: '',
      message: '',
      address: '12 Dev Lane',
      ...visits,
      form: 'contact',
      page: '/',
      requestId: 'r-1',
      [OFFICE_FIELD]: `${dev.url}${OFFICE_PATH}#office-link`, // (what the link holds: tests/build/office.test.ts)
    };
    const res = await fetch(dev.url + DEV_FORMS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await expect.poll(() => dev.output()).toContain('[dev] quote request');
    if ('visit1' in visits) expect(dev.output()).toContain(`[dev]   estimate visit: 1. ${visits.visit1}; 2. ${visits.visit2}`);
    expect(dev.output()).toContain(`[dev]   office: ${payload[OFFICE_FIELD]}`); // a link of its own, to tap
    expect(lastEntry()).toMatchObject({ ...payload, path: DEV_FORMS_PATH, how: 'json' });
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toContain(path.basename(log));
  });
  it('takes photos: prints each one with its size and keeps it in a git-ignored folder beside the file', async () => {
    const photo = await phonePhoto(8, { width: 64, height: 48, orientation: 1 });
    const body = new FormData();
    for (const [k, v] of Object.entries({ name: 'Dev Photos', phone: '(604) 555-0102', serviceArea: site.cities[0].name, form: 'contact' }))
      body.append(k, v);
    body.append('photo1', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'leaning-fir.jpg');
    const res = await fetch(dev.url + DEV_FORMS_PATH, { method: 'POST', headers: { accept: 'application/json' }, body });
    expect(res.status).toBe(200);
    const kb = (photo.length / 1024).toFixed(1);
    await expect.poll(() => dev.output()).toContain(`photos: photo1 leaning-fir.jpg (image/jpeg, ${kb} KB) in quote-photos.dev/`);
    const entry = lastEntry();
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
      const req = http.request(dev.url + DEV_FORMS_PATH, {
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
