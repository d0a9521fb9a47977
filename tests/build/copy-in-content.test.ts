// Every word the layout and the templates write comes from content/: with site.yaml's and the pages' words changed to
// words the content does not use, none of today's chrome sentences is left in dist/, and each new word is shown.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '../../templates/escape.ts';
import { renderPage } from '../../templates/render.tsx';
import { routeTable } from '../../generator/build-site.ts';
import { PLACEHOLDER } from '../../templates/model/words.ts';
import { site } from '../support/facts.ts';
import { blogFixture, withoutAssets } from '../support/fixture.ts';
import { contentText } from '../support/names.ts';
import { findAll } from 'domutils';
import { $, $$, parseHtml, text } from '../support/html.ts';
import { allFiles, publicFiles, chromeOf, fold } from '../support/site.ts';

/** What the layout says on a page (all but <main>): its text, then every attribute's value. */
const chromeSays = (page: string) => {
  const chrome = chromeOf(page);
  return [text(chrome), ...findAll(() => true, chrome).flatMap((el) => Object.values(el.attribs))].join('\n');
};

/** The copy this test moves: site.yaml's groups of words, and each single page's own words, by file and field. */
const SITE_COPY =
  'header footer reviewBar labels servicePages cityPages forms.labels forms.messages forms.privacyNote navigation business.description'.split(
    ' ',
  );
const PAGE_COPY: Record<string, string[]> = {
  'pages/home.md': ['services.priceLabel', 'reviews.starsLabel', 'contact.cards', 'contact.mapTitle'],
  'pages/404.md': ['eyebrow', 'homeLink', 'servicesHeading', 'areasHeading'],
  'pages/thanks.md': ['eyebrow', 'homeLink', 'nextHeading'],
  'pages/service-areas.md': ['listHeading', 'more', 'moreLabel'],
  'pages/blog.md': ['feedTitle', 'listing', 'pager', 'post'],
};
/** Fields that name things rather than say them: a menu item's page and list, a claim's icon. */
const NOT_WORDS = new Set(['path', 'menu', 'icon']);

const words = contentText();
/** A word no content uses, one for each field. */
const marker = (n: number) => {
  const word = `Qzv${n}x`;
  if (words.includes(word)) throw new Error(`the content uses ${word}: pick another marker`);
  return word;
};

/** A field changed ("file: field"), and the word now in its place. */
type Changed = { field: string; marker: string };

/** Replaces every text under `at` with a marker, keeping its {placeholders} and {{tokens}} so the page still fills them. */
function rewrite(data: Record<string, any>, at: string, file: string, changed: Changed[]) {
  const keys = at.split('.');
  const parent = keys.slice(0, -1).reduce((o, k) => o[k], data);
  const walk = (value: unknown, field: string): unknown => {
    if (typeof value === 'string') {
      const kept = [...value.matchAll(PLACEHOLDER), ...value.matchAll(/\{\{\w+\}\}/g)].map((m) => m[0]);
      const word = marker(changed.length);
      changed.push({ field: `${file}: ${field}`, marker: word });
      return [word, ...kept].join(' ');
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${field}[${i}]`));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, NOT_WORDS.has(k) ? v : walk(v, `${field}.${k}`)]));
    return value;
  };
  parent[keys.at(-1)!] = walk(parent[keys.at(-1)!], at);
}

/** A post of this test: a day of its own or a shared one, an update, an FAQ and a table where asked. */
function post(n: number, published: string, extra: { modified?: string; faq?: boolean; table?: boolean } = {}) {
  const faq = extra.faq ? 'faq:\n  - q: Does the copy check need a question?\n    a: It needs one answer.\n' : '';
  const table = extra.table ? '\n| Tree | Height |\n|---|---|\n| Copy-check cedar | 20 m |\n' : '';
  return `---\ntitle: Copy check post ${n}\ndescription: A post of the copy check.\nsummary: A post of the copy check.\npublished: ${published}\nmodified: ${extra.modified ?? published}\n${faq}---\n## Copy check\n\nText of post ${n}.\n${table}`;
}

/** Every HTML file of a build, and its words file (what the client's delivery module alone says), by name. */
const pages = (dir: string) =>
  new Map(publicFiles(dir).flatMap((f) => (/\.html$|\/words-\w+\.json$/.test(f) ? [[f, readFileSync(f, 'utf8')] as const] : [])));

describe('every word of the layout and the templates comes from content/', () => {
  const fx = blogFixture(0, 2); // no posts yet: the blog's note for an empty blog
  const changed: Changed[] = [];
  let empty: Map<string, string>;
  let built: Map<string, string>;

  beforeAll(async () => {
    // The real site's chrome first, in this process: a second site must not get the first one's (it is cached per site).
    const real = withoutAssets(site);
    expect(renderPage(routeTable(real)[0], real)).toContain(escapeHtml(site.reviewBar.question));

    fx.editSite((data) => {
      for (const at of SITE_COPY) rewrite(data, at, 'site.yaml', changed);
      data.forms.delivery = 'simulate'; // the contact form's fallback: an email, with its subject and its note
      delete data.forms.endpoint;
      data.redirects.push({ from: '/copy-check-moved', to: '/' }); // a redirect that shows labels.redirect*
    });
    for (const [file, fields] of Object.entries(PAGE_COPY))
      fx.editData(file, (data) => {
        for (const at of fields) rewrite(data, at, file, changed);
      });
    // the places some words need: a service with a price on a home card, with an FAQ; a city with neighbours and an FAQ
    fx.editData(`services/${site.home.services.cards[0].service}.md`, (data) => {
      data.startingPrice ??= 150;
      if (!data.faq?.length) data.faq = [{ q: 'A question of the copy check?', a: 'Its answer.' }];
    });
    fx.editData(`cities/${site.cities[0].slug}.md`, (data) => {
      if (!data.nearby?.length) data.nearby = [site.cities[1].slug];
      if (!data.faq?.length) data.faq = [{ q: 'A question of the copy check?', a: 'Its answer.' }];
    });
    await fx.build();
    empty = pages(fx.out);
    // Three pages of two posts: an update, an FAQ, a table, a later page of two days and one of a single day.
    const days = ['2001-05-05', '2001-04-04', '2001-03-03', '2001-02-02', '2001-01-01', '2001-01-01'];
    const extras = [{ modified: '2001-06-01', faq: true }, { table: true }];
    days.forEach((day, i) => fx.write(`blog/copy-check-${i + 1}.md`, post(i + 1, day, extras[i])));
    await fx.build();
    built = pages(fx.out);
  }, 120_000);
  afterAll(() => fx.remove());

  it("leaves none of today's header, footer and review-bar sentences in dist/, and shows the new ones on every page", () => {
    const today = [
      ...site.header.strip.map((s) => s.text),
      site.footer.blurb,
      site.footer.copyright,
      site.reviewBar.question,
      site.reviewBar.link,
    ];
    const edited = contentText(fx.content);
    const all = [...built.values()].join('\n');
    for (const sentence of today) {
      const html = escapeHtml(sentence);
      for (const [file, page] of built) expect(chromeSays(page), `${file}: ${sentence}`).not.toContain(fold(sentence));
      // a page's own text may say the same (then it is the content's, not a template's)
      if (!edited.includes(sentence)) expect(all, sentence).not.toContain(html);
    }
    const chromeWords = changed.filter((c) => /^site\.yaml: (header|footer|reviewBar)\./.test(c.field));
    expect(chromeWords.length).toBeGreaterThanOrEqual(today.length);
    const withChrome = [...built].filter(([, page]) => $('main', parseHtml(page)));
    expect(withChrome.length).toBeGreaterThan(routeTable(site).length / 2);
    const missing = withChrome.flatMap(([file, page]) =>
      chromeWords.filter((c) => !chromeSays(page).includes(c.marker)).map((c) => `${file}: ${c.field}`),
    );
    expect(missing).toEqual([]);
  });

  it("leaves none of the forms' messages in the client's code: the pages and the words file carry them (site.yaml forms.messages)", () => {
    const code = allFiles(fx.out)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(code).toContain('toasts'); // the client's code is there
    // each message's text between its placeholders, where long enough to be its own
    const pieces = Object.values(site.forms.messages).flatMap((m) => m.split(/\{\{?\w+\}\}?/).filter((p) => p.trim().length > 8));
    expect(pieces.length).toBeGreaterThanOrEqual(Object.keys(site.forms.messages).length);
    for (const piece of pieces) expect(code, piece).not.toContain(piece.trim());
  });

  it('shows every changed word where it belongs, placeholders filled', () => {
    const all = [...empty.values(), ...built.values()].join('\n');
    expect(changed.length).toBeGreaterThan(80);
    expect(changed.filter((c) => !all.includes(c.marker)).map((c) => c.field)).toEqual([]);
    // a placeholder is filled by the page: the city's name after the city pages' heading word
    const h1 = changed.find((c) => c.field === 'site.yaml: cityPages.h1')!.marker;
    const headings = [...empty.values(), ...built.values()].flatMap((page) => $$('h1', parseHtml(page)).map(text));
    expect(headings).toContain(`${h1} ${site.cities[0].name}`);
  });
});
