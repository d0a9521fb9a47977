// The editor at /admin/ (Sveltia CMS), driven through its own interface in Chromium, offline, on a copy of content/:
// served with the built _headers (so under its own CSP), working on the local folder as npm run dev offers it. What it
// saves is read back to disk and built by the real build.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yaml from 'js-yaml';
import { build, fileForPath } from '../../generator/build-site.ts';
import { launch, openPage } from '../support/browser.ts';
import { pickPrivateFolder, readPrivateFolder, seedPrivateFolder } from '../support/cms.ts';
import { startDevServer } from '../support/dev-server.ts';
import { business, ROUTES, site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { phonePhoto } from '../support/photos.ts';
import { serve } from '../support/server.ts';
import { allFiles } from '../support/site.ts';

const fx = new Fixture();
let browser: Browser;
let page: Page & { errors: string[] };
let server: { url: string; close: () => Promise<void> };

// Names the content does not use (checked below), so the test holds for any company's content.
const NEW_PHONE = { shown: '(236) 555-0177', dialled: '+12365550177' };
const POST = {
  title: 'Caring for Young Maples Through a Dry Summer',
  slug: 'caring-for-young-maples-through-a-dry-summer',
  alt: 'A young maple with a ring of mulch around its trunk',
};

async function buildCopy(out = fx.out, extra = {}) {
  return build({ content: fx.content, static: fx.static, out, quiet: true, year: 2026, localEditor: true, ...extra });
}

/** Opens an entry (or a new one) of a collection in the editor. */
async function open(hash: string) {
  await page.goto(`${server.url}/admin/#/collections/${hash}`);
  await page.getByRole('button', { name: 'Save' }).waitFor();
}

/** Saves, waits until the editor says so, and copies what it wrote back into the fixture's content/. */
async function save() {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(/saved/i).first().waitFor({ timeout: 15_000 });
  await page.getByRole('button', { name: /Saving/ }).waitFor({ state: 'detached' }); // the toast can come first
  await readPrivateFolder(page, fx.content);
}

/** The input of a field, by its key path in the file (`business.phone`, `faq.0.a`): the schema's own names. */
const field = (keyPath: string) => page.locator(`section[data-key-path="${keyPath}"]`).locator('input:not([type=file]), textarea').first();

/** The files of a folder as text, by name. */
function texts(dir: string): Map<string, string> {
  return new Map(allFiles(dir).map((f) => [path.relative(dir, f), readFileSync(f, 'utf8')]));
}

beforeAll(async () => {
  const everything = allFiles(fx.content)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  for (const name of [NEW_PHONE.shown, NEW_PHONE.dialled, POST.title, POST.slug]) expect(everything).not.toContain(name);
  await buildCopy();
  server = await serve(fx.out, { withHeaders: true });
  browser = await launch();
  page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await pickPrivateFolder(page);
  await page.goto(`${server.url}/admin/`);
  await seedPrivateFolder(page, fx.content);
  await page.getByRole('button', { name: 'Work with Local Repository' }).click();
  await page.getByText('Business settings').first().waitFor();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  fx.remove();
});

describe('the editor at /admin/, on the local folder', () => {
  it('changes the phone in the business settings, and the next build shows the new number on every page', async () => {
    const before = fx.read('site.yaml');
    await open('settings/entries/site');
    await field('business.phone').fill(NEW_PHONE.shown);
    await field('business.phoneE164').fill(NEW_PHONE.dialled);
    await save();

    // nothing else in the file changed: the two lines, and the model but for the phone
    const after = fx.read('site.yaml');
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed.map((l) => l.trim().split(':')[0])).toEqual(['phone', 'phoneE164']);
    expect(after.split('\n')).toHaveLength(before.split('\n').length);
    const data = yaml.load(after) as any;
    expect(data.business).toMatchObject({ phone: NEW_PHONE.shown, phoneE164: NEW_PHONE.dialled });
    Object.assign(data.business, { phone: business.phone, phoneE164: business.phoneE164 });
    expect(data).toEqual(yaml.load(before));

    await buildCopy();
    // every page of the route table (redirect stubs hold no phone)
    expect(ROUTES.length).toBeGreaterThan(site.cities.length);
    for (const f of ROUTES.map(fileForPath)) {
      const html = readFileSync(path.join(fx.out, f), 'utf8');
      expect(html.includes(`tel:${NEW_PHONE.dialled}`), f).toBe(true);
      expect(html.includes(business.phoneE164) || html.includes(business.phone), f).toBe(false);
    }
  });

  it('adds a blog post with a heading, a link and an uploaded cover photo with alt text: it builds, is on /blog, and its photo is encoded', async () => {
    await open('blog/new');
    await field('title').fill(POST.title);
    await field('description').fill('How much water a young maple needs in a dry Metro Vancouver summer, and when to call an arborist.');
    await field('summary').fill('Watering, mulch and the signs of drought stress in young maples.');
    await field('published').fill('2025-07-14');
    await field('modified').fill('2025-07-15');
    await field('body').fill(
      '## Water deeply, not often\n\nA slow soak once a week beats a daily sprinkle. If a limb dies back, see our [pruning service](/tree-trimming).\n',
    );
    const photo = path.join(fx.dir, 'young-maple.jpg');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(photo, await phonePhoto(7, { width: 1600, height: 1200 }));
    await page.locator('section[data-key-path="image"] input[type=file]').first().setInputFiles(photo);
    await field('imageAlt').fill(POST.alt);
    await save();

    const text = fx.read(`blog/${POST.slug}.md`);
    expect(text).toMatch(/^image: \/images\/young-maple[\w.-]*\.jpg$/m);
    expect(text).toContain('## Water deeply, not often');
    const r = await buildCopy();
    // through the photo pipeline: encoded (now or by an earlier run, from the cache) into every format
    expect(r.photos.count).toBe(1);
    const encoded = allFiles(path.join(fx.out, 'assets/img')).map((f) => path.basename(f));
    for (const ext of ['avif', 'webp', 'jpg'])
      expect(
        encoded.some((f) => f.startsWith('young-maple') && f.endsWith(`.${ext}`)),
        ext,
      ).toBe(true);
    const blog = readFileSync(path.join(fx.out, 'blog.html'), 'utf8');
    expect(blog).toContain(`href="/blog/${POST.slug}"`);
    const post = readFileSync(path.join(fx.out, `blog/${POST.slug}.html`), 'utf8');
    expect(post).toMatch(/<h2[^>]*>Water deeply, not often<\/h2>/);
    expect(post).toContain('href="/tree-trimming"');
    const cover = post.match(/<img [^>]*>/g)?.find((tag) => tag.includes(`alt="${POST.alt}"`));
    expect(cover).toMatch(/src="\/assets\/img\/young-maple[^"]*"/);
    expect(post).toContain('type="image/avif"');
  });
});
