// The blog: a new post file gets its page, its place on /blog, a sitemap entry and a feed entry;
// the feed is well-formed RSS 2.0; the sample content's permit guide has its sections, steps and FAQ.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { todayIn } from '../../generator/time.ts';
import { builtFixture } from '../support/test-fixture.ts';
import { $, $$, attr, parseHtml, text, type AnyNode, type Element } from '../support/html.ts';
import { html, jsonLd, siteDir, wordCount } from '../support/site.ts';
import { ORIGIN, site, PERMIT_GUIDE, TEL } from '../support/facts.ts';
import {
  parseXml,
  xmlChild as kid,
  xmlChildren as kids,
  xmlDescendants as descendants,
  xmlText as textOf,
  type XmlElement,
} from '../support/files.ts';

const feedLinks = (doc: AnyNode) =>
  $$('head link', doc).filter((l) => attr(l, 'rel') === 'alternate' && attr(l, 'type') === 'application/rss+xml');

describe('the XML check is strict', () => {
  it.each([
    // one of each check of tests/support/files.ts parseXml: the validator's, and what it lets through
    ['a bare ampersand', '<rss><title>Pruning & cabling</title></rss>'],
    ['an HTML entity XML does not define', '<rss><title>a&nbsp;b</title></rss>'],
    ['an undeclared namespace prefix', '<rss><atom:link href="x"/></rss>'],
    ['two root elements', '<rss></rss><rss></rss>'],
    ['a control character', '<rss>\u0008</rss>'],
  ])('rejects %s', (_what, src) => {
    expect(() => parseXml(src)).toThrow(/not well-formed XML/);
  });
  it('reads a well-formed document, decoding references', () => {
    const doc = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a xmlns:x="urn:x"><x:b c=\'1 &amp; 2\'>&lt;&#233;&#x41;&quot;<![CDATA[<raw>]]></x:b><!-- note --></a>\n',
    );
    expect(kid(doc, 'x:b').attrs.c).toBe('1 & 2');
    expect(textOf(doc)).toBe('<éA"<raw>');
  });
});

const POST = {
  slug: 'cabling-and-bracing-mature-trees',
  title: 'Cabling & Bracing: When a "Split" Trunk Needs Support',
  description: 'How arborists decide whether a mature tree with a split or weak fork can be cabled and braced, and when removal is safer.',
  summary:
    "What cabling & bracing can (and can't) do for a mature tree, what an arborist checks first, and how often the hardware is inspected.",
  // today in the company's time zone: the newest a published post can be, so it heads the blog whatever the content
  published: todayIn(site.blogSettings.timeZone),
  modified: todayIn(site.blogSettings.timeZone),
  heading: 'What cabling does for a weak fork',
};
const POST_FILE = `---
title: '${POST.title}'
description: >-
  ${POST.description}
summary: "${POST.summary}"
published: ${POST.published}
modified: ${POST.modified}
---
## ${POST.heading}

A steel cable installed high in the crown limits how far two stems can move apart in a windstorm. It does not glue a crack back together, and it is never a substitute for removing a tree that has already failed at its base.

Bracing rods go lower, through the fork itself, where a crack has already started or the bark is included between the stems. An arborist decides the hardware, the anchor heights and the load it must carry after looking at the whole tree, roots included.

Hardware needs an inspection every year or two and after every severe storm, because the tree keeps growing around it. Our [tree trimming](/tree-trimming) crews often reduce the heavy ends first, so the cable carries less.
`;

describe('adding a post file', () => {
  const fx = builtFixture((f) => f.write(`blog/${POST.slug}.md`, POST_FILE));
  const urlPath = `/blog/${POST.slug}`;
  // the published posts with the new one, by the site's rule: newest first, equal dates by title
  const listed = [...site.posts, POST]
    .sort((a, b) => (a.published === b.published ? a.title.localeCompare(b.title) : a.published < b.published ? 1 : -1))
    .map((p) => `/blog/${p.slug}`);
  const out = (rel: string) => readFileSync(path.join(fx.out, rel), 'utf8');

  it('gives it its own page at /blog/{slug}, titled by its front matter', () => {
    const doc = parseHtml(out(fileForPath(urlPath)));
    expect($$('h1', doc).map(text)).toEqual([POST.title]);
    expect(attr($('link[rel="canonical"]', doc)!, 'href')).toBe(ORIGIN + urlPath);
    expect($$('main h2', doc).map(text)).toContain(POST.heading);
    for (const s of ['A steel cable installed high in the crown', 'Hardware needs an inspection every year or two'])
      expect(text($('main', doc))).toContain(s);
  });

  it('lists it on /blog among the published posts, newest first', () => {
    const doc = parseHtml(out(fileForPath('/blog')));
    const cards = $$('.post-card', doc);
    expect(cards.map((c) => attr($('h3 a', c)!, 'href'))).toEqual(listed.slice(0, site.blogSettings.perPage));
    expect(listed[0]).toBe(urlPath);
    expect(text($('h3', cards[0]))).toBe(POST.title);
    expect($$('p', cards[0]).map(text)).toContain(POST.summary);
    expect(attr($('time', cards[0])!, 'datetime')).toBe(POST.published);
  });

  // its sitemap entry and <lastmod>: tests/build/output.test.ts, for every post

  describe('the feed, /blog/feed.xml', () => {
    let rss: XmlElement;
    let channel: XmlElement;
    beforeAll(() => {
      rss = parseXml(out('blog/feed.xml'));
      channel = kid(rss, 'channel');
    });

    it('is well-formed RSS 2.0 with one channel and an atom:link rel="self"', () => {
      expect([rss.name, rss.attrs.version, rss.attrs['xmlns:atom']]).toEqual(['rss', '2.0', 'http://www.w3.org/2005/Atom']);
      expect(kids(rss, 'channel')).toHaveLength(1);
      for (const required of ['title', 'link', 'description']) expect(textOf(kid(channel, required)).trim()).not.toBe('');
      const self = kids(channel, 'atom:link').filter((l) => l.attrs.rel === 'self');
      expect(self.map((l) => l.attrs)).toEqual([expect.objectContaining({ href: `${ORIGIN}/blog/feed.xml`, type: 'application/rss+xml' })]);
    });

    it('has an entry for the new post, first, with its exact title and summary', () => {
      const items = kids(channel, 'item');
      expect(items.map((it) => textOf(kid(it, 'link')))).toEqual(listed.slice(0, site.blogSettings.feedItems).map((p) => ORIGIN + p));
      const [title, description, guid, pubDate] = ['title', 'description', 'guid', 'pubDate'].map((k) => textOf(kid(items[0], k)));
      expect([title, description, guid]).toEqual([POST.title, POST.summary, ORIGIN + urlPath]);
      expect(pubDate).toMatch(
        /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/,
      );
      expect(new Date(pubDate).toISOString().slice(0, 10)).toBe(POST.published);
    });

    it('uses absolute https URLs in every <link>, <guid> and atom:link', () => {
      const urls = descendants(rss).flatMap((el) =>
        el.name === 'link' || el.name === 'guid' ? [textOf(el).trim()] : el.name === 'atom:link' ? [el.attrs.href] : [],
      );
      expect(urls.length).toBe(1 + 1 + 2 * kids(channel, 'item').length); // channel link, atom:link, link + guid of each post
      for (const u of urls) expect(u).toMatch(/^https:\/\/[^/\s]+\//);
    });
  });

  it.each(['/blog', urlPath])('%s links the feed with <link rel="alternate" type="application/rss+xml">', (p) => {
    const links = feedLinks(parseHtml(out(fileForPath(p))));
    expect(links).toHaveLength(1);
    const href = new URL(attr(links[0], 'href')!, ORIGIN + p);
    expect(href.href).toBe(`${ORIGIN}/blog/feed.xml`);
    expect(existsSync(path.join(fx.out, href.pathname))).toBe(true);
  });
});

it('/blog has one call-to-action card, linking the services the content names', () => {
  const cards = $$('.cta-card', parseHtml(html('/blog')));
  expect(cards.map((c) => $$('.link-list a', c).map((a) => [attr(a, 'href'), text(a)]))).toEqual([
    site.blog.cta.links.map((slug) => site.services.find((s) => s.slug === slug)!).map((s) => [s.path, s.name]),
  ]);
});

// The sample content's permit guide, checked while it is published.
describe.runIf(PERMIT_GUIDE)('the permit guide article (the sample content)', () => {
  const urlPath = `/blog/${PERMIT_GUIDE?.slug}`;
  let page: string;
  let doc: AnyNode;
  const business = site.business.name;
  beforeAll(() => {
    page = html(urlPath);
    doc = parseHtml(page);
  });

  it('has the 8-step process as an ordered list, and a 5-item FAQ (its FAQPage data equal to it: faq-jsonld.test.ts)', () => {
    expect($$('ol.steps > li', doc)).toHaveLength(8);
    for (const li of $$('ol.steps > li', doc)) expect(text(li).length).toBeGreaterThan(40);
    expect($$('details.faq__item', doc)).toHaveLength(5);
  });

  it("links the City of New Westminster's official tree permit page, in a new tab", () => {
    const links = $$('main a', doc).filter((a) => (attr(a, 'href') ?? '').startsWith('https://www.newwestcity.ca/'));
    expect(links.length).toBeGreaterThanOrEqual(1);
    for (const a of links) {
      expect(attr(a, 'href')).toMatch(/^https:\/\/www\.newwestcity\.ca\/.*tree/i);
      expect(attr(a, 'target')).toBe('_blank');
      expect(attr(a, 'rel')).toMatch(/\bnoopener\b/);
      expect(text(a)).toMatch(/New Westminster/);
    }
  });

  it('ends with a call to action linking the services, the Vancouver page and the phone', () => {
    const article = $('article', doc)!;
    const last = $(':scope > section.cta-band:last-child', article)!;
    expect(last, 'the call to action, last in the article').not.toBeNull();
    const hrefs = $$('a', last).map((a) => attr(a, 'href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/tree-removal', '/stump-grinding', '/service-area/vancouver']));
    expect(hrefs.filter((h) => h?.startsWith('tel:'))).toEqual([TEL]);
  });

  it('describes itself as a BlogPosting by the business', () => {
    const posting = jsonLd(page).filter((d) => d['@type'] === 'BlogPosting');
    expect(posting).toHaveLength(1);
    const p = posting[0];
    expect(p.headline).toBe(text($('h1', doc)));
    expect(p.datePublished).toBe(PERMIT_GUIDE!.published);
    expect(p.dateModified).toBe(PERMIT_GUIDE!.modified ?? PERMIT_GUIDE!.published);
    expect(p.author).toMatchObject({ '@type': 'Organization', name: business });
    expect(p.publisher).toMatchObject({ '@type': 'Organization', name: business });
    expect(p.image).toMatch(/^https:\/\/[^/]+\//);
    expect(new URL(p.image).origin).toBe(ORIGIN);
    expect(existsSync(path.join(siteDir(), new URL(p.image).pathname))).toBe(true);
    expect(p.mainEntityOfPage).toMatchObject({ '@type': 'WebPage', '@id': ORIGIN + urlPath });
  });

  it('is 2,000 to 3,200 words long', () => {
    const words = wordCount($$('article', parseHtml(page)));
    console.log(`[blog] ${urlPath}: ${words} words in the article`);
    expect(words).toBeGreaterThanOrEqual(2000);
    expect(words).toBeLessThanOrEqual(3200);
  });
});
