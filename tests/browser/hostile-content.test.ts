// Content that tries to break out of its place (script end tags, attribute breaks, quotes, ampersands, emoji,
// right-to-left text, a 500-character title) builds, injects nothing into any page, and reaches the JSON-LD as
// the literal text. Pages are parsed by Chromium's own HTML parser (DOMParser: no script runs, nothing loads). With no
// script of its own, a page keeps to the CSP's hashes of the build's two scripts (tests/build/headers.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForPath, type BuildResult } from '../../generator/build-site.ts';
import { sharedBrowser } from '../support/use-browser.ts';
import { ROUTES } from '../support/facts.ts';
import { Fixture } from '../support/fixture.ts';
import { ATTR_BREAK, EMOJI, HOSTILE, LONG_TITLE, makeHostile, RTL, SCRIPT_BREAK } from '../support/hostile.ts';
import { allFiles } from '../support/site.ts';

interface Parsed {
  file: string;
  injected: string[]; // elements or attributes that only an injection could have produced
  title: string;
  h1: string[];
  metas: Record<string, string>;
  jsonLd: { text: string; data: any; error?: string }[];
  faq: { q: string; a: string }[];
  options: { value: string; text: string }[];
  estimate: string[]; // data-estimate of the dialog openers
  copyright: string;
}

let fx: Fixture;
let result: BuildResult;
let context: BrowserContext;
let page: Page;
const parsed = new Map<string, Parsed>();

/** Parses a page in the browser and lists anything that is not one of the page's own scripts or elements. */
async function parse(file: string, html: string, allowed: { inline: string[] }): Promise<Parsed> {
  return page.evaluate(
    ({ file, html, allowed }) => {
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const injected: string[] = [];
      for (const el of doc.querySelectorAll('*')) {
        for (const a of el.attributes) if (/^on/i.test(a.name)) injected.push(`<${el.localName} ${a.name}>`);
        if (el.localName === 'img' && /^x$/.test(el.getAttribute('src') ?? '')) injected.push('<img src=x>');
      }
      for (const s of doc.querySelectorAll('script')) {
        const type = s.getAttribute('type');
        // JSON-LD, or one of the build's own inline scripts (the head script starts the module: no script has a src)
        const ok =
          type === 'application/ld+json' ? !s.src : !type && !s.hasAttribute('src') && allowed.inline.includes(s.textContent ?? '');
        if (!ok) injected.push(`<script type=${type}>${(s.textContent ?? '').slice(0, 40)}`);
      }
      const text = (el: Element | null) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
      const metas: Record<string, string> = {};
      for (const m of doc.querySelectorAll('meta[name], meta[property]'))
        metas[m.getAttribute('name') ?? m.getAttribute('property')!] = m.getAttribute('content') ?? '';
      return {
        file,
        injected,
        title: doc.title,
        h1: [...doc.querySelectorAll('h1')].map(text),
        metas,
        jsonLd: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => {
          try {
            return { text: s.textContent!, data: JSON.parse(s.textContent!) };
          } catch (e) {
            return { text: s.textContent!, data: null, error: String(e) };
          }
        }),
        faq: [...doc.querySelectorAll('.faq__item')].map((d) => ({
          q: text(d.querySelector('.faq__question')),
          a: text(d.querySelector('.faq__answer')),
        })),
        options: [...doc.querySelectorAll('#contact-area option, #estimate-area option')].map((o) => ({
          value: (o as HTMLOptionElement).value,
          text: o.textContent ?? '',
        })),
        estimate: [...doc.querySelectorAll('[data-estimate]')].map((a) => a.getAttribute('data-estimate') ?? ''),
        copyright: doc.querySelector('.footer-bottom p')?.textContent ?? '',
      };
    },
    { file, html, allowed },
  );
}

const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
const nodes = (p: Parsed, type: string) => p.jsonLd.map((j) => j.data).filter((d) => d?.['@type'] === type);
const pageAt = (urlPath: string) => parsed.get(fileForPath(urlPath))!;

beforeAll(async () => {
  fx = new Fixture();
  makeHostile(fx);
  result = await fx.build();
  context = await (await sharedBrowser()).newContext();
  page = await context.newPage();
  const { head, redirect } = result.site.assets.inlineScripts;
  for (const f of allFiles(fx.out).filter((f) => f.endsWith('.html'))) {
    const rel = path.relative(fx.out, f).split(path.sep).join('/');
    parsed.set(rel, await parse(rel, readFileSync(f, 'utf8'), { inline: [head, redirect] }));
  }
}, 120_000);
afterAll(async () => {
  await context?.close();
  fx?.remove();
});

describe('hostile content', () => {
  it('builds every page', () => {
    expect(result.pages).toBe(ROUTES.length);
    expect(parsed.size).toBeGreaterThanOrEqual(ROUTES.length + 1 + result.site.redirects.length);
  });

  it('injects no element, attribute or script into any page', () => {
    const injected = [...parsed.values()].flatMap((p) => p.injected.map((i) => `${p.file}: ${i}`));
    expect(injected).toEqual([]);
  });

  it('keeps every JSON-LD block valid JSON with no raw "<" that could end its script', () => {
    const blocks = [...parsed.values()].flatMap((p) => p.jsonLd.map((j) => ({ file: p.file, ...j })));
    expect(blocks.length).toBeGreaterThan(50);
    for (const b of blocks) {
      expect(b.error, b.file).toBeUndefined();
      expect(b.text, b.file).not.toMatch(/[<>]|\u2028|\u2029/);
    }
  });

  it('puts every hostile field in place as literal text: titles, meta tags, headings, FAQs, structured data, menus and options', () => {
    const soft = expect.soft;
    for (const p of [...parsed.values()].filter((p) => p.jsonLd.length)) {
      soft(nodes(p, 'HomeAndConstructionBusiness')[0].name, p.file).toBe(HOSTILE.business);
      soft(p.copyright, p.file).toBe(`© 2026 ${HOSTILE.business}. All rights reserved.`);
    }
    // the 500-character service title whole; the answer is Markdown: structured data holds exactly the text the page
    // shows, attack strings included
    const service = pageAt(HOSTILE.service.path);
    expect(LONG_TITLE).toHaveLength(500);
    soft([service.title, service.metas['og:title'], service.metas['twitter:title']]).toEqual([LONG_TITLE, LONG_TITLE, LONG_TITLE]);
    soft(service.metas.description).toBe(HOSTILE.service.description);
    soft(nodes(service, 'Service')[0]).toMatchObject({ name: HOSTILE.service.name, description: HOSTILE.service.description });
    soft(service.estimate).toContain(HOSTILE.service.dialogTitle);
    // the name reaches every page's menus
    soft(readFileSync(path.join(fx.out, 'about.html'), 'utf8')).toContain(
      'Tree Removal &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    const city = pageAt(HOSTILE.city.path);
    const cityTitle = `${HOSTILE.city.title} | ${HOSTILE.business}`;
    soft(city.title).toBe(cityTitle.length > 70 ? HOSTILE.city.title : cityTitle);
    soft(city.h1).toEqual([`Tree Services in ${fold(HOSTILE.city.name)}, BC`]);
    soft(city.metas.description).toBe(HOSTILE.city.description);
    soft(nodes(city, 'HomeAndConstructionBusiness')[0].areaServed.name).toBe(`${HOSTILE.city.name}, BC`);
    const home = pageAt('/');
    soft(home.options).toContainEqual({ value: HOSTILE.city.name, text: HOSTILE.city.name });
    soft(nodes(home, 'HomeAndConstructionBusiness')[0].areaServed.map((a: { name: string }) => a.name)).toContain(HOSTILE.city.name);
    const post = pageAt(HOSTILE.post.path);
    soft(nodes(post, 'BlogPosting')[0]).toMatchObject({ headline: HOSTILE.post.title, description: HOSTILE.post.description });
    soft(post.h1).toEqual([fold(HOSTILE.post.title)]);
    const faqs: [Parsed, { faqQ: string }, string[]][] = [
      [service, HOSTILE.service, [SCRIPT_BREAK, ATTR_BREAK, EMOJI, RTL]],
      [city, HOSTILE.city, [SCRIPT_BREAK]],
      [post, HOSTILE.post, [ATTR_BREAK]],
    ];
    for (const [p, h, attacks] of faqs) {
      const faq = nodes(p, 'FAQPage')[0].mainEntity[0];
      soft(faq.name, p.file).toBe(h.faqQ);
      soft(fold(p.faq[0].q), p.file).toBe(fold(h.faqQ));
      soft(faq.acceptedAnswer.text, p.file).toBe(p.faq[0].a);
      for (const a of attacks) soft(faq.acceptedAnswer.text, p.file).toContain(a);
    }
    for (const h of [HOSTILE.home, HOSTILE.about]) {
      const p = pageAt(h.path);
      soft([p.metas.description, p.metas['og:description']], h.path).toEqual([h.description, h.description]);
      soft(p.title.startsWith(h.title), h.path).toBe(true);
    }
    soft(pageAt('/about').title).toBe(HOSTILE.about.title); // title + name is over 70 characters: the name is left off
  });

  it('keeps the feed well-formed XML with the post title as text', async () => {
    const feed = readFileSync(path.join(fx.out, 'blog/feed.xml'), 'utf8');
    const r = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        title: doc.querySelector('item > title')?.textContent,
        summary: doc.querySelector('item > description')?.textContent,
      };
    }, feed);
    expect(r.error).toBeNull();
    expect(r.title).toBe(HOSTILE.post.title);
    expect(r.summary).toBe(HOSTILE.post.summary);
  });
});
