// A content mistake stops the build with the file, the field and what was expected, and leaves dist/ as it was.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES, site } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { root } from '../support/site.ts';

let fx: Fixture;
beforeEach(() => {
  fx = new Fixture();
});
afterEach(() => fx.remove());

describe('content errors name the file and the field', () => {
  it('bad YAML', async () => {
    fx.edit('services/hedge-trimming.md', /^name: .*$/m, 'name: [unclosed');
    const [e] = await fx.errors();
    expect(e.file).toBe('content/services/hedge-trimming.md');
    expect(e.field).toBe('front matter');
    expect(e.problem).toMatch(/invalid YAML at line \d+/);
  });
  it('missing field', async () => {
    fx.edit('services/storm-cleanup.md', /^h1: .*\n/m, '');
    expect(await fx.errors()).toContainEqual({ file: 'content/services/storm-cleanup.md', field: 'h1', problem: 'is required' });
  });
  it('wrongly typed field', async () => {
    fx.edit('services/tree-removal.md', /^startingPrice: 300$/m, 'startingPrice: three hundred');
    const errors = await fx.errors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'content/services/tree-removal.md', field: 'startingPrice' });
    expect(errors[0].problem).toMatch(/number/);
  });
  it('unknown field (a typo) is not silently ignored', async () => {
    fx.edit('cities/burnaby.md', /^lead:/m, 'laed: x\nlead:');
    expect(await fx.errors()).toContainEqual({ file: 'content/cities/burnaby.md', field: 'front matter', problem: 'unknown field "laed"' });
  });
  it('unknown service on a city page', async () => {
    fx.edit('cities/surrey.md', /service: hedge-trimming/, 'service: hedge-triming');
    const [e] = await fx.errors();
    expect(e.file).toBe('content/cities/surrey.md');
    expect(e.field).toMatch(/^serviceCards\[\d\]\.service$/);
    expect(e.problem).toMatch(/unknown service "hedge-triming", expected one of tree-removal/);
  });
  it('unknown city in nearby', async () => {
    fx.edit('cities/delta.md', /^nearby: \[richmond/m, 'nearby: [ladner');
    const [e] = await fx.errors();
    expect(e).toMatchObject({ file: 'content/cities/delta.md', field: 'nearby[0]' });
    expect(e.problem).toMatch(/unknown city "ladner"/);
  });
  it('duplicate route', async () => {
    fx.write('services/about.md', fx.read('services/storm-cleanup.md'));
    fx.edit('site.yaml', '  - lot-brush-clearing\n', '  - lot-brush-clearing\n  - about\n');
    const errors = await fx.errors();
    expect(errors).toContainEqual({
      file: 'content/services/about.md',
      field: 'route',
      problem: `/about is already the route of ${path.relative(process.cwd(), fx.file('pages/about.md'))}`,
    });
  });
  it('internal link to a path that is neither a route, a redirect nor a static file', async () => {
    fx.edit('services/tree-removal.md', '](/stump-grinding)', '](/stump-grindin)');
    const errors = await fx.errors();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({
      file: 'content/services/tree-removal.md',
      problem: 'link to /stump-grindin goes nowhere: it is neither a page, a redirect nor a file in static/',
    });
    expect(errors[0].field).toMatch(/^(body|faq\[\d\]\.a)$/);
  });
  it('links to redirects and static files are fine', async () => {
    fx.edit('services/tree-removal.md', '](/stump-grinding)', '](/services/stump-removal)');
    fx.edit('pages/about.md', /^## (.*)$/m, '## $1\n\n[Our logo](/favicon.svg)');
    expect(await fx.errors()).toEqual([]);
  });
  it("a menu link must be a page: not a path of no page, nor a redirect's old address (site.yaml navigation)", async () => {
    let nowhere = '/menu-check-nowhere';
    while (ROUTES.includes(nowhere)) nowhere += '-x';
    const redirected = site.redirects[0].from; // an address that answers, but with a redirect: no page to mark current
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
    fx.edit('pages/404.md', '{{phone}}', '{{phonenumber}}');
    const [e] = await fx.errors();
    expect(e).toMatchObject({ file: 'content/pages/404.md', field: 'lead' });
    expect(e.problem).toMatch(/unknown token \{\{phonenumber\}\}/);
  });
  it('bad date on a post', async () => {
    fx.edit('blog/vancouver-tree-removal-permit-guide.md', /^published: .*$/m, 'published: 2025-02-30');
    expect(await fx.errors()).toContainEqual({
      file: 'content/blog/vancouver-tree-removal-permit-guide.md',
      field: 'published',
      problem: '2025-02-30 is not a date: no such month or day',
    });
  });
  it('a date in another form, and a month that does not exist', async () => {
    fx.edit('blog/vancouver-tree-removal-permit-guide.md', /^published: .*$/m, 'published: 14/03/2025');
    fx.edit('blog/vancouver-tree-removal-permit-guide.md', /^modified: .*$/m, 'modified: 2025-13-45');
    const errors = await fx.errors();
    expect(errors).toContainEqual({
      file: 'content/blog/vancouver-tree-removal-permit-guide.md',
      field: 'published',
      problem: 'expected a date as YYYY-MM-DD, like 2025-03-14, got "14/03/2025"',
    });
    expect(errors).toContainEqual({
      file: 'content/blog/vancouver-tree-removal-permit-guide.md',
      field: 'modified',
      problem: '2025-13-45 is not a date: no such month or day',
    });
  });
  it('missing title on a post', async () => {
    fx.edit('blog/vancouver-tree-removal-permit-guide.md', /^title: .*\n/m, '');
    expect(await fx.errors()).toContainEqual({
      file: 'content/blog/vancouver-tree-removal-permit-guide.md',
      field: 'title',
      problem: 'is required',
    });
  });
  it('an inline list split at a comma is caught: an item starting in lower case', async () => {
    fx.edit('pages/home.md', '"Crown cleaning, thinning and raising"', 'Crown cleaning, thinning and raising');
    const errors = await fx.errors();
    expect(errors).toContainEqual(
      expect.objectContaining({ file: 'content/pages/home.md', field: expect.stringMatching(/^services\.cards\[\d\]\.features\[1\]$/) }),
    );
    expect(errors[0].problem).toMatch(
      /"thinning and raising" starts in lower case: in an inline list \[a, b\] a comma splits an item in two/,
    );
  });
  it('lists every problem at once', async () => {
    fx.edit('services/storm-cleanup.md', /^h1: .*\n/m, '');
    fx.edit('cities/richmond.md', /^title: .*\n/m, '');
    expect((await fx.errors()).map((e) => e.file).sort()).toEqual(['content/cities/richmond.md', 'content/services/storm-cleanup.md']);
  });
});

describe('a failed build', () => {
  const snapshot = (dir: string) =>
    readdirSync(dir, { recursive: true })
      .map(String)
      .sort()
      .map((f) => {
        try {
          return `${f}:${readFileSync(path.join(dir, f)).length}`;
        } catch {
          return f;
        }
      });
  it('exits non-zero, prints file and field, and leaves the previous dist/ untouched', async () => {
    await fx.build();
    const before = snapshot(fx.out);
    fx.edit('services/storm-cleanup.md', /^h1: .*\n/m, '');
    const r = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      ['build.ts', '--content', fx.content, '--static', fx.static, '--out', fx.out],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('storm-cleanup.md: h1: is required');
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
