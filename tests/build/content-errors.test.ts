// A content mistake stops the build with the file, the field and what was expected, and leaves dist/ as it was.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CITY_SLUGS, REDIRECTS, ROUTES, site } from '../support/facts.ts';
import { snapshot } from '../support/files.ts';
import { Fixture } from '../support/fixture.ts';
import { root } from '../support/site.ts';

// The company's own files are changed by what every such file has (a required field), never by name.
const SERVICE_SLUGS = site.services.map((s) => s.slug);
const [S0, S1] = SERVICE_SLUGS.map((s) => `services/${s}.md`);
const [C0, C1] = CITY_SLUGS.map((c) => `cities/${c}.md`);
const UNUSED = 'zz-no-such-place'; // a slug no content uses
const INTERNAL_LINK = /\]\((\/[a-z0-9-]+)\)/; // a Markdown link to a page of the site

let fx: Fixture;
beforeEach(() => {
  fx = new Fixture();
});
afterEach(() => fx.remove());

describe('content errors name the file and the field', () => {
  it('bad YAML', async () => {
    fx.edit(S0, /^name: .*$/m, 'name: [unclosed');
    const [e] = await fx.errors();
    expect(e.file).toBe(`content/${S0}`);
    expect(e.field).toBe('front matter');
    expect(e.problem).toMatch(/invalid YAML at line \d+/);
  });
  it('missing field', async () => {
    fx.edit(S1, /^h1: .*\n/m, '');
    expect(await fx.errors()).toContainEqual({ file: `content/${S1}`, field: 'h1', problem: 'is required' });
  });
  it('wrongly typed field', async () => {
    const file = fx.fileWith('services', SERVICE_SLUGS, /^startingPrice: \d+$/m);
    fx.edit(file, /^startingPrice: \d+$/m, 'startingPrice: three hundred');
    const errors = await fx.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: `content/${file}`, field: 'startingPrice' });
    expect(errors[0].problem).toMatch(/number/);
  });
  it('unknown field (a typo) is not silently ignored', async () => {
    fx.edit(C0, /^lead:/m, 'laed: x\nlead:');
    expect(await fx.errors()).toContainEqual({ file: `content/${C0}`, field: 'front matter', problem: 'unknown field "laed"' });
  });
  it('unknown service on a city page', async () => {
    const file = fx.fileWith('cities', CITY_SLUGS, /service: [a-z0-9-]+/);
    fx.edit(file, /service: [a-z0-9-]+/, `service: ${UNUSED}`);
    const [e] = await fx.errors();
    expect(e.file).toBe(`content/${file}`);
    expect(e.field).toMatch(/^serviceCards\[\d+\]\.service$/);
    expect(e.problem).toContain(`unknown service "${UNUSED}", expected one of ${SERVICE_SLUGS[0]}`);
  });
  it('unknown city in nearby', async () => {
    const file = fx.fileWith('cities', CITY_SLUGS, /^nearby: \[[a-z0-9-]+/m);
    fx.edit(file, /^nearby: \[[a-z0-9-]+/m, `nearby: [${UNUSED}`);
    const [e] = await fx.errors();
    expect(e).toMatchObject({ file: `content/${file}`, field: 'nearby[0]' });
    expect(e.problem).toContain(`unknown city "${UNUSED}"`);
  });
  it('a city file that site.yaml does not list', async () => {
    fx.write(`cities/${UNUSED}.md`, fx.read(C0));
    expect(await fx.errors()).toContainEqual(
      expect.objectContaining({ file: `content/cities/${UNUSED}.md`, problem: expect.stringMatching(/not listed in .*site\.yaml cities/) }),
    );
  });
  it('duplicate route', async () => {
    fx.write('services/about.md', fx.read(S0));
    fx.editSite((s) => s.services.push('about'));
    const errors = await fx.errors();
    expect(errors).toContainEqual({
      file: 'content/services/about.md',
      field: 'route',
      problem: `/about is already the route of ${path.relative(process.cwd(), fx.file('pages/about.md'))}`,
    });
  });
  it('internal link to a path that is neither a route, a redirect nor a static file', async () => {
    const file = fx.fileWith('services', SERVICE_SLUGS, INTERNAL_LINK);
    fx.edit(file, INTERNAL_LINK, `](/${UNUSED})`);
    const errors = await fx.errors();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({
      file: `content/${file}`,
      problem: `link to /${UNUSED} goes nowhere: it is neither a page, a redirect nor a file in static/`,
    });
    expect(errors[0].field).toMatch(/^(body|faq\[\d\]\.a)$/);
  });
  it('links to redirects and static files are fine', async () => {
    fx.edit(fx.fileWith('services', SERVICE_SLUGS, INTERNAL_LINK), INTERNAL_LINK, `](${REDIRECTS[0][0]})`);
    fx.edit('pages/about.md', /^## (.*)$/m, '## $1\n\n[Our logo](/favicon.svg)');
    expect(await fx.errors()).toEqual([]);
  });
  it("a menu link must be a page: not a path of no page, nor a redirect's old address (site.yaml navigation)", async () => {
    const nowhere = `/${UNUSED}`;
    const redirected = REDIRECTS[0][0]; // an address that answers, but with a redirect: no page to mark current
    let first = 0;
    fx.editSite((data) => {
      first = data.navigation.length;
      data.navigation.push({ label: 'Nowhere', path: nowhere }, { label: 'Moved', path: redirected });
    });
    const menu = (await fx.errors()).filter((e) => e.file === 'content/site.yaml' && e.field.startsWith('navigation'));
    expect(menu.map((e) => e.field)).toEqual([`navigation[${first}].path`, `navigation[${first + 1}].path`]);
    expect(menu[0].problem).toMatch(new RegExp(`^${nowhere} is not a page of the site; pages: /, `));
    expect(menu[1].problem).toMatch(new RegExp(`^${redirected} is not a page of the site`));
  });
  it('a menu item that neither opens a page nor lists one', async () => {
    let at = 0;
    fx.editSite((data) => (at = data.navigation.push({ label: 'Neither' }) - 1));
    expect(await fx.errors()).toEqual([
      { file: 'content/site.yaml', field: `navigation[${at}].path`, problem: 'is required: give the page it opens, or a menu' },
    ]);
  });
  it('missing image', async () => {
    fx.edit('pages/about.md', /^## (.*)$/m, '## $1\n\n![Crew at work](/images/crew.jpg)');
    const line =
      fx
        .read('pages/about.md')
        .split('\n')
        .findIndex((l) => l.includes('(/images/crew.jpg)')) + 1;
    expect(await fx.errors()).toContainEqual({
      file: 'content/pages/about.md',
      field: `body, line ${line}`,
      problem: 'image /images/crew.jpg is not in content/images/',
    });
  });
  it('unknown {{token}}', async () => {
    fx.edit('pages/about.md', /^## (.*)$/m, '## $1\n\nCall us at {{phonenumber}}.');
    const [e] = await fx.errors();
    expect(e).toMatchObject({ file: 'content/pages/about.md' });
    expect(e.field).toMatch(/^body/);
    expect(e.problem).toMatch(/unknown token \{\{phonenumber\}\}/);
  });
  it('bad date on a post', async () => {
    const post = fx.addPost();
    fx.edit(post, /^published: .*$/m, 'published: 2025-02-30');
    expect(await fx.errors()).toContainEqual({
      file: `content/${post}`,
      field: 'published',
      problem: '2025-02-30 is not a date: no such month or day',
    });
  });
  it('a date in another form, and a month that does not exist', async () => {
    const post = fx.addPost();
    fx.edit(post, /^published: .*$/m, 'published: 14/03/2025');
    fx.edit(post, /^modified: .*$/m, 'modified: 2025-13-45');
    const errors = await fx.errors();
    expect(errors).toContainEqual({
      file: `content/${post}`,
      field: 'published',
      problem: 'expected a date as YYYY-MM-DD, like 2025-03-14, got "14/03/2025"',
    });
    expect(errors).toContainEqual({
      file: `content/${post}`,
      field: 'modified',
      problem: '2025-13-45 is not a date: no such month or day',
    });
  });
  it('missing title on a post', async () => {
    const post = fx.addPost();
    fx.edit(post, /^title: .*\n/m, '');
    expect(await fx.errors()).toContainEqual({
      file: `content/${post}`,
      field: 'title',
      problem: 'is required',
    });
  });
  it('a service that neither quote form offers is a warning, not an error', async () => {
    const good = await fx.build();
    expect(good.warnings).toEqual([]);
    const unoffered = 'Zz Tree Felling'; // a name neither form offers
    fx.edit(S0, /^name: .*$/m, `name: ${unoffered}`);
    fx.edit(S0, /^( {2}title: ).*$/m, `$1${unoffered}`);
    const r = await fx.build();
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toContain(`${S0}: "${unoffered}" is in the menus but in neither quote form: add it to forms.contactServices`);
  });
  it('an inline list split at a comma is caught: an item starting in lower case', async () => {
    fx.edit('pages/home.md', /features: \[/, 'features: [Crown cleaning, thinning and raising, ');
    const errors = await fx.errors();
    expect(errors).toContainEqual(
      expect.objectContaining({ file: 'content/pages/home.md', field: expect.stringMatching(/^services\.cards\[\d\]\.features\[1\]$/) }),
    );
    expect(errors[0].problem).toMatch(
      /"thinning and raising" starts in lower case: in an inline list \[a, b\] a comma splits an item in two/,
    );
  });
  it('lists every problem at once', async () => {
    fx.edit(S1, /^h1: .*\n/m, '');
    fx.edit(C1, /^title: .*\n/m, '');
    expect((await fx.errors()).map((e) => e.file).sort()).toEqual([`content/${C1}`, `content/${S1}`].sort());
  });
});

describe('a failed build', () => {
  it('exits non-zero, prints file and field, and leaves the previous dist/ untouched', async () => {
    await fx.build();
    const before = snapshot(fx.out);
    fx.edit(S1, /^h1: .*\n/m, '');
    const r = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['build.ts', '--content', fx.content, '--static', fx.static, '--out', fx.out],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${S1}: h1: is required`);
    expect(r.stderr).toContain('is unchanged');
    expect(snapshot(fx.out)).toEqual(before);
    expect(readdirSync(fx.dir).filter((d) => d.includes('.tmp-') || d.includes('.old-'))).toEqual([]);
  });
  it('a good build prints what it wrote', () => {
    const out = execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['build.ts', '--content', fx.content, '--static', fx.static, '--out', fx.out],
      { cwd: root, encoding: 'utf8' },
    );
    expect(out).toMatch(new RegExp(`Built ${ROUTES.length} pages \\(\\d+ files\\)`));
  });
});
