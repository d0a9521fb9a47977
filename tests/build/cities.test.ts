// Each city page is its own page, not a template with the name swapped: no paragraph of 20 words or more shared
// (the call to action aside), and 700 words or more each.
import { beforeAll, describe, expect, it } from 'vitest';
import { $$, parseHtml, text, type Element } from '../support/html.ts';
import { html, wordCount } from '../support/site.ts';
import { site } from '../support/facts.ts';

const SHARED_LIMIT = 20;
const MIN_WORDS = 700;

/** Whether `el` is inside the call-to-action section every city page shares. */
const inCta = (el: Element | null): boolean =>
  !!el &&
  ((el.name === 'section' && $$('p', el).some((p) => text(p) === site.cityPages.closingNote)) || inCta(el.parent as Element | null));

let pages: { slug: string; words: number; paragraphs: string[] }[];
beforeAll(() => {
  pages = site.cities.map(({ slug, name, path }) => {
    const main = $$('main', parseHtml(html(path)));
    // The text of every <p> and <li> (an <li> holding a list includes the inner items' text), the page's own city name
    // masked, so a paragraph copied to another page with only the name changed counts as shared.
    const paragraphs = $$('p, li', main)
      .filter((el) => !inCta(el))
      .map((el) => text(el).split(name).join('{city}'));
    return { slug, words: wordCount(main), paragraphs: [...new Set(paragraphs.filter(Boolean))] };
  });
});

/** Paragraph text -> the pages that have it, for paragraphs on two or more pages, longest first. */
function sharedParagraphs(): [string, string[]][] {
  const where = new Map<string, string[]>();
  for (const p of pages) for (const t of p.paragraphs) where.set(t, [...(where.get(t) ?? []), p.slug]);
  return [...where].filter(([, on]) => on.length > 1).sort((a, b) => wordCount(b[0]) - wordCount(a[0]));
}

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
});
