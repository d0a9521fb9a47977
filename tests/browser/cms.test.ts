// The editor at /admin/ (Sveltia CMS), driven through its own interface in Chromium, offline, on a copy of content/:
// served with the built _headers (so under its own CSP), working on the local folder as npm run dev offers it. What it
// saves is read back to disk and built by the real build. One journey for each kind of staff work, on one editor start:
// a field of each kind of entry, a fact changed (the phone, the storm alert) from a phone, an entry added with a photo
// (a post; a city, a service and a job chosen by name), a refused save and the corrected one, a list edited (an FAQ), a
// visit booked from its booking address, a draft under npm run dev, a delete refused and one made. That the editor's own code inside it decides right (the save
// check against every mistake, photos, the conflict check) is tests/browser/editor-modules.test.ts; two people saving
// one file, and the page's status, on GitHub: tests/browser/editor-status.test.ts.
import { cpSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import matter from 'gray-matter';
import yaml from 'js-yaml';
import sharp from 'sharp';
import { fileForPath } from '../../generator/build-site.ts';
import { instantIn } from '../../generator/time.ts';
import { editorConfig } from '../../editor/build/config.ts';
import { bookingPath } from '../../templates/model/constants.ts';
import { visitName } from '../../templates/model/kinds/visit.ts';
import { unusablePhoto, WIDEST_PHOTO } from '../../generator/photo-files.ts';
import { slugify } from '../../templates/model/words.ts';
import {
  add,
  fieldInput,
  openEditor,
  press,
  readPrivateFile,
  readPrivateFolder,
  settled,
  shownText,
  shownTexts,
  until,
} from '../support/cms.ts';
import { MIDDLE, WINDOW } from '../support/alert.ts';
import { startDevServer } from '../support/dev-server.ts';
import { business, ROUTES, SERVICE_PATHS, site } from '../support/facts.ts';
import { SERVICE_ICONS } from '../../templates/model/constants.ts';
import { docOf, editData, Fixture, YEAR } from '../support/fixture.ts';
import { NEW_CITY as CITY, NEW_SERVICE as SERVICE } from '../support/names.ts';
import { holdPhotoMaking, PHOTO, phonePhoto } from '../support/photos.ts';
import { serve } from '../support/server.ts';
import { readTree, walk } from '../support/files.ts';
import { allFiles, estimateFile, html } from '../support/site.ts';
import { asBooking, windowsIn } from '../support/visits.ts';
import { MISTAKES } from '../support/mistakes.ts';
import { byRole, count, sharedChromium, text, useChromium } from '../support/use-chromium.ts';

const fx = new Fixture();
const openTab = useChromium();
let page: Page;
let server: { url: string; close: () => Promise<void> };

// Names the content does not use (checked below), so the test holds for any company's content.
const NEW_PHONE = { shown: '(236) 555-0177', dialled: '+12365550177' };
// an icon no service shows yet, for the new service (CITY and SERVICE: names no content uses, names.ts)
const ICON = SERVICE_ICONS.find((i) => !site.services.some((s) => s.icon === i))!;
const POST = {
  title: 'Caring for Young Maples Through a Dry Summer',
  slug: 'caring-for-young-maples-through-a-dry-summer',
  alt: 'A young maple with a ring of mulch around its trunk',
};
/** The job the tests add, in the new city (so a title no content uses). */
const JOB = { title: `Alders Thinned in ${CITY.name}`, slug: `alders-thinned-in-${CITY.slug}`, alt: 'Alders lowered by a creek' };
/** A page the new post links: one of the company's services (the build refuses a link to no page). */
const LINKED = site.services[0];

const buildCopy = (opts: Parameters<Fixture['build']>[0] = {}) => fx.build({ localEditor: true, ...opts });

/**
 * The editor, on the fixture's content/ as the tests before have left it: opened once (Sveltia takes seconds to start on
 * a loaded machine) in a page of its own, the folder picker answered with a private folder holding a copy of content/;
 * opened afresh after a test that failed, so that no change it left unsaved reaches the next.
 */
let fresh = true;
async function startEditor() {
  if (!fresh) return;
  await page?.browserContext().close();
  page = await (await (await sharedChromium()).createBrowserContext()).newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await openEditor(page, server.url, fx.content);
  fresh = false;
}

/** The entry open in the editor, as open() was given it. */
let current = '';

/** Opens an entry (or a new one) of a collection in the editor. */
async function open(hash: string) {
  current = hash;
  await page.goto(`${server.url}/admin/#/collections/${hash}`);
  await until(() => page.evaluate(() => location.hash), 'the editor went to the entry').toBe(`#/collections/${hash}`);
  await page.waitForSelector(byRole('button', 'Save'));
  await settled(page);
}

/** Saves and waits until the editor has written `file` (a path under content/) as `written` says, and has gone back to
 * its list with nothing unsaved: a stated condition, so the next step never starts on a half-saved entry. */
async function saveAs(file: string, written: (text: string) => boolean) {
  await press(page, 'Save');
  await until(async () => written(await readPrivateFile(page, file)), `the editor has written content/${file}`).toBe(true);
  await page.waitForSelector('::-p-text(Entry saved.)', { visible: true });
  // then the editor goes back to the entry's collection by itself; the next step waits for that, not to be overtaken
  await until(() => page.evaluate(() => location.hash), 'the editor is back at the collection').toBe(
    `#/collections/${current.split('/')[0]}`,
  );
}

/** Saves `file` as above, and copies the whole private folder back into the fixture's content/. */
async function save(file: string, written: (text: string) => boolean) {
  await saveAs(file, written);
  await readPrivateFolder(page, fx.content);
}

const field = (keyPath: string) => fieldInput(page, keyPath);
/** Fills each field named (by key path) with its text, in order. */
async function fillIn(texts: Record<string, string>) {
  for (const [keyPath, text] of Object.entries(texts)) await (await field(keyPath)).fill(text);
}
const section = (keyPath: string) => `section.field[data-key-path="${keyPath}"]`;

/** Presses a date-and-time field's Now with the page's Date standing at `at`, for that press alone. Not the page clock
 *  (tests/support/page-clock.ts): it would put the editor's timers on it too, and its time, flowing behind the real
 *  one, would make the files' modification times look later than the editor opened them (editor/browser/conflict.ts). */
async function pressNow(keyPath: string, at: number) {
  await page.evaluate((at) => {
    const Real = Date; // new Date() and Date.now() read `at`; the rest of Date is as it was
    const get = (D: DateConstructor, key: keyof DateConstructor) => (key === 'now' ? () => at : D[key]);
    Object.assign(window, { Real, Date: new Proxy(Real, { construct: (D, a) => new D(...((a.length ? a : [at]) as [number])), get }) });
  }, at);
  try {
    await press(page, 'Now', section(keyPath));
    await expect.poll(async () => (await field(keyPath)).inputValue(), { message: `Now filled ${keyPath}` }).not.toBe('');
  } finally {
    await page.evaluate(() => (window.Date = (window as unknown as { Real: DateConstructor }).Real));
  }
}

/** Chooses `file` in the photo field at `keyPath`, as from the computer's files. */
async function upload(keyPath: string, file: string) {
  const input = await page.waitForSelector(`${section(keyPath)} input[type=file]`);
  await (input as ElementHandle<HTMLInputElement>).uploadFile(file);
}

/** A field's value in the text of a content file, by key path: a Markdown file's front matter, or site.yaml. */
function valueIn(file: string, text: string, keyPath: string): unknown {
  if (!text) return undefined;
  const data = file.endsWith('.md') ? matter(text).data : yaml.load(text);
  return keyPath.split('.').reduce<any>((o, k) => o?.[k], data);
}

/** A file's YAML with the lines of one field as the editor writes it (two spaces a level), its key's line and those after
 * it indented further (a long text written over several lines), made one line that names it. */
function foldField(text: string, keyPath: string): string {
  const [lines, keys] = [text.split('\n'), keyPath.split('.')];
  let at = -1;
  keys.forEach((key, depth) => (at = lines.findIndex((l, i) => i > at && l.startsWith(`${'  '.repeat(depth)}${key}:`))));
  let to = at + 1;
  while (to < lines.length && lines[to].startsWith('  '.repeat(keys.length))) to++;
  return at < 0 ? text : [...lines.slice(0, at), `(${keyPath})`, ...lines.slice(to)].join('\n');
}

/** Chooses an entry of another collection in a relation field (a city, a service), by the name the editor shows. */
async function choose(keyPath: string, name: string) {
  await (await page.waitForSelector(section(keyPath)))!.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await page.locator(`${section(keyPath)} ::-p-aria([role="combobox"])`).click();
  await page.locator(byRole('option', name)).click();
}

/** The editor's own dialog while a chosen photo is being made (editor/browser/photos.ts). */
const PREPARING = byRole('dialog', 'Preparing the photo for the site…');
/** Waits until the editor holds the photo made from `name`: the dialog gone, and then the field showing where the photo
 *  is stored (the editor takes it after the dialog closes; on a loaded machine a save in between went out without it). */
async function photoTaken(keyPath: string, name: string) {
  await page.waitForSelector(PREPARING, { hidden: true });
  await until(() => text(page, `${section(keyPath)} [role=textbox]`), `the editor holds ${name}`).toContain(`/images/${name}`);
}

beforeAll(async () => {
  const everything = allFiles(fx.content)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  for (const name of [NEW_PHONE.shown, NEW_PHONE.dialled, POST.title, POST.slug]) expect(everything).not.toContain(name);
  await buildCopy();
  server = await serve(fx.out, { withHeaders: true });
}, 120_000);

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  fresh = true;
  await page?.screenshot({ path: `/tmp/fail-${ctx.task.name.slice(0, 20).replace(/\W/g, '_')}.png` });
});
afterAll(async () => {
  await page?.browserContext().close();
  await server?.close();
  fx.remove();
});

describe('the editor at /admin/, on the local folder', () => {
  /** The editor's own collections (editor/build/config.ts, as /admin/config.yml has them): folders of entries, or single files. */
  const collections = editorConfig(site).collections as {
    name: string;
    folder?: string;
    fields?: { name: string }[];
    files?: { name: string; file: string; fields: { name: string }[] }[];
  }[];
  /**
   * The files the editor is driven through, as [its address in the editor, the text field changed: its title, or for the
   * business settings the company's name, the file under content/]: every file of a collection of single files (each has
   * fields of its own), and of a folder collection its first entry, which stands for the rest (an entry's fields are its
   * collection's). The collection holding a file is found by the editor's own folders and files, so a file of content/
   * (but its photos) that none holds fails.
   */
  const entries = () => {
    const seen = new Set<string>();
    return walk(fx.content, (rel) => !rel.startsWith('images/')).flatMap((f): [string, string, string][] => {
      const rel = path.relative(fx.content, f).split(path.sep).join('/');
      const c = collections.find((c) => `content/${rel}`.startsWith(`${c.folder}/`) || c.files?.some((x) => x.file === `content/${rel}`));
      if (!c) throw new Error(`content/${rel} is in no collection of the editor`);
      const single = c.files?.find((x) => x.file === `content/${rel}`);
      if (!single && seen.has(c.name)) return [];
      seen.add(c.name);
      const title = (single?.fields ?? c.fields!).some((x) => x.name === 'title');
      return [[`${c.name}/entries/${single?.name ?? path.basename(rel, '.md')}`, title ? 'title' : 'business.name', rel]];
    });
  };
  it(
    'saves one field of each single file and of an entry of each folder collection: each file changes in that field alone, and the site built from what it saved is the one those changes alone make',
    async () => {
      // the same changes made to the files' data by hand: what the build must see if the editor changed nothing else
      const expected = path.join(fx.dir, 'expected-content');
      cpSync(fx.content, expected, { recursive: true });
      const all = entries();
      await startEditor();
      for (const [hash, keyPath, file] of all) {
        await open(hash);
        const input = await field(keyPath);
        await until(() => input.inputValue(), `${hash}: ${keyPath} as saved`).toBe(valueIn(file, fx.read(file), keyPath));
        const edited = `${await input.inputValue()} (edited)`;
        await input.fill(edited);
        const before = await readPrivateFile(page, file);
        await saveAs(file, (text) => valueIn(file, text, keyPath) === edited); // it was written
        // the file changed in the lines of that field alone (content/ is kept in the editor's layout:
        // docs/decisions/editor.md)
        const after = await readPrivateFile(page, file);
        expect.soft(foldField(after, keyPath), `${file}: ${keyPath} alone changed`).toBe(foldField(before, keyPath));
        editData(path.join(expected, file), (data) => {
          const keys = keyPath.split('.');
          keys.slice(0, -1).reduce((o, k) => o[k], data)[keys.at(-1)!] = edited;
        });
      }
      await readPrivateFolder(page, fx.content);
      const [saved, wanted] = [path.join(fx.dir, 'saved-build'), path.join(fx.dir, 'expected-build')];
      await buildCopy({ out: saved, drafts: true });
      await buildCopy({ content: expected, out: wanted, drafts: true });
      const [a, b] = [wanted, saved].map((dir) => readTree(dir, undefined, 'utf8'));
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      expect([...a].filter(([f, text]) => b.get(f) !== text).map(([f]) => f)).toEqual([]);
      expect(b.get('index.html')).toContain(' (edited)'); // the changes are in what was built
    },
    120_000 + entries().length * 15_000,
  ); // a save an entry, a few seconds each on a loaded machine

  it('changes the phone and switches the storm alert on from a phone, its message linking a page as the content links one: the next build in its window shows both on every page, the link a link; unticked, the alert is gone', async () => {
    const before = fx.read('site.yaml');
    const message = `Storm response: crews are out tonight. See [our storm page](${LINKED.path}) or call.`;
    const shown = `Storm response: crews are out tonight. See <a href="${LINKED.path}">our storm page</a> or call.`;
    expect(before).not.toContain(message);
    await startEditor();
    await page.setViewport({ width: 390, height: 844 });
    // an office where the company is, its browser on current tz data (Chromium's), set before the editor shows a
    // date-and-time field, which takes its zone when it appears
    const zone = site.blogSettings.timeZone;
    await page.emulateTimezone(zone);
    try {
      await open('settings/entries/site');
      // Sveltia's own check, before the editor's save handler runs: a required field emptied is refused under it, in our
      // words (editor/build/files.ts EDITOR_WORDS); the field given back, nothing was saved
      const name = await field('business.name');
      const kept = await name.inputValue();
      await name.fill('');
      await press(page, 'Save');
      await until(() => shownText(page, section('business.name'))).toMatch(/^Must not be empty\.$/m);
      expect(await readPrivateFile(page, 'site.yaml')).toBe(before);
      await name.fill(kept);
      await fillIn({ 'business.phone': NEW_PHONE.shown, 'business.phoneE164': NEW_PHONE.dialled });
      await page.locator(byRole('checkbox', add('Alert'))).click();
      await (await field('alert.message')).fill(message);
      // the phone's date-and-time picker, with the Now the hint names, pressed in the first winter British Columbia
      // stays on UTC-7
      await pressNow('alert.start', MIDDLE.getTime());
      await (await field('alert.end')).fill(WINDOW.end);
      await save('site.yaml', (text) => text.includes(message));

      // nothing else changed: the model but for the phone and the alert
      const { alert, ...rest } = yaml.load(fx.read('site.yaml')) as any;
      expect(alert).toMatchObject({ message, end: WINDOW.end });
      // the build reads the start Now wrote as the minute it was pressed (the pinned tz data's reading: an hour later on data from before 2026a)
      expect(MIDDLE.getTime() - instantIn(alert.start, zone)).toBeGreaterThanOrEqual(0);
      expect(MIDDLE.getTime() - instantIn(alert.start, zone)).toBeLessThan(60_000);
      expect(rest.business).toMatchObject({ phone: NEW_PHONE.shown, phoneE164: NEW_PHONE.dialled });
      const phoneBack = { ...rest.business, phone: business.phone, phoneE164: business.phoneE164 };
      expect({ ...rest, business: phoneBack }).toEqual(yaml.load(before));

      // the build right after the save: the alert up, ending when the editor wrote (the company's clock, generator/time.ts)
      const own = await buildCopy({ now: new Date(MIDDLE.getTime() + 60_000) });
      expect(own.site.alert?.end).toBe(instantIn(WINDOW.end, zone));
      // every page of the route table (redirect stubs hold no phone)
      expect(ROUTES.length).toBeGreaterThan(site.cities.length);
      for (const f of ROUTES.map(fileForPath)) {
        const html = readFileSync(path.join(fx.out, f), 'utf8');
        expect(html.includes(`tel:${NEW_PHONE.dialled}`), f).toBe(true);
        expect(html.includes(business.phoneE164) || html.includes(business.phone), f).toBe(false);
        expect(html, f).toContain(shown);
      }

      await open('settings/entries/site');
      await page.locator(byRole('checkbox', add('Alert'))).click();
      await save('site.yaml', (text) => !text.includes(message));
      expect(yaml.load(fx.read('site.yaml'))).toEqual(rest);
    } finally {
      await page.emulateTimezone();
      await page.setViewport({ width: 1280, height: 900 });
    }
  }, 120_000);

  it('adds a blog post with a heading, a link and an uploaded cover photo with alt text: it builds, is on /blog, and its photo is encoded', async () => {
    await startEditor();
    await open('blog/new');
    await fillIn({
      title: POST.title,
      description: 'How much water a young maple needs in a dry Metro Vancouver summer, and when to call an arborist.',
      summary: 'Watering, mulch and the signs of drought stress in young maples.',
      published: '2025-07-14',
      modified: '2025-07-15',
      body: `## Water deeply, not often\n\nA slow soak once a week beats a daily sprinkle. If a limb dies back, see our [${LINKED.name} page](${LINKED.path}).\n`,
    });
    // an iPhone's HEIC, dropped in from a computer, is refused before it is stored, in the build's words
    const heic = path.join(fx.dir, 'IMG_0042.heic');
    writeFileSync(heic, Buffer.concat([Buffer.from('\0\0\0\x18ftypheic'), Buffer.alloc(4096, 7)]));
    const saveButton = (await page.$(byRole('button', 'Save')))!; // (the box, when it shows, holds it)
    await upload('image', heic);
    const refusal = byRole('alertdialog', 'Not added');
    await until(() => shownText(page, refusal)).toContain(`IMG_0042.heic ${unusablePhoto('x.heic')}`);
    // a box of the editor's own, drawn as the editor's (its font, its primary button, as its Save is), OK focused, and a
    // real dialog: Escape closes it
    await page.mouse.move(0, 0); // the pointer off both buttons: the last click may have left it on Save
    const saveLook = () => saveButton.evaluate((b) => [getComputedStyle(b).fontFamily, getComputedStyle(b).backgroundColor]);
    // its colour at rest, as Save's: neither hovered nor showing focus (either lightens a button)
    const okLook = () =>
      page.$eval(`${refusal} ${byRole('button', 'OK')}`, (b) => {
        if (!(b instanceof HTMLElement)) return [];
        const focused = b === document.activeElement;
        b.blur();
        const look = [getComputedStyle(b).fontFamily, getComputedStyle(b).backgroundColor];
        b.focus();
        return [...look, focused];
      });
    // Sveltia's buttons fade between colours: asked again until Save's has settled
    await expect
      .poll(async () => ({ ok: await okLook(), save: [...(await saveLook()), true] }), { timeout: 5_000 })
      .toSatisfy(({ ok, save }) => JSON.stringify(ok) === JSON.stringify(save));
    const [font] = await saveLook();
    expect(await page.$eval(refusal, (d) => getComputedStyle(d).fontFamily)).toBe(font);
    await page.keyboard.press('Escape');
    await page.waitForSelector(refusal, { hidden: true });
    // a camera's full-size photo is stored at the widest size the site shows, upright, without its EXIF
    const photo = path.join(fx.dir, 'young-maple.jpg');
    writeFileSync(photo, await phonePhoto(7));
    // while it is being made (held here until the test lets it go), nothing can be saved without it
    const release = await holdPhotoMaking(page);
    await upload('image', photo);
    await expect.poll(() => shownText(page, PREPARING)).toContain('young-maple.jpg');
    expect(await page.$(byRole('button', 'Save')), 'Save, held by the box').toBeNull();
    await release();
    await photoTaken('image', 'young-maple');
    expect(await page.$(byRole('button', 'Save')), 'Save, once the photo is made').not.toBeNull();
    await (await field('imageAlt')).fill(POST.alt);
    await save(`blog/${POST.slug}.md`, (text) => valueIn('x.md', text, 'imageAlt') === POST.alt);

    const text = fx.read(`blog/${POST.slug}.md`);
    const stored = text.match(/^image: \/images\/(young-maple[\w.-]*\.jpg)$/m)?.[1];
    const meta = await sharp(path.join(fx.content, 'images', stored!)).metadata();
    const bytes = [statSync(photo).size, statSync(path.join(fx.content, 'images', stored!)).size];
    console.log(
      `[cms] a ${PHOTO.width}x${PHOTO.height} phone photo of ${bytes[0]} bytes is stored as ${meta.width}x${meta.height}, ${bytes[1]} bytes`,
    );
    expect([meta.width, meta.height, meta.exif]).toEqual([
      WIDEST_PHOTO,
      Math.round((WIDEST_PHOTO * PHOTO.width) / PHOTO.height),
      undefined,
    ]);
    expect(existsSync(heic.replace(fx.dir, path.join(fx.content, 'images')))).toBe(false);
    // through the photo pipeline (what it makes of a photo is tests/build/images.test.ts)
    const r = await buildCopy();
    expect(r.photos.count).toBe(1);
    const blog = readFileSync(path.join(fx.out, 'blog.html'), 'utf8');
    expect(blog).toContain(`href="/blog/${POST.slug}"`);
    const post = readFileSync(path.join(fx.out, `blog/${POST.slug}.html`), 'utf8');
    expect(post).toMatch(/<h2[^>]*>Water deeply, not often<\/h2>/);
    expect(post).toContain(`href="${LINKED.path}"`);
    const cover = post.match(/<img [^>]*>/g)?.find((tag) => tag.includes(`alt="${POST.alt}"`));
    expect(cover).toMatch(/src="\/assets\/img\/young-maple[^"]*"/);
  }, 180_000);

  it("refuses a new post whose title gives another post's address, saying which post has it and what to do; retitled, it is saved at its own address and built", async () => {
    // a shorter title of a published post, which gives its address (as "Vancouver Tree Removal Permit Guide" would)
    const other = site.posts[0];
    const title = other.slug.replace(/(^|-)(\w)/g, (_, dash, c) => `${dash ? ' ' : ''}${c.toUpperCase()}`);
    expect(slugify(title)).toBe(other.slug);
    const retitled = `${title} for Stratas`;
    const theirs = fx.read(`blog/${other.slug}.md`);
    await startEditor();
    await open('blog/new');
    await fillIn({
      title,
      description: 'What a strata council needs before a tree on common property comes down.',
      summary: 'Permits, bylaws and who signs for a tree on common property.',
      published: '2025-08-02',
      modified: '2025-08-02',
      body: "## Who applies\n\nThe strata council applies, with the owners' approval where the bylaws ask for it.\n",
    });
    const says = `"${title}" gives the address /blog/${other.slug}, which content/blog/${other.slug}.md (Blog posts, ${other.slug}) has: this post would be saved at /blog/${other.slug}-1 instead; give it another title`;
    await press(page, 'Save');
    const refused = byRole('alertdialog', 'Not saved');
    await until(() => shownText(page, refused), 'the editor says why it did not save and what to do').toContain(says);
    await until(() => shownTexts(page, `${section('title')} [data-build-rule]`), 'the message is shown under the title').toEqual([
      expect.stringContaining(says),
    ]);
    expect(await readPrivateFile(page, `blog/${other.slug}-1.md`), 'nothing was saved').toBe('');
    await press(page, 'OK', refused);
    // the editor's own Edit Slug waits until an entry is saved: so the words say to change the title
    await press(page, 'Show Editor Options');
    const editSlug = byRole('menuitem', 'Edit Slug');
    await expect.poll(() => count(page, editSlug), { message: 'the menu offers Edit Slug' }).toBe(1);
    expect(await page.$eval(editSlug, (el) => el.matches('[aria-disabled="true"], :disabled'))).toBe(true);
    await page.keyboard.press('Escape');
    await (await field('title')).fill(retitled);
    await save(`blog/${slugify(retitled)}.md`, (text) => valueIn('x.md', text, 'title') === retitled);
    expect(await readPrivateFile(page, `blog/${other.slug}-1.md`)).toBe('');
    await buildCopy();
    expect(readFileSync(path.join(fx.out, 'blog.html'), 'utf8')).toContain(`href="/blog/${slugify(retitled)}"`);
    expect(fx.read(`blog/${other.slug}.md`), 'the other post is as it was').toBe(theirs);
  }, 120_000);

  it('creates a city and a service with its icon, and puts the city first: the build gives both a page, the city first; a job with a photo, its city and service chosen by name, shows on both pages', async () => {
    // a city: what the editor asks for, one service card, the map's search, a section of text
    await startEditor();
    await open('cities/new');
    await fillIn({
      name: CITY.name,
      title: `Tree Care in ${CITY.name}, BC`,
      description: `Tree removal, pruning and storm work in ${CITY.name}, from licensed arborists.`,
      lead: `Our crews work across ${CITY.name}: removals, pruning and stump grinding.`,
      cardSummary: `Removals and pruning across ${CITY.name}.`,
    });
    await press(page, add('Service cards'), section('serviceCards'));
    await choose('serviceCards.0.service', site.services[0].name);
    await fillIn({
      'serviceCards.0.text': `Removals on the big lots of ${CITY.name}.`,
      'map.query': `${CITY.name}, BC`,
      body: `## Trees in ${CITY.name}\n\nMostly alders and cedars along the creeks.\n`,
    });
    await save(`cities/${CITY.slug}.md`, (text) => valueIn('x.md', text, 'name') === CITY.name);
    // a service, with an icon from the site's set
    await open('services/new');
    await (await field('name')).fill(SERVICE.name);
    await choose('icon', ICON);
    await fillIn({
      title: `${SERVICE.name} in Metro Vancouver`,
      description: `${SERVICE.name} by licensed arborists.`,
      h1: SERVICE.name,
      lead: `We do ${SERVICE.name.toLowerCase()} across Metro Vancouver.`,
      summary: `${SERVICE.name} for trees that need it.`,
      'dialog.title': SERVICE.name,
      'closing.heading': `Need ${SERVICE.name.toLowerCase()}?`,
      'closing.text': 'Call us for a free written quote.',
      'closing.button.label': 'Get a Free Estimate',
    });
    await page.locator(`${section('closing.button.action')} ${byRole('radio', 'estimate')}`).click();
    await (await field('body')).fill(`## How it works\n\nWe look at the tree first.\n`);
    await save(`services/${SERVICE.slug}.md`, (text) => valueIn('x.md', text, 'icon') === ICON);
    // the order: the new city first, chosen in Business settings from the entries as they are now
    await open('settings/entries/site');
    await (await page.waitForSelector(section('cities')))!.scrollIntoView();
    // its first item's options brought to the middle, not under the list's sticky heading
    const options = await page.waitForSelector(`${section('cities')} ${byRole('button', 'List Item Options')}`);
    await options!.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await press(page, 'List Item Options', section('cities'));
    await page.locator(byRole('menuitem', 'Add Item Above')).click();
    await choose('cities.0', CITY.name);
    await save('site.yaml', (text) => (valueIn('site.yaml', text, 'cities') as string[] | undefined)?.[0] === CITY.slug);

    // a job in the new city (so a title no content uses), its city and service chosen by name, with a phone photo
    const job = JOB;
    await open('jobs/new');
    await fillIn({ title: job.title, date: '2026-10-21' });
    await choose('city', CITY.name);
    await choose('services', SERVICE.name);
    await (await field('neighbourhood')).fill('Test Hollow');
    await press(page, add('Photos'));
    const photo = path.join(fx.dir, `${CITY.slug}-alders.jpg`);
    writeFileSync(photo, await phonePhoto(11, { width: 1600, height: 1200 }));
    await upload('photos.0.src', photo);
    // the alt text only once the photo is made: meanwhile the editor's controls are held (a field filled then is lost)
    await photoTaken('photos.0.src', `${CITY.slug}-alders`);
    await fillIn({ 'photos.0.alt': job.alt, body: 'The alders leaned over the creek. We lowered them in sections and chipped the brush.' });
    await save(`jobs/${job.slug}.md`, (text) => valueIn('x.md', text, 'title') === job.title);
    // one build for all (the job takes nothing away from the city, the service or the order)
    const r = await buildCopy();
    const built = (p: string) => readFileSync(path.join(fx.out, fileForPath(p)), 'utf8');
    const [cityPath, servicePath] = [`/service-area/${CITY.slug}`, `/${SERVICE.slug}`];
    expect(r.site.cities[0].slug).toBe(CITY.slug);
    // each has its page (where else a city or a service added as a file shows: tests/build/areas.test.ts)
    for (const p of [cityPath, servicePath]) expect(built(p)).toContain(`<link rel="canonical" href="${business.origin}${p}"/>`);
    const cityPage = built(cityPath);
    expect(cityPage).toContain(job.title);
    expect(cityPage.match(/<img [^>]*>/g)?.find((tag) => tag.includes(`alt="${job.alt}"`))).toMatch(/src="\/assets\/img\/[\w-]+\.jpg"/);
    expect(built(servicePath)).toContain(job.title);
  }, 120_000);

  it("edits a service's FAQ answer and adds a question; the page's text around them is kept as the build reads it", async () => {
    const service = site.services.find((sv) => sv.faq.length > 0)!;
    const file = `services/${service.slug}.md`;
    const body = (text: string) => text.slice(text.indexOf('\n---\n', 4));
    const before = fx.read(file);
    const n = service.faq.length;
    const answer = 'Yes. We carry liability insurance and WorkSafeBC coverage on every job, and send the certificates with your quote.';
    const question = 'Do you haul away the wood, or can we keep some for firewood?';
    await startEditor();
    await open(`services/entries/${service.slug}`);
    await (await field('faq.0.a')).fill(answer);
    await press(page, add('Questions and answers (FAQ)'), section('faq'));
    await fillIn({
      [`faq.${n}.q`]: question,
      [`faq.${n}.a`]: 'Either: we chip and remove everything by default, and leave rounds stacked where you ask.',
    });
    await save(file, (text) => (valueIn(file, text, `faq.${n}.q`) as string | undefined) === question);

    // headings, numbered steps, tables and {{tokens}} as written
    expect(body(fx.read(file))).toBe(body(before));
    await buildCopy();
    const html = readFileSync(path.join(fx.out, fileForPath(service.path)), 'utf8');
    expect(html).toContain(answer);
    expect(html).toContain(question.replace("'", '&#x27;'));
    // and in its FAQPage data, as every FAQ is: tests/build/faq-jsonld.test.ts
  }, 120_000);

  it('books a visit from its booking address: its day and window come filled in, one Save writes content/visits/ a file of them alone, and the next build offers that window in neither form', async () => {
    // the first window a build of the copy offers now, as the office page's Book would open it
    const { site: now } = await fx.model();
    const offered = now.visits!.windows[0];
    const { date, window } = asBooking(now.visits!, offered);
    const file = `visits/${visitName(date, window)}.md`;
    await startEditor();
    current = `${file.split('/')[0]}/new`;
    await page.goto(`${server.url}${bookingPath(date, window)}`);
    await page.waitForSelector(byRole('button', 'Save'));
    await settled(page);
    expect(await (await field('date')).inputValue()).toBe(date);
    // the window's choice: one of site.yaml's, the booking's chosen
    const chosen = await page.$$eval(`${section('window')} [role=radio][aria-checked=true]`, (r) =>
      r.map((x) => (x as HTMLButtonElement).value),
    );
    expect(chosen).toEqual([window]);
    await save(file, (text) => text !== '');
    expect(docOf(file, fx.read(file)).data).toEqual({ date, window });
    await buildCopy();
    const forms = { contact: html('/', fx.out), estimate: estimateFile(html(SERVICE_PATHS[0], fx.out), fx.out) };
    for (const [form, page] of Object.entries(forms)) {
      expect(windowsIn(page).length, form).toBeGreaterThan(0);
      expect(
        windowsIn(page).map((w) => w.value),
        form,
      ).not.toContain(`${offered.words} (${offered.interval})`);
    }
  }, 120_000);

  it('marks a post as a draft: npm run dev shows it, and an open tab reloads itself after each save', async () => {
    const devOut = path.join(fx.dir, 'dev-dist');
    await startEditor();
    const dev = await startDevServer({ content: fx.content, static: fx.static, out: devOut });
    try {
      // npm run dev serves the editor for this checkout, without its live-reload script (a reload would lose its state)
      const admin = await (await fetch(`${dev.url}/admin/`)).text();
      expect(admin).toMatch(/<script src="\/admin\/sveltia-cms-[0-9a-f]+\.js"><\/script>/);
      expect(admin).not.toContain('__reload');

      // a tab on the post, open while it is saved
      const tab = await openTab();
      await tab.goto(`${dev.url}/blog/${POST.slug}`);
      await tab.waitForSelector('html[data-dev-reload="listening"]');
      await open(`blog/entries/${POST.slug}`);
      const retitled = `${POST.title}, Updated`;
      await (await field('title')).fill(retitled);
      await page.locator(`${section('draft')} [role=switch]`).click();
      // written into the checkout's content/, which the dev server watches
      await save(`blog/${POST.slug}.md`, (text) => valueIn('x.md', text, 'draft') === true);
      // once npm run dev has rebuilt the post, the open tab reloads itself
      await expect.poll(() => text(tab, 'h1'), { message: 'the open tab shows the rebuilt post', timeout: 60_000 }).toBe(retitled);
      expect(await (await fetch(`${dev.url}/blog`)).text()).toContain(`href="/blog/${POST.slug}"`);
    } finally {
      await dev.stop();
    }
    // what a normal build does with a draft: tests/build/cms.test.ts
  }, 180_000);

  // the last of the file, as it takes a page away: a delete through the editor's own buttons, the entry another needs
  // kept (the new service, which the new job names) and one others link to deleted (a city others link to stands for
  // every delete the build warns of: the other rows of tests/support/mistakes.ts, built, are tests/build/mistakes.test.ts)
  it('keeps a service a job names, saying which entries need it; deletes a city others link to, saying what becomes of the links: the site still builds, warning of them', async () => {
    const confirm = '::-p-aria([role="alertdialog"])';
    const fromMenu = async (item: string) => {
      await press(page, 'Show Editor Options');
      await page.locator(byRole('menuitem', `${item} Entry`)).click();
    };
    await startEditor();
    await open(`services/entries/${SERVICE.slug}`);
    await fromMenu('Delete');
    await until(() => shownText(page, confirm)).toMatch(new RegExp(`can.t be deleted[^]*Update those entries first\\.\\n.*${JOB.title}`));
    expect(await page.$eval(`${confirm} ${byRole('button', 'Delete')}`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await press(page, 'Cancel', confirm);
    const row = MISTAKES.find((m) => m.id === 'deleted-city')!;
    const [file] = row.deletes!;
    await open(file.replace(/^(\w+)\/(.+)\.md$/, '$1/entries/$2'));
    await fromMenu('Delete');
    await until(() => shownText(page, confirm)).toMatch(/lead to the list it was on/);
    await press(page, 'Delete', confirm);
    await until(() => readPrivateFile(page, file), `${file} is deleted`).toBe('');
    await until(() => page.url()).toMatch(/#\/collections\/[^/]+$/); // back on its list, as the editor goes
    // what the editor left, built (content/ emptied first: a deleted file is not read back)
    rmSync(fx.content, { recursive: true });
    await readPrivateFolder(page, fx.content);
    const { warnings } = await buildCopy();
    expect(warnings).toEqual(expect.arrayContaining([expect.stringContaining(row.warned!.says)]));
  }, 120_000);
});
