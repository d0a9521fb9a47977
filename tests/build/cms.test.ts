// The editor at /admin/ as the build makes it: its configuration derived from the content schemas (every field, the
// matching widget, required flag, pattern, options and hint), its own files and CSP, and nothing of it in the public
// site. Drafts and scheduled posts, which the editor offers, as the build treats them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BuildFailed, siteModel, type BuildResult } from '../../generator/build-site.ts';
import { editorConfig, fieldsOf, jsonSchema, LOCAL_ONLY_REPO, type EditorField } from '../../editor/build/config.ts';
import { todayIn } from '../../generator/time.ts';
import { editorSecurityPolicy, contentSecurityPolicy } from '../../generator/host-files.ts';
import { kinds, registry, type Collection as FolderKind, type Single, type Slugs } from '../../templates/model/kinds.ts';
import { hint } from '../../templates/model/kind.ts';
import { DELIVERIES, siteSchema } from '../../templates/model/schemas.ts';
import { OFFICE_PATH, SERVICE_ICONS } from '../../templates/model/constants.ts';
import { Fixture } from '../support/fixture.ts';
import { site } from '../support/facts.ts';
import { readTree } from '../support/files.ts';
import { headersFor, parseHeadersFile } from '../support/server.ts';
import { allFiles, siteDir } from '../support/site.ts';
import { $, $$, attr, parseHtml } from '../support/html.ts';

const config = editorConfig(site) as { backend: Record<string, string>; collections: Collection[] };
interface Collection {
  name: string;
  folder?: string;
  fields?: EditorField[];
  files?: { name: string; file: string; fields: EditorField[] }[];
}
const collection = (name: string) => config.collections.find((c) => c.name === name)!;
const slugConfig: Slugs = { cities: site.cities.map((c) => c.slug), services: site.services.map((s) => s.slug) };

/** Every key path a JSON Schema describes (`faq.*.q` for list items). */
function schemaPaths(s: ReturnType<typeof jsonSchema>, prefix = ''): string[] {
  return Object.entries(s.properties ?? {}).flatMap(([k, f]) => {
    const p = `${prefix}${k}`;
    const item = f.items?.properties ? schemaPaths(f.items, `${p}.*.`) : [];
    return [p, ...item, ...(f.properties ? schemaPaths(f, `${p}.`) : [])];
  });
}
/** Every key path of a list of CMS fields, the same way. */
function fieldPaths(fields: EditorField[], prefix = ''): string[] {
  return fields.flatMap((f) => {
    const p = `${prefix}${f.name}`;
    const inner = f.fields ? fieldPaths(f.fields, f.widget === 'list' ? `${p}.*.` : `${p}.`) : [];
    return [p, ...inner];
  });
}
const find = (fields: EditorField[], keyPath: string): EditorField =>
  keyPath.split('.').reduce<EditorField>((f, k, i) => (i === 0 ? fields : f.fields!).find((x) => x.name === k)!, undefined as never);

describe('the editor configuration, generated from the schemas', () => {
  it('has a field for every field of every schema, and nothing else (but the Markdown body)', () => {
    const all = Object.values(registry);
    const bodiless = (fields: EditorField[]) => fieldPaths(fields).filter((p) => p !== 'body');
    for (const k of all.filter((k): k is FolderKind => k.type === 'collection'))
      expect(bodiless(collection(k.folder).fields!), k.folder).toEqual(schemaPaths(jsonSchema(k.schema(slugConfig, site))));
    for (const kind of all.filter((k): k is Single => k.type === 'single')) {
      const entry = collection('pages').files!.find((f) => f.file === `content/${kind.file}`)!;
      expect(entry, kind.file).toBeDefined();
      expect(bodiless(entry.fields), kind.file).toEqual(schemaPaths(jsonSchema(kind.schema(slugConfig, site))));
      expect(fieldPaths(entry.fields).includes('body'), kind.file).toBe(kind.body === true);
    }
    const settings = collection('settings').files![0];
    expect(settings.file).toBe('content/site.yaml');
    expect(fieldPaths(settings.fields)).toEqual(schemaPaths(jsonSchema(siteSchema)));
  });

  it('shows a field added to a schema, with its widget, bounds, required flag and hint, with no other change', () => {
    const extended = kinds.service
      .schema(slugConfig, site)
      .extend({ crewSize: hint(z.number().int().min(2).max(6), 'How many climbers and groundworkers the job usually takes.') });
    const added = fieldsOf(jsonSchema(extended)).at(-1)!;
    expect(added).toMatchObject({
      name: 'crewSize',
      label: 'Crew size',
      widget: 'number',
      value_type: 'int',
      min: 2,
      max: 6,
      required: true,
    });
    expect(added.hint).toBe('How many climbers and groundworkers the job usually takes.');
  });

  it('offers only what the build accepts: slugs of the site, the deliveries, dates, patterns', () => {
    const services = collection('services').fields!;
    const cities = collection('cities').fields!;
    const posts = collection('blog').fields!;
    const settings = collection('settings').files![0].fields;
    // a city or a service is chosen among the editor's entries as they are now (one created a minute ago included),
    // and saved as its slug, the file name the build checks it against
    const relation = (collectionName: string) => ({ widget: 'relation', collection: collectionName, value_field: '{{slug}}' });
    expect(find(cities, 'serviceCards.service')).toMatchObject({ ...relation('services'), required: true });
    expect(find(cities, 'nearby')).toMatchObject({ ...relation('cities'), multiple: true });
    const jobs = collection('jobs').fields!;
    expect(find(jobs, 'city')).toMatchObject({ ...relation('cities'), required: true });
    expect(find(jobs, 'services')).toMatchObject({ ...relation('services'), multiple: true, min: 1 });
    for (const c of ['cities', 'services']) expect(collection(c)).toMatchObject({ identifier_field: 'name' }); // what a relation shows
    expect(find(jobs, 'photos')).toMatchObject({ widget: 'list', min: 1, max: 4 });
    expect(find(jobs, 'photos.src')).toMatchObject({ widget: 'image', required: true });
    expect(find(jobs, 'photos.alt')).toMatchObject({ required: true });
    expect(find(jobs, 'photos.label')).toMatchObject({ widget: 'select', options: ['before', 'after'], required: false });
    expect(find(jobs, 'date')).toMatchObject({ widget: 'datetime', type: 'date', format: 'YYYY-MM-DD', required: true });
    expect(find(jobs, 'body')).toMatchObject({ widget: 'markdown', label: 'Story' });
    expect(collection('jobs')).toMatchObject({ folder: 'content/jobs', create: true, delete: true });
    // a service chooses its icon from the site's own set
    expect(find(services, 'icon')).toMatchObject({ widget: 'select', options: [...SERVICE_ICONS], default: 'leaf', required: false });
    expect(find(settings, 'forms.delivery')).toMatchObject({ widget: 'select', options: [...DELIVERIES], default: 'simulate' });
    for (const key of ['published', 'modified'])
      expect(find(posts, key)).toMatchObject({ widget: 'datetime', type: 'date', format: 'YYYY-MM-DD', required: true });
    expect(find(posts, 'draft')).toMatchObject({ widget: 'boolean', default: false, required: false });
    const phone = find(settings, 'business.phoneE164');
    expect(new RegExp(phone.pattern![0].slice(1, -1)).test(site.business.phoneE164)).toBe(true);
    expect(new RegExp(phone.pattern![0].slice(1, -1)).test('604-555-0123')).toBe(false);
    // the storm alert: optional, its times as the phone's date-and-time picker writes them, which the build reads
    expect(find(settings, 'alert')).toMatchObject({ widget: 'object', required: false, hint: expect.stringMatching(/From a phone/) });
    for (const key of ['alert.start', 'alert.end'])
      expect(find(settings, key)).toMatchObject({ widget: 'datetime', format: 'YYYY-MM-DDTHH:mm', required: true });
    expect(find(settings, 'alert.link')).toMatchObject({ widget: 'string', required: false });
    expect(find(services, 'faq.q')).toMatchObject({ widget: 'string', required: true });
    expect(find(services, 'startingPrice')).toMatchObject({ widget: 'number', min: 1, required: false });
    // the orders of cities and services: optional lists of the editor's entries (a file alone makes a page)
    for (const key of ['cities', 'services'] as const) {
      expect(find(settings, key)).toMatchObject({ widget: 'list', required: false, field: { ...relation(key), required: true } });
      expect(find(settings, key)).not.toHaveProperty('min');
    }
    for (const c of ['services', 'cities']) expect(collection(c), c).toMatchObject({ create: true, delete: true, slug: '{{slug}}' });
    expect(collection('blog')).toMatchObject({ create: true });
  });

  it("offers a booked visit's day and, as a select, the windows site.yaml gives (nothing else of it), names its file from both, and lists the upcoming first, by day, the past a view away", () => {
    const visits = config.collections.find((c) => c.folder === `content/${kinds.visit.folder}`) as Collection & Record<string, unknown>;
    expect(visits).toMatchObject({ name: kinds.visit.folder, create: true, delete: true, slug: '{{fields.date}}-{{fields.window}}' });
    expect(visits.fields!.map((f) => f.name)).toEqual(['date', 'window']);
    expect(find(visits.fields!, 'date')).toMatchObject({ widget: 'datetime', type: 'date', format: 'YYYY-MM-DD', required: true });
    const windows = [...new Set(site.visits!.weekdays.flatMap((g) => g.windows))];
    expect(find(visits.fields!, 'window')).toMatchObject({ widget: 'select', required: true });
    expect([...find(visits.fields!, 'window').options!].sort()).toEqual(windows.sort());
    expect(visits.sortable_fields).toEqual({ fields: ['date'], default: { field: 'date', direction: 'ascending' } });
    const views = visits.view_filters as { filters: { name: string; field: string; gte?: string; lt?: string }[]; default: string };
    expect(views.filters.find((f) => f.name === views.default)).toMatchObject({ field: 'date', gte: '{{today}}' });
    expect(views.filters).toContainEqual(expect.objectContaining({ field: 'date', lt: '{{today}}' }));
    expect(visits.description).toMatch(/name, phone and address/);
    expect(visits).not.toHaveProperty('preview_path'); // no page shows a booked visit
  });

  it('pairs every photo field with its alt text, and uploads photos to content/images/ as /images/...', () => {
    expect(config).toMatchObject({ media_folder: 'content/images', public_folder: '/images' });
    for (const name of ['services', 'cities', 'blog']) {
      const keys = collection(name).fields!.map((f) => f.name);
      expect(keys.indexOf('imageAlt'), name).toBe(keys.indexOf('image') + 1);
      expect(find(collection(name).fields!, 'image').widget).toBe('image');
      expect(find(collection(name).fields!, 'imageAlt').hint).toMatch(/people who cannot see it/);
    }
  });

  it("carries in its hints what site.yaml's comments and the README said", () => {
    const settings = collection('settings').files![0].fields;
    expect(find(settings, 'business.phone').hint).toMatch(/\{\{phone\}\}.*only place/);
    expect(find(settings, 'business.phoneE164').hint).toMatch(/as a phone dials it/);
    expect(find(settings, 'cities').hint).toMatch(/\{\{cityCount\}\}/);
    expect(find(settings, 'forms.dialogPreselect').hint).toMatch(/preselected/);
    expect(find(settings, 'timing.sendTimeout').hint).toMatch(/told it failed/);
    expect(find(collection('blog').fields!, 'body').hint).toMatch(/\{\{cityCount\}\}.*\/images\/name\.jpg/s);
    expect(find(collection('blog').fields!, 'published').hint).toMatch(/still to come schedules it/);
    // every field of every kind of page says what it is for
    for (const c of config.collections)
      for (const fields of c.fields ? [c.fields] : c.files!.map((f) => f.fields))
        for (const f of fields) expect(f.hint, `${c.name}: ${f.name}`).toBeTruthy();
  });

  it("links each entry to its page on the site (the editor's View on Live Site, or a deploy preview of it)", () => {
    const link = (c: string, slug: string) => (collection(c) as { preview_path?: string }).preview_path?.replace('{{slug}}', slug);
    for (const [c, entries] of [
      ['services', site.services],
      ['cities', site.cities],
      ['blog', site.posts],
    ] as const)
      for (const e of entries) expect(link(c, e.slug), c).toBe(e.path);
  });

  it('saves to the repository site.yaml names, or works on the local checkout only', () => {
    expect(config.backend.repo).toBe(site.cms?.repo ?? LOCAL_ONLY_REPO);
    const connected = editorConfig({
      ...site,
      cms: { repo: 'example-owner/example-site', branch: 'main', authUrl: 'https://auth.example.org' },
    });
    expect(connected.backend).toEqual({
      name: 'github',
      repo: 'example-owner/example-site',
      branch: 'main',
      base_url: 'https://auth.example.org',
    });
  });
});

describe('/admin/ in a build', () => {
  // against the shared build of the same content (tests/support/global-setup.ts), built with the same options
  const plain = { out: siteDir() };
  const connected = new Fixture();
  let built: { connected: BuildResult };
  beforeAll(async () => {
    connected.editSite((s) => (s.cms = { repo: 'example-owner/example-site' }));
    built = { connected: await connected.build({ simulateForms: true, year: undefined }) };
  }, 120_000);
  afterAll(() => connected.remove());
  const files = (fx: { out: string }) => readTree(fx.out);

  it('is built once site.yaml names the repository (cms:), and not before (but the office page, built with every site that has visits)', () => {
    expect([...files(plain).keys()].filter((f) => f.startsWith('admin') && !f.startsWith(OFFICE_PATH.slice(1)))).toEqual([]);
    const admin = [...files(connected).keys()].filter((f) => f.startsWith('admin/')).sort();
    expect(admin).toEqual(
      expect.arrayContaining([
        'admin/config.yml',
        'admin/index.html',
        'admin/material-symbols-outlined.woff2',
        'admin/noto-mono.woff2',
        'admin/source-sans-3.woff2',
      ]),
    );
    expect(admin.some((f) => /^admin\/sveltia-cms-[0-9a-f]{10}\.js$/.test(f))).toBe(true);
    const page = parseHtml(readFileSync(path.join(connected.out, 'admin/index.html'), 'utf8'));
    expect(attr($('meta[name=robots]', page)!, 'content')).toBe('noindex, nofollow');
    const script = $$('script[src]', page)
      .map((s) => attr(s, 'src')!)
      .find((src) => /^\/admin\/sveltia-cms-[0-9a-f]+\.js$/.test(src))!
      .slice('/admin/'.length);
    const code = readFileSync(path.join(connected.out, 'admin', script), 'latin1');
    expect(code).not.toMatch(/cdn\.jsdelivr\.net\/fontsource/); // its fonts come from dist/admin/
    const built = yaml.load(readFileSync(path.join(connected.out, 'admin/config.yml'), 'utf8')) as { backend: { repo: string } };
    expect(built.backend.repo).toBe('example-owner/example-site');
  });

  it('changes nothing of the public site: every other file is byte for byte the same, but the /admin rule of _headers; none names /admin but as the office page a request links to', () => {
    const [a, b] = [files(plain), files(connected)];
    const publicFiles = [...b.keys()].filter((f) => !f.startsWith('admin/'));
    expect(publicFiles.sort()).toEqual([...a.keys()].filter((f) => !f.startsWith('admin/')).sort());
    expect(publicFiles.filter((f) => f !== '_headers' && !a.get(f)!.equals(b.get(f)!))).toEqual([]);
    for (const [f, body] of b)
      if (!f.startsWith('admin/') && /\.(html|xml|txt|js|css)$/.test(f))
        expect(body.toString().replaceAll(OFFICE_PATH, '').includes('/admin'), f).toBe(false);
  });

  it('answers /admin/ with its own policy (inline styles allowed there only), noindex, and every page with the public one', () => {
    const rules = parseHeadersFile(readFileSync(path.join(connected.out, '_headers'), 'utf8'));
    const s = built.connected.site;
    expect(s.cms).toEqual({ repo: 'example-owner/example-site', branch: 'main' });
    const admin = headersFor(rules, '/admin/');
    expect(admin['Content-Security-Policy']).toBe(editorSecurityPolicy(s));
    expect(admin['X-Robots-Tag']).toBe('noindex, nofollow');
    expect(admin['Strict-Transport-Security']).toBeTruthy();
    expect(editorSecurityPolicy(s)).toMatch(/style-src 'self' 'unsafe-inline';/);
    expect(editorSecurityPolicy(s)).toMatch(/connect-src 'self' data: blob: https:\/\/api\.github\.com;/);
    expect(editorSecurityPolicy(s)).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    // the public policy is the one a build without the editor has, on every page, the 404 and the stubs
    const publicPolicy = headersFor(parseHeadersFile(readFileSync(path.join(plain.out, '_headers'), 'utf8')), '/')[
      'Content-Security-Policy'
    ];
    expect(contentSecurityPolicy(s)).toBe(publicPolicy);
    for (const p of ['/', '/about', '/no-such-page', site.services[0].path, site.redirects[0].from])
      expect(headersFor(rules, p)['Content-Security-Policy'], p).toBe(publicPolicy); // itself strict: headers.test.ts
  });
});

describe('drafts and scheduled posts', () => {
  const fx = new Fixture();
  const post = (slug: string, front: string, body = 'A short guide.\n') =>
    fx.write(`blog/${slug}.md`, `---\ntitle: ${slug.replace(/-/g, ' ')}\ndescription: A guide.\nsummary: A guide.\n${front}\n---\n${body}`);
  beforeAll(() => {
    post(
      'zz-draft-guide',
      'published: 2025-01-10\nmodified: 2025-01-10\ndraft: true',
      'Not yet: see [the price list](/services/no-such-page).\n',
    );
    post('zz-scheduled-guide', 'published: 2030-06-01\nmodified: 2030-06-01');
    post('zz-due-guide', 'published: 2030-05-31\nmodified: 2030-05-31');
  });
  afterAll(() => fx.remove());
  const today = '2030-05-31';

  it('leaves a draft and a post dated later out of a normal build: no page, card, sitemap or feed entry, no link check', async () => {
    const r = await fx.build({ today });
    const slugs = r.site.posts.map((p) => p.slug);
    expect(slugs).toContain('zz-due-guide');
    expect(slugs).not.toContain('zz-draft-guide');
    expect(slugs).not.toContain('zz-scheduled-guide');
    const built = allFiles(fx.out).map((f) => [path.relative(fx.out, f), readFileSync(f, 'utf8')]);
    for (const [f, text] of built) {
      expect(f.includes('zz-draft') || f.includes('zz-scheduled'), f).toBe(false);
      expect(/zz-(draft|scheduled)-guide/.test(text), f).toBe(false);
    }
    expect(built.find(([f]) => f === 'sitemap.xml')![1]).toContain('/blog/zz-due-guide');
  });

  it('builds them all with drafts (npm run dev, --drafts), links checked', async () => {
    // the content check alone (build() runs the same): it checks the links and lists the posts a build renders
    const failed = await fx.model({ today, drafts: true }).catch((e) => e);
    expect(failed).toBeInstanceOf(BuildFailed);
    expect((failed as BuildFailed).errors.map((e) => [path.basename(e.file), e.problem])).toContainEqual([
      'zz-draft-guide.md',
      expect.stringMatching(/\/services\/no-such-page/),
    ]);
    fx.edit('blog/zz-draft-guide.md', '(/services/no-such-page)', '(/tree-removal)');
    const r = await fx.model({ today, drafts: true });
    expect(r.site.posts.map((p) => p.slug)).toEqual(expect.arrayContaining(['zz-draft-guide', 'zz-scheduled-guide', 'zz-due-guide']));
  });

  it("goes out at midnight where the company is (blog.timeZone), not the server's, winter and summer; so does the year", async () => {
    // 07:00 UTC on the 1st is midnight in Vancouver, on UTC-7 all year from November 2026 (tz data before 2026a had
    // it on UTC-8 in winter, and its posts going out at 1 am)
    for (const [day, before] of [
      ['2030-06-01', '2030-05-31'],
      ['2030-12-01', '2030-11-30'],
    ]) {
      expect(todayIn('America/Vancouver', new Date(`${day}T06:59:00Z`)), day).toBe(before);
      expect(todayIn('America/Vancouver', new Date(`${day}T07:00:00Z`)), day).toBe(day);
    }
    expect(todayIn('UTC', new Date('2030-06-01T06:30:00Z'))).toBe('2030-06-01');
    // a build at each side of that midnight, for a company in Vancouver
    const own = new Fixture();
    try {
      own.editSite((s) => (s.blog = { ...s.blog, timeZone: 'America/Vancouver' }));
      own.write(
        'blog/zz-winter-guide.md',
        '---\ntitle: zz winter guide\ndescription: A guide.\nsummary: A guide.\npublished: 2030-12-01\nmodified: 2030-12-01\n---\nA short guide.\n',
      );
      const at = async (t: string) => (await siteModel({ content: own.content, static: own.static, now: new Date(t) })).site;
      expect((await at('2030-12-01T06:59:00Z')).posts.map((p) => p.slug)).not.toContain('zz-winter-guide');
      expect((await at('2030-12-01T07:00:00Z')).posts.map((p) => p.slug)).toContain('zz-winter-guide');
      // and the footer's year turns at the same midnight, not the server's
      expect((await at('2031-01-01T06:59:00Z')).year).toBe(2030);
    } finally {
      own.remove();
    }
  });
});
