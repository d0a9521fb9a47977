// Structured data matches what visitors see: the FAQ shown and its FAQPage JSON-LD are the content's, each service page has a
// Service node, and the service pages carry enough copy (word counts are printed).
import { describe, expect, it } from 'vitest';
import { isTag, isText, type Text } from 'domhandler';
import { $, $$, attr, parseHtml, type AnyNode } from '../support/html.ts';
import { fold, html, jsonLd, visibleText, wordCount } from '../support/site.ts';
import { CITY_NAMES, ORIGIN, ROUTES, SERVICE_PATHS, site, PERMIT_GUIDE } from '../support/facts.ts';

/** The FAQ of each page that has one, as the content has it: services, cities, and the permit guide while published. */
const FAQ_OF = new Map([...site.services, ...site.cities, ...(PERMIT_GUIDE ? [PERMIT_GUIDE] : [])].map((p) => [p.path, p.faq]));
const FAQ_PAGES = [...FAQ_OF.keys()];

const INLINE = new Set(['a', 'strong', 'em', 'b', 'i', 'code', 'span', 'abbr', 'small']);
const UNSEEN = new Set(['script', 'style', 'svg', 'template']);
/** What a reader sees of an element: text-level tags join words without a gap, block tags are a space; screen-reader-only
 *  hints such as "(opens in a new tab)" and icons are not part of it. */
function seen(node: AnyNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node) || UNSEEN.has(node.name) || attr(node, 'class')?.split(' ').includes('visually-hidden')) return '';
  const inner = node.children.map(seen).join('');
  return INLINE.has(node.name) ? inner : ` ${inner} `;
}

/** The visible FAQ of a built page (or of its parsed document): question and answer text, in order. */
function visibleFaq(page: string | AnyNode): { q: string; a: string }[] {
  return $$('details.faq__item', typeof page === 'string' ? parseHtml(page) : page).map((item) => ({
    q: fold(seen($('summary', item)!)),
    a: fold(seen($('.faq__answer', item)!)),
  }));
}

describe('FAQPage JSON-LD', () => {
  it.each(FAQ_PAGES)("%s: shows the content's FAQ, and the FAQPage questions and answers equal it", (p) => {
    const page = html(p);
    const visible = visibleFaq(page);
    expect(visible).toEqual(FAQ_OF.get(p)!.map((f) => ({ q: fold(f.q), a: fold(f.aText) })));
    expect(visible.length).toBeGreaterThanOrEqual(4);
    // the parser saw every item on the page
    expect(visible.length).toBe($$('details.faq__item', parseHtml(page)).length);
    const faqPages = jsonLd(page).filter((b) => b['@type'] === 'FAQPage');
    expect(faqPages).toHaveLength(1);
    expect(faqPages[0]['@context']).toBe('https://schema.org');
    const structured = faqPages[0].mainEntity.map((e: any) => {
      expect(e['@type']).toBe('Question');
      expect(e.acceptedAnswer['@type']).toBe('Answer');
      return { q: fold(e.name), a: fold(e.acceptedAnswer.text) };
    });
    expect(structured).toEqual(visible);
    for (const { q, a } of structured) {
      expect(q).toMatch(/\?$/);
      expect(a.length).toBeGreaterThan(40);
      expect(a).not.toMatch(/[<>]|&[a-z]+;|\{\{|\]\(/); // no markup, entity, token or Markdown left over
    }
  });
  it('the text comparison is strict: it notices a changed answer', () => {
    const page = html(SERVICE_PATHS[0]);
    const edited = parseHtml(page);
    const first = $('div.faq__answer.prose > p', edited)!.children[0] as Text;
    expect(first.data).toMatch(/^\w/);
    first.data = `Not ${first.data}`;
    const visible = visibleFaq(edited);
    const structured = jsonLd(page)
      .find((b) => b['@type'] === 'FAQPage')!
      .mainEntity.map((e: any) => ({ q: fold(e.name), a: fold(e.acceptedAnswer.text) }));
    expect(structured).not.toEqual(visible);
  });
});

describe('Service JSON-LD', () => {
  it.each(SERVICE_PATHS)('%s has a Service node with provider, areaServed and serviceType', (p) => {
    const blocks = jsonLd(html(p));
    const services = blocks.filter((b) => b['@type'] === 'Service');
    expect(services).toHaveLength(1);
    const s = services[0];
    const business = blocks.find((b) => b['@type'] === 'HomeAndConstructionBusiness')!;
    expect(typeof s.serviceType).toBe('string');
    expect(s.serviceType.length).toBeGreaterThan(3);
    expect(s).toMatchObject({ name: s.serviceType, url: ORIGIN + p, provider: { '@id': business['@id'], name: site.business.name } });
    const areas = (Array.isArray(s.areaServed) ? s.areaServed : [s.areaServed]).map((a: any) => (typeof a === 'string' ? a : a.name));
    expect(areas).toHaveLength(CITY_NAMES.length);
    expect(CITY_NAMES.filter((city) => !areas.some((a: string) => a.startsWith(city)))).toEqual([]);
    // the service is the one the page is about: its name appears in the visible h1 or breadcrumb
    const h1 = visibleText($$('h1', parseHtml(html(p))));
    const words: string[] = s.serviceType.toLowerCase().split(/[^a-z]+/);
    expect(h1, s.serviceType).toSatisfy((h: string) => words.some((w) => w.length > 3 && h.toLowerCase().includes(w)));
  });
  it('only service pages have a Service node, and only pages with an FAQ a FAQPage', () => {
    for (const p of ROUTES) {
      const types = jsonLd(html(p)).map((b) => b['@type']);
      expect(types.includes('Service'), p).toBe(SERVICE_PATHS.includes(p));
      expect(types.includes('FAQPage') || $('.faq__item', parseHtml(html(p))) !== null, p).toBe(FAQ_PAGES.includes(p));
    }
  });
});

// The sample service pages run 1,000 to 1,200 words; that is a report here, not a gate, so a company that
// writes a shorter page keeps a green CI. The floor checks that a page's copy reached <main> at all.
it('prints the words of each service page and /about; each carries its copy', () => {
  const counts: Record<string, number> = {};
  for (const p of [...SERVICE_PATHS, '/about']) counts[p] = wordCount($$('main', parseHtml(html(p))));
  console.log(
    'Words in <main>:\n' +
      Object.entries(counts)
        .map(([p, n]) => `  ${p.padEnd(26)} ${n}`)
        .join('\n'),
  );
  for (const p of SERVICE_PATHS) expect(counts[p], p).toBeGreaterThanOrEqual(200);
  expect(counts['/about']).toBeGreaterThan(300);
});
