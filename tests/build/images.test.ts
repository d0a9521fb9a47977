// The company's photos, from a phone's 4000x3000 JPEG (on its side, with EXIF orientation and GPS) to what a visitor
// downloads: <picture> markup, formats, widths, dimensions, lazy or eager, no metadata, the cache, the budgets and every
// mistake a maintainer can make with a photo file (the rest are in tests/support/mistakes.ts). The browser side (which file Chromium picks, no layout shift) is in tests/browser/images.test.ts.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../generator/build-site.ts';
import { exact, IMAGE_SETTINGS } from '../../generator/images.ts';
import { SIZES } from '../../templates/picture.ts';
import { ORIGIN, site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { testFixture } from '../support/test-fixture.ts';
import { casePhoto, hasCameraData, newestPost, phonePhoto, PHOTO_CASES, photoFixture, PLACED } from '../support/photos.ts';
import { photoSizeProblem } from '../../generator/photo-files.ts';
import { html, jsonLd } from '../support/site.ts';
import { firstVisitBytes, phonePicks, PHOTO_BUDGET } from '../support/weight.ts';
import { snapshot } from '../support/files.ts';
import { $, $$, attr, parseHtml, text, type AnyNode, type Element } from '../support/html.ts';

let fx: Fixture;
let cold: BuildResult;
let rebuilt: BuildResult;
let kept: Record<string, string>;
let postPath: string;
const page = (urlPath: string) => html(urlPath, fx.out);
const pictures = (page: string) => $$('picture', parseHtml(page));
const img = (scope: Element) => $('img', scope)!;
const imgFiles = () => readdirSync(path.join(fx.out, 'assets/img'));
/** The photos the second build changes or adds: the body photo, and one file under two names. */
const NEW = [path.basename(PLACED.body.image, '.jpg'), 'before', 'after'];
const isNew = (file: string) => NEW.some((name) => file.startsWith(`${name}-`));
/** The built files of every other photo, by name and hash. */
const others = () => Object.fromEntries(Object.entries(snapshot(path.join(fx.out, 'assets/img'))).filter(([f]) => !isNew(f)));

// Built twice with one cache. The second time the body photo is another, smaller one, and the service page shows one
// more file under two names (both upright 960x1280 and 480x640: the proportions of the others), so the second build
// shows what the cache keeps and what it encodes anew.
beforeAll(async () => {
  fx = await photoFixture();
  cold = await fx.build({ imageCache: path.join(fx.dir, 'cache') });
  kept = others();
  writeFileSync(fx.file(PLACED.body.image.slice(1)), await phonePhoto(9, { width: 1280, height: 960 }));
  const twin = await phonePhoto(5, { width: 640, height: 480 });
  for (const name of ['before', 'after']) writeFileSync(fx.file(`images/${name}.jpg`), twin);
  const twins = '\n![A hedge before trimming](/images/before.jpg)\n\n![The same hedge](/images/after.jpg)\n\n## ';
  fx.edit(`services/${PLACED.service.slug}.md`, /\n## (?![^]*\n## )/, twins); // before the last section, after the captioned photo
  rebuilt = await fx.build({ imageCache: path.join(fx.dir, 'cache') });
  postPath = `/blog/${path.basename(newestPost(fx), '.md')}`;
}, 480_000); // three phone photos encoded in every size and format, and one again: minutes on a busy machine
afterAll(() => fx?.remove());

/** A meta tag's content, by its name or property. */
const meta = (doc: AnyNode, key: string) => attr($(`meta[name="${key}"], meta[property="${key}"]`, doc)!, 'content');

describe('markup', () => {
  it('gives a service page a hero photo: AVIF, WebP, a JPEG fallback, real dimensions, fetched first and never lazy', () => {
    const doc = parseHtml(page(`/${PLACED.service.slug}`));
    const hero = $('section.page-hero.page-hero--media picture', doc)!;
    expect($$('source', hero).map((s) => attr(s, 'type'))).toEqual(['image/avif', 'image/webp']);
    expect(attr(img(hero), 'src')).toMatch(/^\/assets\/img\/crew-on-ropes-[0-9a-f]{8}-801\.jpg$/);
    // orientation 6: the 4000x3000 file shows upright, 3000 wide and 4000 high
    const attrs = ['width', 'height', 'alt', 'fetchpriority', 'loading', 'sizes'];
    expect(attrs.map((a) => attr(img(hero), a))).toEqual(['3000', '4000', PLACED.service.alt, 'high', null, SIZES.hero]);
  });

  it('lists every width up to the original, never upscaled, and every listed file exists', () => {
    const [hero] = pictures(page(`/${PLACED.service.slug}`));
    for (const el of $$('[srcset]', hero)) {
      const candidates = attr(el, 'srcset')!
        .split(', ')
        .map((c) => c.split(' '));
      // all below the 3000 px original, each moved to the nearest multiple of 3, where a 3:4 photo has a whole height
      expect(candidates.map(([, w]) => w)).toEqual(['399w', '801w', '1200w', '1599w']);
      expect(IMAGE_SETTINGS.widths.map(exact(3000, 4000))).toEqual([399, 801, 1200, 1599]);
      for (const [url] of candidates) expect(statSync(path.join(fx.out, url)).size).toBeGreaterThan(0);
    }
  });

  it('makes a captioned body photo a lazy <figure> with its caption, outside any paragraph', () => {
    const doc = parseHtml(page(`/${PLACED.service.slug}`));
    const [figure] = $$('figure.figure', doc);
    expect([$$('picture', figure).length, text($('figcaption', figure))]).toEqual([1, PLACED.body.caption]);
    const attrs = ['loading', 'decoding', 'alt', 'sizes'].map((a) => attr(img(figure), a));
    expect(attrs).toEqual(['lazy', 'async', PLACED.body.alt, SIZES.body]);
    expect($$('p figure', doc)).toEqual([]);
  });

  it("puts a post's cover at its top (eager) and on its /blog card (lazy); a body photo without a caption is a bare picture", () => {
    const doc = parseHtml(page(postPath));
    const [cover, inBody] = pictures(page(postPath));
    expect(attr(img(cover), 'fetchpriority')).toBe('high');
    expect(attr(img(inBody), 'loading')).toBe('lazy');
    expect($$('figure.figure img', doc).filter((i) => attr(i, 'alt') === PLACED.post.alt)).toEqual([]);
    const card = $('li.post-card--media', parseHtml(page('/blog')))!;
    expect(['loading', 'sizes', 'alt'].map((a) => attr(img(card), a))).toEqual(['lazy', SIZES.card, PLACED.post.alt]);
  });

  it("makes the hero the page's share image, a 1200x630 crop with its alt text, and the image of its structured data", async () => {
    for (const [urlPath, alt, type] of [
      [`/${PLACED.service.slug}`, PLACED.service.alt, 'Service'],
      [postPath, PLACED.post.alt, 'BlogPosting'],
    ]) {
      const doc = parseHtml(page(urlPath));
      const og = meta(doc, 'og:image')!;
      expect(og).toMatch(new RegExp(`^${ORIGIN}/assets/img/[a-z-]+-[0-9a-f]{8}-og\\.jpg$`));
      expect([meta(doc, 'og:image:alt'), meta(doc, 'twitter:image:alt')]).toEqual([alt, alt]);
      const { width, height } = await sharp(path.join(fx.out, new URL(og).pathname)).metadata();
      expect([width, height]).toEqual([1200, 630]);
      expect(jsonLd(page(urlPath)).find((d) => d['@type'] === type)!.image).toBe(og);
    }
  });

  it('gives every other page the social card with its description', () => {
    const doc = parseHtml(page('/about'));
    const { alt } = site.socialCard;
    expect(['og:image', 'og:image:alt', 'twitter:image:alt'].map((k) => meta(doc, k))).toEqual([`${ORIGIN}/social-card.png`, alt, alt]);
  });
});

describe('files', () => {
  it('are AVIF, WebP and JPEG as named, at the width in their name, in the original proportions', async () => {
    const formats: Record<string, string> = { avif: 'heif', webp: 'webp', jpg: 'jpeg' };
    for (const f of imgFiles().filter((f) => !f.endsWith('-og.jpg'))) {
      const [, w, ext] = f.match(/-(\d+)\.(\w+)$/)!;
      const meta = await sharp(path.join(fx.out, 'assets/img', f)).metadata();
      // exactly the proportions the markup states
      expect([meta.format, meta.width, meta.height], f).toEqual([formats[ext], Number(w), (Number(w) * 4000) / 3000]);
    }
  });

  it('carry no metadata: no EXIF, no GPS position, no camera, no orientation', async () => {
    const source = readFileSync(fx.file(PLACED.service.image.slice(1)));
    expect(await hasCameraData(source)).toBe(true); // the phone's file does
    for (const f of imgFiles()) {
      const file = path.join(fx.out, 'assets/img', f);
      expect(await hasCameraData(file), f).toBe(false);
      expect((await sharp(file).metadata()).orientation, f).toBeUndefined();
    }
  });
});

describe('cache', () => {
  it('encodes every variant once, then only those of a photo that changed or came: the others are the same files, byte for byte', () => {
    const perPhoto = IMAGE_SETTINGS.widths.length * 3 + 1; // three formats per width, and the share crop
    expect(cold.photos).toEqual({ count: 3, encoded: 3 * perPhoto });
    expect(rebuilt.photos).toEqual({ count: 5, encoded: imgFiles().filter(isNew).length });
    expect(others()).toEqual(kept);
  });

  it('gives two names for the same photo each their own files', () => {
    const files = imgFiles();
    for (const name of ['before', 'after']) expect(files.filter((f) => f.startsWith(`${name}-`)).length, name).toBeGreaterThan(0);
    const doc = parseHtml(page(`/${PLACED.service.slug}`));
    const shown = $$('main img', doc).map((i) => attr(i, 'src')!);
    for (const name of ['before', 'after'])
      expect(
        shown.some((src) => src.startsWith(`/assets/img/${name}-`)),
        name,
      ).toBe(true);
  });
});

describe('budgets', () => {
  it('a page with a hero photo stays within 80 KB brotli for a first visit on a phone', () => {
    for (const urlPath of [`/${PLACED.service.slug}`, postPath]) {
      const { bytes, assets } = firstVisitBytes(fx.out, urlPath);
      expect(assets.filter((a) => a.startsWith('/assets/img/'))).toEqual([expect.stringMatching(/-801\.avif$/)]);
      console.log(`${urlPath}: ${bytes} B with its hero`);
      expect(bytes).toBeLessThanOrEqual(PHOTO_BUDGET);
    }
  });

  it('no photo a phone downloads is over 250 KB', () => {
    const htmlFiles = readdirSync(fx.out, { recursive: true }).filter((f) => String(f).endsWith('.html'));
    const picked = htmlFiles.flatMap((f) => phonePicks(readFileSync(path.join(fx.out, String(f)), 'utf8')).map((p) => p.url));
    expect(picked.length).toBeGreaterThanOrEqual(5);
    for (const url of new Set(picked)) expect(statSync(path.join(fx.out, url)).size, url).toBeLessThanOrEqual(250 * 1024);
  });
});

/** Text as a regular expression that matches it literally. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const green = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#080' } });
const BAD = [
  ['an unreadable file', 'broken.jpg', async () => Buffer.from('not a photo at all'), /cannot be read as an image/],
  ['an unsupported format', 'animation.gif', () => green(8, 8).gif().toBuffer(), /is not a photo the site can use/],
  // the photos staff may choose over the build's limit, as they come: the editor stores them smaller (PHOTO_CASES)
  ...PHOTO_CASES.filter((c) => photoSizeProblem(c.width, c.height)).map(
    (c) =>
      [c.what, c.name.toLowerCase().replaceAll(' ', '-'), () => casePhoto(c), literally(photoSizeProblem(c.width, c.height)!)] as const,
  ),
] as const;
// each bad file on a service page of its own, in the second check; the first service's photo is a good one
const [good, ...services] = site.services.slice(0, BAD.length + 1).map((s) => `services/${s.slug}.md`);
const withImage = (f: Fixture, file: string, image: string, alt: string) =>
  f.edit(file, /^name: /m, `image: /images/${image}\nimageAlt: ${alt}\nname: `);
/** Exactly these, in any order. */
const exactly = (found: unknown[], expected: unknown[]) => {
  expect(found).toHaveLength(expected.length);
  expect(found).toEqual(expect.arrayContaining(expected));
};

it(`a photo the site cannot use (${BAD.map(([what]) => what).join(', ')}): a warning while no page shows it, an error naming the file and the field once one does; imageAlt: "" is the decorative choice`, async () => {
  const f = testFixture();
  mkdirSync(f.file('images'), { recursive: true });
  for (const [, name, make] of BAD) writeFileSync(f.file(`images/${name}`), await make());
  writeFileSync(f.file('images/decorative.jpg'), await phonePhoto(3, { width: 960, height: 720, orientation: 1 })); // as large as a hero needs: no warning
  withImage(f, good, 'decorative.jpg', '""'); // the editor leaves an empty field out: "" is written only on purpose
  exactly(
    (await f.check()).warnings,
    BAD.map(([, name, , problem]) => expect.stringMatching(new RegExp(`content/images/${name.replace('.', '\\.')}: ${problem.source}`))),
  );
  BAD.forEach(([, name], i) => withImage(f, services[i], name, 'A crew'));
  exactly(
    (await f.check()).errors,
    BAD.map(([, , , problem], i) => ({ file: `content/${services[i]}`, field: 'image', problem: expect.stringMatching(problem) })),
  );
}, 120_000);
