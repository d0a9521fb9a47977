// The editor's own code (editor/browser/*.ts) on its own, in Chromium, without Sveltia CMS's screens: the editor's
// script as the build bundles it for /admin/, loaded in a blank page of the same server, with Sveltia's one call
// (CMS.registerEventListener) standing in, so that a test calls its preSave and postSave handlers as Sveltia does, with
// entries as Sveltia hands them over. That these handlers run inside Sveltia, and what Sveltia then shows, is
// tests/browser/cms.test.ts. Here: the save check (save-check.ts) against every mistake the build refuses
// (tests/support/mistakes.ts), a new entry's address, what was saved since the last build (saves.ts), the photos chosen
// (photos.ts, with real files through a real file input), the boxes they show (dialog.ts), and a save over someone
// else's on the local folder (conflict.ts, on a real folder of the browser's private file system).
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorBackend } from '../../editor/build/config.ts';
import { smallerThanPlace, UNREADABLE, unusablePhoto, WIDEST_PHOTO } from '../../generator/photo-files.ts';
import { jobPlace } from '../../templates/model/places.ts';
import { slugify } from '../../templates/model/words.ts';
import { site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { BASE, docOf, EDITABLE, MISTAKES, mistaken, PUBLISHED, rulesFixture } from '../support/mistakes.ts';
import { unusedName } from '../support/names.ts';
import { casePhoto, holdPhotoMaking, PHOTO, PHOTO_CASES, phonePhoto } from '../support/photos.ts';
import { serve } from '../support/server.ts';
import { byRole, useChromium, type TestPage } from '../support/use-chromium.ts';

let fx: Fixture;
let server: { url: string; close: () => Promise<void> };
/** The page the editor's script runs in: nothing but a file input (as a photo field has) and the script. */
const BLANK = '/admin/modules.html';

beforeAll(async () => {
  fx = await rulesFixture();
  await fx.build({ localEditor: true });
  const script = readdirSync(path.join(fx.out, 'admin')).find((f) => /^editor-rules-\w+\.js$/.test(f));
  const html = `<!doctype html><meta charset="utf-8"><title>The editor's script</title><input type="file" multiple><script src="/admin/${script}"></script>`;
  server = await serve(fx.out, {
    route: async (url, res) => url.pathname === BLANK && !!res.writeHead(200, { 'content-type': 'text/html' }).end(html),
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fx?.remove();
});

/** An entry as Sveltia's preSave and postSave hand it over (an Immutable.js map: toJS, setIn). */
interface Entry {
  path: string;
  data: Record<string, unknown>;
  newRecord?: boolean;
}
/** What a handler did: the entry it gave back (the data of it), or the error it threw (Sveltia shows its cause). */
type Handled = { data?: Record<string, unknown>; error?: string; cause?: string; type?: string };

/** Before the editor's script: Sveltia's registerEventListener, which keeps the handlers; the handlers called with an
 *  entry, as Sveltia calls them; and the files the editor was handed through the file input, once photos.ts let them on. */
function standIn() {
  const handlers: Record<string, (a: { entry: unknown }) => Promise<unknown>> = {};
  const immutable = (o: unknown): unknown => ({
    toJS: () => structuredClone(o),
    setIn: (at: (string | number)[], v: unknown) => {
      const copy = structuredClone(o) as Record<string | number, any>;
      at.slice(0, -1).reduce((x, k) => x[k], copy)[at.at(-1)!] = v;
      return immutable(copy);
    },
  });
  const w = window as unknown as Record<string, unknown>;
  w.CMS = { registerEventListener: (l: { name: string; handler: (typeof handlers)[string] }) => (handlers[l.name] = l.handler) };
  w.handle = async (name: string, entry: object) => {
    try {
      const out = (await handlers[name]({ entry: immutable({ mediaFiles: [], ...entry }) })) as { toJS(): { data: object } } | undefined;
      return { data: out?.toJS().data };
    } catch (e) {
      const { cause } = e as Error & { cause?: Error & { type?: string } };
      return { error: (e as Error).message, cause: cause?.message, type: cause?.type };
    }
  };
  w.handed = [];
  document.addEventListener('change', (e) => (w.handed = [...((e.target as HTMLInputElement).files ?? [])]));
}

const openPage = useChromium({}, (p) => p.evaluateOnNewDocument(standIn));
/** The blank page with the editor's script loaded, signed in as Sveltia keeps it for `backend` (local: the folder). */
async function blank(backend = 'local'): Promise<TestPage> {
  const page = await openPage();
  await page.evaluateOnNewDocument((b) => localStorage.setItem('sveltia-cms.user', JSON.stringify({ backendName: b })), backend);
  await page.goto(`${server.url}${BLANK}`);
  await page.waitForFunction(() => 'editorRules' in window);
  return page;
}
const handle = (page: TestPage, name: 'preSave' | 'postSave', entry: Entry): Promise<Handled> =>
  page.evaluate((n, e) => (window as unknown as { handle: (n: string, e: object) => Promise<Handled> }).handle(n, e), name, entry);

/** The save check as the save handler runs it (exposed as window.editorRules.check): each problem's message, and what
 *  it would publish with a warning. */
const check = (page: TestPage, p: string, data: object, isNew = false) =>
  page.evaluate(
    async (p, data, isNew) => {
      type Check = (p: string, d: object, m: [], o: object) => Promise<{ message: string }[]>;
      const warned: string[] = [];
      const { check } = (window as unknown as { editorRules: { check: Check } }).editorRules;
      return { messages: (await check(p, data, [], { isNew, warned })).map((m) => m.message), warned };
    },
    p,
    data,
    isNew,
  );

/** Text as a regular expression that matches it literally. */
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const entryOf = (file: string): { path: string; data: Record<string, any> } => {
  const { data, body } = docOf(file, fx.read(file));
  return { path: `content/${file}`, data: { ...data, ...(file.endsWith('.md') ? { body } : {}) } };
};

describe('the save check (save-check.ts)', () => {
  it('finds every mistake the build refuses, in its words, naming the field, and none in what the build publishes', async () => {
    const page = await blank();
    const cases = [
      ...[...EDITABLE, ...PUBLISHED].map((rule) => {
        const doc = mistaken(fx, rule);
        const outcome = (rule.refused ?? rule.warned)!;
        const field = typeof outcome.field === 'string' ? outcome.field : outcome.field(doc);
        return { id: rule.id, path: `content/${rule.file}`, data: { ...doc.data, body: doc.body }, field, says: rule.refused?.says };
      }),
      // and the content as it is, its links to a redirect and to a file of static/ among it
      { id: 'as it is', ...entryOf(BASE.service), field: '', says: undefined },
    ];
    for (const { id, path: p, data, field, says } of cases) {
      const { messages } = await check(page, p, data);
      // the build's words: this file's field and problem, or another file named in full (a redirect holding the address)
      if (says)
        expect(messages.join(' · '), id).toMatch(new RegExp(`(^|· |content/\\S+: )${escape(field)}(, line \\d+)?: [^·]*${escape(says)}`));
      else expect(messages, `${id}: saved, as the build publishes it`).toEqual([]);
    }
  });

  it("refuses a new entry whose name gives another's address (the editor would save it at -1), naming the entry that has it and what to do", async () => {
    const page = await blank();
    // a post titled so that it takes a published post's address (as "Vancouver Tree Removal Permit Guide" would); a
    // duplicate of a service (the editor's Duplicate) stands for every collection: the same check of the same index
    const other = site.posts[0];
    const title = other.slug.replace(/(^|-)(\w)/g, (_, dash, c) => `${dash ? ' ' : ''}${c.toUpperCase()}`);
    expect(slugify(title)).toBe(other.slug);
    const post = entryOf(`blog/${other.slug}.md`);
    const says = `"${title}" gives the address /blog/${other.slug}, which content/blog/${other.slug}.md (Blog posts, ${other.slug}) has: this post would be saved at /blog/${other.slug}-1 instead; give it another title`;
    const asNew = { ...post.data, title };
    expect((await check(page, `content/blog/${other.slug}-1.md`, asNew, true)).messages).toEqual([
      expect.stringContaining(`title: ${says}`),
    ]);
    expect(
      (await check(page, `content/blog/${slugify(`${title} for Stratas`)}.md`, { ...asNew, title: `${title} for Stratas` }, true)).messages,
    ).toEqual([]);
    const service = MISTAKES.find((m) => m.id === 'same-name')!;
    expect((await check(page, `content/${service.file}`, entryOf(service.from!).data, true)).messages.join(' · ')).toContain(
      service.refused!.says,
    );
  });

  it('runs as Sveltia calls it before a save: a problem stops the save with the build’s words and shows each under its field; spaces alone are saved empty', async () => {
    const page = await blank();
    // each message under the field's editor, as Sveltia draws fields (data-key-path); the nearest shown one for a field
    // inside another (alert.end) or across two (the phone as dialled), which stand for every field's place
    await page.evaluate(() =>
      document.body.append(
        ...['alert', 'alert.end', 'business.phoneE164'].map((k) => {
          const el = document.createElement('section');
          el.setAttribute('data-key-path', k);
          return el;
        }),
      ),
    );
    for (const id of ['alert-end-after-start', 'phone-pair']) {
      const row = MISTAKES.find((m) => m.id === id)!;
      const doc = mistaken(fx, row);
      const refused = await handle(page, 'preSave', { path: `content/${row.file}`, data: doc.data });
      expect(refused, id).toMatchObject({ error: 'saving_failed', cause: expect.stringContaining(row.refused!.says) });
      const under = await page.$$eval(`[data-key-path="${row.refused!.field}"] > [data-build-rule]`, (els) =>
        els.map((e) => e.textContent),
      );
      expect(under, `${id}: under ${row.refused!.field}`).toEqual([expect.stringContaining(row.refused!.says)]);
    }
    // an optional field holding spaces (the service's breadcrumb) is written empty; an entry with nothing to empty as it came
    const service = entryOf(BASE.service);
    expect(await handle(page, 'preSave', service)).toEqual({});
    const spaced = await handle(page, 'preSave', { ...service, data: { ...service.data, breadcrumb: '   ' } });
    expect(spaced.data).toEqual({ ...service.data, breadcrumb: '' });
  });

  it('counts what was saved since the last build (saves.ts): a city saved a minute ago may be a job’s, and its page linked', async () => {
    const page = await blank();
    const city = unusedName(['Spruce Landing Flats', 'Elder Bend Heights']);
    const from = entryOf(`cities/${site.cities[1].slug}.md`);
    const job = readdirSync(fx.file('jobs')).map((f) => entryOf(`jobs/${f}`))[0];
    const theirs = { ...job, data: { ...job.data, city: city.slug } };
    expect((await check(page, theirs.path, theirs.data)).messages.join(' · '), 'before the city is saved').toContain(
      `unknown city "${city.slug}"`,
    );
    await handle(page, 'postSave', { path: `content/cities/${city.slug}.md`, data: { ...from.data, name: city.name } });
    expect((await check(page, theirs.path, theirs.data)).messages).toEqual([]);
    // and after a reload of the editor, until the next build's index arrives
    await page.reload();
    await page.waitForFunction(() => 'editorRules' in window);
    const linking = { ...from.data, body: `${from.data.body}\nSee [${city.name}](/service-area/${city.slug}).\n` };
    expect((await check(page, from.path, linking)).messages).toEqual([]);
  });
});

describe('photos chosen (photos.ts)', () => {
  /** Chooses files in the page's file input, as from the computer's files. */
  const choose = async (page: TestPage, files: string[]) =>
    ((await page.$('input[type=file]')) as ElementHandle<HTMLInputElement>).uploadFile(...files);
  /** The files the editor was handed once photos.ts let them on: name, type and bytes. */
  const handed = async (page: TestPage, names: string[]) => {
    await page.waitForFunction((n) => JSON.stringify((window as any).handed.map((f: File) => f.name)) === n, {}, JSON.stringify(names));
    const files = await page.evaluate(() =>
      Promise.all(
        ((window as any).handed as File[]).map(async (f) => {
          let s = '';
          for (const b of new Uint8Array(await f.arrayBuffer())) s += String.fromCharCode(b);
          return { name: f.name, type: f.type, b64: btoa(s) };
        }),
      ),
    );
    return files.map((f) => ({ ...f, bytes: Buffer.from(f.b64, 'base64') }));
  };
  const NOT_ADDED = byRole('alertdialog', 'Not added');
  const PREPARING = byRole('dialog', 'Preparing the photo for the site…');

  it("stores a camera's photo at the widest size the site shows, upright, without its EXIF; while it is made, a box holds every control", async () => {
    const page = await blank();
    const photo = path.join(fx.dir, 'young-maple.jpg');
    writeFileSync(photo, await phonePhoto(7));
    // the making held until the test lets it go
    const release = await holdPhotoMaking(page);
    await choose(page, [photo]);
    const box = await page.waitForSelector(PREPARING, { visible: true });
    expect(await box!.evaluate((d) => [d.matches(':modal'), d.textContent]), 'a modal box names the photo').toEqual([
      true,
      expect.stringContaining('young-maple.jpg'),
    ]);
    expect(await page.evaluate(() => (window as any).handed.length), 'nothing handed on yet').toBe(0);
    await release();
    const [stored] = await handed(page, ['young-maple.jpg']);
    await page.waitForSelector(PREPARING, { hidden: true });
    const meta = await sharp(stored.bytes).metadata();
    expect([meta.width, meta.height, meta.format, meta.exif]).toEqual([
      WIDEST_PHOTO,
      Math.round((WIDEST_PHOTO * PHOTO.width) / PHOTO.height),
      'jpeg',
      undefined,
    ]);
  });

  it("takes each photo staff may choose, stored at the size the site uses; one smaller than where it shows is saved with the build's own warning, as a cover and as a job's", async () => {
    const page = await blank();
    const files = await Promise.all(
      PHOTO_CASES.map(async (c, i) => {
        const file = path.join(fx.dir, c.name);
        writeFileSync(file, await casePhoto(c, 41 + i));
        return file;
      }),
    );
    await choose(page, files);
    const made = await handed(
      page,
      PHOTO_CASES.map((c) => c.name.replace(/\.png$/, c.stored[2] === 'png' ? '.png' : '.jpg')),
    );
    for (const [i, c] of PHOTO_CASES.entries()) {
      const meta = await sharp(made[i].bytes).metadata();
      expect([meta.width, meta.height, meta.format], c.what).toEqual(c.stored);
    }
    // each as a service's cover (a hero) and as one of a job's four photos: the build's words for each one too small
    const srcs = made.map((m) => `/images/${m.name.toLowerCase().replace(/[^a-z0-9.]+/g, '-')}`);
    const service = entryOf(BASE.service);
    const job = readdirSync(fx.file('jobs')).map((f) => entryOf(`jobs/${f}`))[0];
    const photos = srcs.map((src, i) => ({ src, alt: PHOTO_CASES[i].what }));
    const told: string[] = [];
    for (const [i, src] of srcs.entries()) {
      const r = await check(page, service.path, { ...service.data, image: src, imageAlt: PHOTO_CASES[i].what });
      expect(r.messages, `${src}: taken as saved`).toEqual([]);
      told.push(...r.warned);
    }
    const r = await check(page, job.path, { ...job.data, photos: [(job.data.photos as object[])[0], ...photos] });
    expect(r.messages).toEqual([]);
    told.push(...r.warned);
    const expected = PHOTO_CASES.flatMap((c, i) => {
      const [w, h] = c.stored;
      return [
        ...(smallerThanPlace(w, h, 'hero') ? [`image: image ${srcs[i]} ${smallerThanPlace(w, h, 'hero')}`] : []),
        ...(smallerThanPlace(w, h, jobPlace(4)) ? [`photos[${i + 1}].src: image ${srcs[i]} ${smallerThanPlace(w, h, jobPlace(4))}`] : []),
      ];
    });
    expect(expected.length, 'the panorama and the small photo').toBeGreaterThan(1);
    expect(told.filter((t) => srcs.some((s) => t.includes(s))).sort()).toEqual(expected.sort());
    // saved as Sveltia saves (the check before, the write, then postSave): the job's warnings in a box of their own
    const saved = { ...job, data: { ...job.data, photos: [(job.data.photos as object[])[0], ...photos] } };
    expect(await handle(page, 'preSave', saved)).not.toHaveProperty('error');
    await handle(page, 'postSave', saved);
    const box = (await page.waitForSelector(byRole('alertdialog', 'Saved, with something to look at'), { visible: true }))!;
    const jobs = expected.filter((t) => t.startsWith('photos['));
    expect(jobs.length, 'a job photo too small').toBeGreaterThan(0);
    expect((await box.evaluate((d) => d.querySelector('p')!.textContent!)).split('\n').sort()).toEqual(expect.arrayContaining(jobs.sort()));
  });

  it("refuses, before the editor has it, an iPhone's HEIC and a damaged file in the build's words, in a box of its own: OK focused, Escape closes it", async () => {
    const page = await blank();
    const [heic, damaged] = [path.join(fx.dir, 'IMG_0042.heic'), path.join(fx.dir, 'damaged.jpg')];
    writeFileSync(heic, Buffer.concat([Buffer.from('\0\0\0\x18ftypheic'), Buffer.alloc(4096, 7)]));
    writeFileSync(damaged, 'not a photo');
    for (const [file, says] of [
      [heic, `IMG_0042.heic ${unusablePhoto('x.heic')}`],
      [damaged, `damaged.jpg ${UNREADABLE}`],
    ]) {
      await choose(page, [file]);
      const box = (await page.waitForSelector(NOT_ADDED, { visible: true }))!;
      expect(
        await box.evaluate((d) => [d.querySelector('p')!.textContent, document.activeElement?.textContent, d.matches(':modal')]),
      ).toEqual([says, 'OK', true]);
      await page.keyboard.press('Escape');
      await page.waitForSelector(NOT_ADDED, { hidden: true });
      expect(
        await page.evaluate(() => [(window as any).handed.length, document.querySelector('input')!.value]),
        'nothing handed on',
      ).toEqual([0, '']);
    }
  });
});

it("refuses a save on the local folder over one made elsewhere since the page read it, but not over the page's own (conflict.ts)", async () => {
  const page = await blank('local');
  const entry = entryOf('site.yaml');
  const yaml = fx.read('site.yaml');
  // the folder as Sveltia keeps it (IndexedDB `<backend>:<repo>`), a folder of the private file system, holding site.yaml
  const write = () =>
    page.evaluate(async (text) => {
      const root = await (
        await (await navigator.storage.getDirectory()).getDirectoryHandle('site', { create: true })
      ).getDirectoryHandle('content', { create: true });
      const w = await (await root.getFileHandle('site.yaml', { create: true })).createWritable();
      await w.write(text);
      await w.close();
    }, yaml);
  await write();
  const { name, repo } = editorBackend(site);
  await page.evaluate(
    (db) =>
      new Promise<void>(async (done) => {
        const folder = await (await navigator.storage.getDirectory()).getDirectoryHandle('site');
        const open = indexedDB.open(db, 1);
        open.onupgradeneeded = () => open.result.createObjectStore('file-system-handles');
        open.onsuccess = () => {
          const tx = open.result.transaction('file-system-handles', 'readwrite');
          tx.objectStore('file-system-handles').put(folder, 'root_dir_handle');
          tx.oncomplete = () => (open.result.close(), done());
        };
      }),
    `${name}:${repo}`,
  );
  // the page opened after the file was written: its save goes
  await page.reload();
  await page.waitForFunction(() => 'editorRules' in window);
  expect(await handle(page, 'preSave', entry)).toEqual({});
  // someone else's save since (another tab, another program): refused with Sveltia's own conflict box, its date theirs
  await write();
  const refused = await handle(page, 'preSave', entry);
  expect(refused).toMatchObject({ error: 'save_conflict', type: 'modified' });
  // reloaded, as the box says: the page reads the folder anew, and its own save goes again and again
  await page.reload();
  await page.waitForFunction(() => 'editorRules' in window);
  expect(await handle(page, 'preSave', entry)).toEqual({});
  await write(); // Sveltia writes the file, then calls postSave
  expect(await handle(page, 'postSave', entry)).toEqual({});
  expect(await handle(page, 'preSave', entry)).toEqual({});
});
