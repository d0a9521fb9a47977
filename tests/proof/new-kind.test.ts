// The proof that a new kind of content is one file, its component and one line in each index (docs/contributing.md,
// "Add a kind of content"): in a copy of the checkout, a listing kind with pages of its own and its own block of
// site.yaml (tests/proof/new-kind/: /field-notes, every city, site.yaml's fieldNotes.perPage to a page) is added as
// those files alone, with its content file, its block, a menu item and the editor's repository in site.yaml; then
// `npm run build` there. Its pages are built at the page size its block gives, the menus link them, the sitemap lists
// them, the link check knows them (a link to its last page passes, one past it leads to the cities' listing with a
// warning) and the editor offers its file and its block with their own fields and hints. Nothing else of the copy is
// edited.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePath } from '../../templates/model/kinds.ts';
import { editData, runNode } from '../support/fixture.ts';
import { site } from '../support/facts.ts';
import { contentText, unusedName } from '../support/names.ts';
import { BUILD_INPUTS, buildArgs, root } from '../support/paths.ts';
import { sitemapEntries, walk } from '../support/files.ts';
import { $, $$, parseHtml, text } from '../support/html.ts';

const KIND = path.join(root, 'tests/proof/new-kind');
/** The kind's address and file name: "field-notes", unless the content uses it (then field-notes-2, ...). */
const NAME = unusedName(['Field Notes']);
const PER_PAGE = 2; // as site.yaml's block says (its file's default is another)
const pages = Math.ceil(site.cities.length / PER_PAGE);
const pageOf = pagePath(`/${NAME.slug}`);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'site-new-kind-'));
const copy = path.join(tmp, 'checkout');
const dist = path.join(copy, 'dist');
const at = (rel: string) => path.join(copy, rel);

/** A file of the copy with `from` replaced; fails when it matches nothing, so a changed index shows here. */
function edit(rel: string, from: string | RegExp, to: string) {
  const before = readFileSync(at(rel), 'utf8');
  const after = before.replace(from, to);
  expect(after, `${rel}: ${from}`).not.toBe(before);
  writeFileSync(at(rel), after);
}

/** `npm run build` in the copy: its package.json's command, run by this Node. */
async function build() {
  const r = await runNode(buildArgs(copy), { cwd: copy });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr;
}

const page = (p: string) => readFileSync(path.join(dist, p === '/' ? 'index.html' : `${p.slice(1)}.html`), 'utf8');
let warnings = '';

beforeAll(async () => {
  // the checkout's code and content; its packages linked, not copied (the build only reads them), its caches its own
  mkdirSync(copy);
  execFileSync('cp', ['-a', ...['package.json', 'tsconfig.json', ...BUILD_INPUTS].map((n) => path.join(root, n)), copy]);
  mkdirSync(at('node_modules'));
  for (const p of readdirSync(path.join(root, 'node_modules')).filter((p) => p !== '.cache'))
    symlinkSync(path.join(root, 'node_modules', p), at(`node_modules/${p}`));

  // the kind's file, its component and its content, where the recipe puts them, named as NAME says
  for (const file of walk(KIND)) {
    const rel = path.relative(KIND, file).replaceAll('field-notes', NAME.slug);
    mkdirSync(path.dirname(at(rel)), { recursive: true });
    writeFileSync(at(rel), readFileSync(file, 'utf8').replaceAll('field-notes', NAME.slug));
  }
  // one line in each index
  edit('templates/model/kinds.ts', /^(export const kinds = \{[^}]*?)(,\s*)(notFound)/m, '$1$2fieldNotes, $3');
  edit(
    'templates/model/kinds.ts',
    /^(import type \{ Kind \} from '\.\/kind\.ts';)$/m,
    `$1\nimport { fieldNotes } from './kinds/${NAME.slug}.ts';`,
  );
  edit('templates/pages/index.ts', /^(export const templates[^{]*\{)/m, '$1\n  fieldNotes: fieldNotesTemplate,');
  edit(
    'templates/pages/index.ts',
    /^(import type \{ PageTemplate \} from '\.\.\/model\/types\.ts';)$/m,
    "$1\nimport { fieldNotesTemplate } from './FieldNotes.tsx';",
  );

  // the menu links it, and the editor is on (it saves to a repository); about.md links the listing's last page
  editData(at('content/site.yaml'), (s) => {
    s.navigation.push({ label: 'Field Notes', path: `/${NAME.slug}` });
    s.fieldNotes = { perPage: PER_PAGE };
    s.cms = { repo: 'example/new-kind' };
  });
  writeFileSync(
    at('content/pages/about.md'),
    `${readFileSync(at('content/pages/about.md'), 'utf8')}\nSee [our notes](${pageOf(pages)}).\n`,
  );
  warnings = await build();
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a new listing kind with its own settings, added as one file, its component and a line in each index', () => {
  it('is a name the content does not use', () => {
    expect(contentText().includes(`/${NAME.slug}`)).toBe(false);
    expect(pages, 'the cities fill more than one page').toBeGreaterThan(1);
  });

  it('builds each of its pages, the entries of each, as many to a page as its block of site.yaml says, with a pager', () => {
    for (let n = 1; n <= pages; n++) {
      const doc = parseHtml(page(pageOf(n)));
      const shown = site.cities.slice((n - 1) * PER_PAGE, n * PER_PAGE);
      for (const city of shown) expect($$(`a[href="${city.path}"]`, doc).map(text), `${pageOf(n)} shows ${city.name}`).toContain(city.name);
      expect($('.pager', doc)).not.toBeNull();
      expect(text($('h1', doc))).toBe(n === 1 ? 'Field Notes' : `Field Notes, page ${n} of ${pages}`);
    }
    expect(() => page(pageOf(pages + 1))).toThrow();
    // its first page has one address: /x/page/1 redirects to /x
    expect(readFileSync(path.join(dist, '_redirects'), 'utf8')).toMatch(new RegExp(`^${pageOf(1)}/page/1 ${pageOf(1)} 301$`, 'm'));
  });

  it("is in every page's menus, from the navigation's item", () => {
    for (const p of ['/', '/about', site.cities[0].path, pageOf(2)])
      expect($(`a[href="/${NAME.slug}"]`, parseHtml(page(p))), p).not.toBeNull();
  });

  it('is in the sitemap, every page of it', () => {
    const sitemap = sitemapEntries(readFileSync(path.join(dist, 'sitemap.xml'), 'utf8')).map((e) => e.loc);
    for (let n = 1; n <= pages; n++) expect(sitemap).toContain(`${site.business.origin}${pageOf(n)}`);
  });

  it('is known to the link check: its last page is a page, one past it leads to the listed kind with a warning', async () => {
    expect(warnings).not.toContain(pageOf(pages));
    writeFileSync(
      at('content/pages/about.md'),
      `${readFileSync(at('content/pages/about.md'), 'utf8')}\nAnd [more](${pageOf(pages + 1)}).\n`,
    );
    expect(await build()).toMatch(new RegExp(`content/pages/about\\.md: .*${pageOf(pages + 1)}.*leads to /service-areas`));
  });

  it("is in the editor's configuration, with its own fields and hints", () => {
    const config = yaml.load(readFileSync(path.join(dist, 'admin/config.yml'), 'utf8')) as {
      collections: { name: string; files?: { name: string; label: string; file: string; preview_path: string; fields: any[] }[] }[];
    };
    const file = config.collections.find((c) => c.name === 'pages')!.files!.find((f) => f.file === `content/pages/${NAME.slug}.md`);
    expect(file).toMatchObject({ label: 'Field notes', preview_path: `/${NAME.slug}` });
    expect(file!.fields.map((f) => f.name)).toEqual(['title', 'description', 'h1', 'laterTitle', 'pager']);
    expect(file!.fields.find((f) => f.name === 'pager').hint).toBe('The links to the other pages of field notes.');
    // its block of site.yaml among the settings, with its hint
    const settings = config.collections.find((c) => c.name === 'settings')!.files![0].fields;
    const block = settings.find((f) => f.name === 'fieldNotes');
    expect(block?.fields.map((f: { name: string; hint: string }) => [f.name, f.hint])).toEqual([
      ['perPage', 'Cities on /field-notes; the rest on its later pages.'],
    ]);
  });
});
