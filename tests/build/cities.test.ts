// The city pages as built: each is its own page, not a template with the city name swapped in.
// No two pages share a paragraph of 20 words or more (the shared call to action aside), and each has 700+ words.
import { beforeAll, describe, expect, it } from 'vitest';
import { visibleText } from '../support/files.ts';
import { html } from '../support/site.ts';
import { CITY_NAME, CITY_SLUGS } from '../support/facts.ts';

const SHARED_LIMIT = 20;
const MIN_WORDS = 700;
const CTA_NOTE = 'Available 24/7 for emergencies. Same-week appointments for most routine work.';

/** Text of an HTML fragment: tags stripped, entities decoded, whitespace folded. */
const text = visibleText;
const wordCount = (t: string) => (t ? t.split(' ').length : 0);

/** The text of every <p> and <li> in a fragment (an <li> holding a list includes the inner items' text). */
function paragraphs(fragment: string): string[] {
  const out: string[] = [];
  const open: { tag: string; end: number }[] = [];
  for (const m of fragment.matchAll(/<(\/?)(p|li)\b[^>]*>/gi)) {
    const tag = m[2].toLowerCase();
    if (!m[1]) open.push({ tag, end: m.index! + m[0].length });
    else {
      const i = open.map((o) => o.tag).lastIndexOf(tag);
      if (i < 0) throw new Error(`unbalanced </${tag}> at ${m.index}`);
      const [start] = open.splice(i);
      out.push(text(fragment.slice(start.end, m.index)));
    }
  }
  if (open.length) throw new Error(`unclosed <${open[0].tag}>`);
  return out.filter(Boolean);
}

function main(page: string): string {
  const m = page.match(/<main\b[^>]*>([\s\S]*)<\/main>/);
  if (!m) throw new Error('no <main>');
  return m[1];
}
/** The page's main content without the call-to-action section every city page shares. */
function withoutCta(mainHtml: string): string {
  const at = mainHtml.indexOf(CTA_NOTE);
  if (at < 0) throw new Error('call-to-action note not found');
  const start = mainHtml.lastIndexOf('<section', at);
  const end = mainHtml.indexOf('</section>', at) + '</section>'.length;
  return mainHtml.slice(0, start) + mainHtml.slice(end);
}

interface CityPage {
  slug: string;
  words: number;
  paragraphs: string[];
}
let pages: CityPage[];
beforeAll(() => {
  pages = CITY_SLUGS.map((slug) => {
    const m = main(html(`/service-area/${slug}`));
    // The page's own city name is masked, so a paragraph copied to another page with only the name changed counts as shared.
    const own = CITY_NAME[slug];
    return { slug, words: wordCount(text(m)), paragraphs: [...new Set(paragraphs(withoutCta(m)).map((t) => t.split(own).join('{city}')))] };
  });
});

/** Paragraph text -> the pages that have it, for paragraphs on two or more pages, longest first. */
function sharedParagraphs(): [string, string[]][] {
  const where = new Map<string, string[]>();
  for (const p of pages) for (const t of p.paragraphs) where.set(t, [...(where.get(t) ?? []), p.slug]);
  return [...where].filter(([, on]) => on.length > 1).sort((a, b) => wordCount(b[0]) - wordCount(a[0]));
}

describe('helpers', () => {
  it('extract paragraphs and text the way a reader sees them', () => {
    expect(paragraphs('<p>One <a href="/x">two</a>\n  three &amp; four&#x27;s</p><ul><li>a<ul><li>b</li></ul></li></ul>')).toEqual([
      "One two three & four's",
      'b',
      'a b',
    ]);
    expect(() => paragraphs('<p>open')).toThrow();
    expect(wordCount(text('<main><svg><path d="M0"/></svg> Tree   care <b>in</b> Delta </main>'))).toBe(4);
  });
});

describe('city pages as built', () => {
  it('are read in full: many paragraphs per page, most of them long', () => {
    for (const p of pages) {
      expect(p.paragraphs.length, p.slug).toBeGreaterThanOrEqual(30);
      expect(p.paragraphs.filter((t) => wordCount(t) >= SHARED_LIMIT).length, p.slug).toBeGreaterThanOrEqual(15);
    }
  });

  it('share no paragraph of 20 words or more, apart from the call to action', () => {
    const shared = sharedParagraphs();
    const longest = shared[0];
    console.log('[cities] main-content words per page: ' + pages.map((p) => `${p.slug} ${p.words}`).join(', '));
    console.log(
      longest
        ? `[cities] longest paragraph shared by two or more city pages (call to action aside): ${wordCount(longest[0])} words, "${longest[0]}" on ${longest[1].join(', ')}`
        : '[cities] no paragraph is shared by two city pages',
    );
    expect(shared.filter(([t]) => wordCount(t) >= SHARED_LIMIT).map(([t, on]) => `${on.join(' + ')}: ${t}`)).toEqual([]);
  });

  it(`have at least ${MIN_WORDS} words of main content each`, () => {
    const short = pages.filter((p) => p.words < MIN_WORDS).map((p) => `${p.slug}: ${p.words} words`);
    expect(short).toEqual([]);
  });

  it('all carry the same call to action (the one exception to the rule above)', () => {
    for (const slug of CITY_SLUGS) {
      const m = main(html(`/service-area/${slug}`));
      expect(m.split(CTA_NOTE).length - 1, slug).toBe(1);
      expect(paragraphs(withoutCta(m))).not.toContain(CTA_NOTE);
    }
  });
});
