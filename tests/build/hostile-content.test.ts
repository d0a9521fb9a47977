// Content that tries to break out of its place (script end tags, attribute breaks, quotes, emoji, right-to-left text, a
// 500-character title) builds, injects nothing into any page, and reaches the JSON-LD as the literal text.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { cityHeading, ROUTES } from '../support/facts.ts';
import { YEAR } from '../support/fixture.ts';
import { builtFixture } from '../support/test-fixture.ts';
import { parseXml, xmlChild as kid, xmlText as textOf } from '../support/files.ts';
import { ATTR_BREAK, EMOJI, HOSTILE, LONG_TITLE, makeHostile, RTL, SCRIPT_BREAK } from '../support/hostile.ts';
import { textContent } from 'domutils';
import { $, $$, attr, parseHtml, text, type AnyNode } from '../support/html.ts';
import { publicFiles, fold } from '../support/site.ts';

const fx = builtFixture(makeHostile);
const parsed = new Map<string, AnyNode>();

const blocks = (doc: AnyNode) => $$('script[type="application/ld+json"]', doc).map((s) => textContent(s));
const nodes = (doc: AnyNode, type: string) =>
  blocks(doc)
    .map((b) => JSON.parse(b))
    .filter((d) => d['@type'] === type);
const meta = (doc: AnyNode, key: string) => attr($(`meta[name="${key}"], meta[property="${key}"]`, doc)!, 'content');
const pageAt = (urlPath: string) => parsed.get(fileForPath(urlPath))!;

beforeAll(() => {
  for (const f of publicFiles(fx.out).filter((f) => f.endsWith('.html')))
    parsed.set(path.relative(fx.out, f).split(path.sep).join('/'), parseHtml(readFileSync(f, 'utf8')));
});

describe('hostile content', () => {
  it('builds every page', () => {
    expect(fx.result.pages).toBe(ROUTES.length);
    expect(parsed.size).toBeGreaterThanOrEqual(ROUTES.length + 1 + fx.result.site.redirects.length);
  });

  it('injects no element, attribute or script into any page', () => {
    // JSON-LD, or one of the build's own inline scripts (the head script starts the module: no script has a src)
    const { head, redirect } = fx.result.site.assets.inlineScripts;
    const injected = [...parsed].flatMap(([file, doc]) =>
      [
        ...$$('*', doc).flatMap((el) =>
          Object.keys(el.attribs)
            .filter((a) => /^on/i.test(a))
            .map((a) => `<${el.name} ${a}>`),
        ),
        ...$$('img[src="x"]', doc).map(() => '<img src=x>'),
        ...$$('script', doc)
          .filter((s) =>
            attr(s, 'type') === 'application/ld+json'
              ? attr(s, 'src') !== null
              : Object.keys(s.attribs).length || ![head, redirect].includes(textContent(s)),
          )
          .map((s) => `<script type=${attr(s, 'type')}>${textContent(s).slice(0, 40)}`),
      ].map((i) => `${file}: ${i}`),
    );
    expect(injected).toEqual([]);
  });

  it('keeps every JSON-LD block valid JSON with no raw "<" that could end its script', () => {
    const all = [...parsed].flatMap(([file, doc]) => blocks(doc).map((b) => [file, b]));
    expect(all.length).toBeGreaterThan(50);
    for (const [file, b] of all) {
      expect(() => JSON.parse(b), file).not.toThrow();
      expect(b, file).not.toMatch(/[<>]|\u2028|\u2029/);
    }
  });

  it('puts every hostile field in place as literal text: titles, meta tags, headings, FAQs, structured data, menus and options', () => {
    const soft = expect.soft;
    for (const [file, doc] of [...parsed].filter(([, doc]) => blocks(doc).length)) {
      soft(nodes(doc, 'HomeAndConstructionBusiness')[0].name, file).toBe(HOSTILE.business);
      soft(text($('.footer-bottom p', doc)), file).toBe(`© ${YEAR} ${HOSTILE.business}. All rights reserved.`);
    }
    const title = (doc: AnyNode) => text($('title', doc));
    const h1s = (doc: AnyNode) => $$('h1', doc).map(text);
    // the 500-character service title whole; the answer is Markdown: structured data holds exactly the text the page
    // shows, attack strings included
    const service = pageAt(HOSTILE.service.path);
    expect(LONG_TITLE).toHaveLength(500);
    soft([title(service), meta(service, 'og:title'), meta(service, 'twitter:title')]).toEqual([LONG_TITLE, LONG_TITLE, LONG_TITLE]);
    soft(meta(service, 'description')).toBe(HOSTILE.service.description);
    soft(nodes(service, 'Service')[0]).toMatchObject({ name: HOSTILE.service.name, description: HOSTILE.service.description });
    soft($$('[data-estimate]', service).map((a) => attr(a, 'data-estimate'))).toContain(HOSTILE.service.dialogTitle);
    // the name reaches every page's menus
    soft(readFileSync(path.join(fx.out, 'about.html'), 'utf8')).toContain(
      'Tree Removal &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    const city = pageAt(HOSTILE.city.path);
    const cityTitle = `${HOSTILE.city.title} | ${HOSTILE.business}`;
    soft(title(city)).toBe(cityTitle.length > 70 ? HOSTILE.city.title : cityTitle);
    soft(h1s(city)).toEqual([cityHeading(fold(HOSTILE.city.name))]);
    soft(meta(city, 'description')).toBe(HOSTILE.city.description);
    soft(nodes(city, 'HomeAndConstructionBusiness')[0].areaServed.name).toBe(`${HOSTILE.city.name}, BC`);
    const home = pageAt('/');
    const options = $$('#contact-area option, #estimate-area option', home).map((o) => [attr(o, 'value'), text(o)]);
    soft(options).toContainEqual([HOSTILE.city.name, fold(HOSTILE.city.name)]);
    soft(nodes(home, 'HomeAndConstructionBusiness')[0].areaServed.map((a: { name: string }) => a.name)).toContain(HOSTILE.city.name);
    const post = pageAt(HOSTILE.post.path);
    soft(nodes(post, 'BlogPosting')[0]).toMatchObject({ headline: HOSTILE.post.title, description: HOSTILE.post.description });
    soft(h1s(post)).toEqual([fold(HOSTILE.post.title)]);
    const faqs: [AnyNode, { faqQ: string }, string[]][] = [
      [service, HOSTILE.service, [SCRIPT_BREAK, ATTR_BREAK, EMOJI, RTL]],
      [city, HOSTILE.city, [SCRIPT_BREAK]],
      [post, HOSTILE.post, [ATTR_BREAK]],
    ];
    for (const [doc, h, attacks] of faqs) {
      const faq = nodes(doc, 'FAQPage')[0].mainEntity[0];
      const shown = $('.faq__item', doc)!;
      soft(faq.name, h.faqQ).toBe(h.faqQ);
      soft(text($('.faq__question', shown)), h.faqQ).toBe(fold(h.faqQ));
      soft(fold(faq.acceptedAnswer.text), h.faqQ).toBe(text($('.faq__answer', shown)));
      for (const a of attacks) soft(faq.acceptedAnswer.text, h.faqQ).toContain(a);
    }
    for (const h of [HOSTILE.home, HOSTILE.about]) {
      const doc = pageAt(h.path);
      soft([meta(doc, 'description'), meta(doc, 'og:description')], h.path).toEqual([h.description, h.description]);
      soft(title(doc).startsWith(h.title), h.path).toBe(true);
    }
    soft(title(pageAt('/about'))).toBe(HOSTILE.about.title); // title + name is over 70 characters: the name is left off
  });

  it('keeps the feed well-formed XML with the post title as text', () => {
    const item = kid(kid(parseXml(readFileSync(path.join(fx.out, 'blog/feed.xml'), 'utf8')), 'channel'), 'item');
    expect(textOf(kid(item, 'title'))).toBe(HOSTILE.post.title);
    expect(textOf(kid(item, 'description'))).toBe(HOSTILE.post.summary);
  });
});
