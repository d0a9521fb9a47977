// A page paints from its first response: the CSS of the components it rendered is in its head, allowed by the CSP
// through the hash of its exact text; nothing in the head makes the browser fetch something before it may paint; and the response up
// to the end of the header and the <h1> fits in what a server may send before the first acknowledgement.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileForPath } from '../../generator/build-site.ts';
import { bundleCss } from '../../generator/assets.ts';
import { PAGES, ROUTES as routes, SERVICE_PATHS, site as facts } from '../support/facts.ts';
import { textContent } from 'domutils';
import { $, $$, attr, parseHtml, type AnyNode } from '../support/html.ts';
import { compressed, cspHash, cspOf, headersFor, siteHeaders, type HeaderRule } from '../support/server.ts';
import { publicFiles, estimateFile, estimateUrls, html, siteDir } from '../support/site.ts';

/** TCP's initial congestion window: 10 segments of 1,460 bytes, less some room for TLS records. */
const FIRST_WINDOW = 14 * 1024;
/** The window itself, 10 segments of 1,460 bytes, as Lighthouse's model counts it. */
const TCP_WINDOW = 10 * 1460;

/** The text of each <style> of a page (or of part of a parsed one), exactly as written: the CSP hashes these bytes. */
const styles = (page: string | AnyNode) => $$('style', typeof page === 'string' ? parseHtml(page) : page).map((s) => textContent(s));
/** What the first <h1> of a page ends at: the bytes a browser needs before it can show it. */
const throughH1 = (text: string) => Buffer.byteLength(text.slice(0, $('h1', parseHtml(text))!.endIndex! + 1));
const styleSources = (urlPath: string) => cspOf(siteDir(), urlPath).get('style-src') ?? [];

/** What a browser can decode from the first n bytes of a compressed stream (a cut stream is not an error here). */
const DECODED = {
  br: (c: Buffer, n: number) => brotliDecompressSync(c.subarray(0, n), { finishFlush: constants.BROTLI_OPERATION_FLUSH }).length,
  gzip: (c: Buffer, n: number) => gunzipSync(c.subarray(0, n), { finishFlush: constants.Z_SYNC_FLUSH }).length,
};

/** The fewest bytes of the compressed stream from which a browser decodes the page's first `upTo` bytes. */
function compressedPrefix(page: Buffer, upTo: number, encoding: keyof typeof DECODED): number {
  const stream = compressed(page, encoding);
  let [lo, hi] = [0, stream.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    let n = 0; // where too little of the stream decodes nothing yet
    try {
      n = DECODED[encoding](stream, mid);
    } catch {}
    if (n >= upTo) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The response's header block as HTTP/1.1 writes it: the status line, the `_headers` of the path and what every host adds. */
function headerBytes(rules: HeaderRule[], urlPath: string, encoding: string): number {
  const headers = {
    ...headersFor(rules, urlPath),
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Encoding': encoding,
    Vary: 'Accept-Encoding',
    Date: 'Wed, 01 Jan 2025 00:00:00 GMT',
    ETag: '"0123456789abcdef0123456789abcdef"',
    'Last-Modified': 'Wed, 01 Jan 2025 00:00:00 GMT',
    Server: 'nginx',
  };
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return Buffer.byteLength(`HTTP/1.1 200 OK\r\n${lines.join('')}\r\n`);
}

const rules = siteHeaders(siteDir());

describe('the stylesheet in every head', () => {
  it('is one <style> in the head of every page, and no stylesheet is linked', () => {
    const pages = publicFiles().filter((f) => f.endsWith('.html') && !path.relative(siteDir(), f).startsWith('assets/'));
    const redirects = new Set((readFileSync(path.join(siteDir(), '_redirects'), 'utf8').match(/^\S+/gm) ?? []).map(fileForPath));
    for (const f of pages) {
      const name = path.relative(siteDir(), f);
      const page = parseHtml(readFileSync(f, 'utf8'));
      expect($$('link[rel~=stylesheet]', page), name).toEqual([]);
      if (redirects.has(name)) {
        expect(styles(page), name).toEqual([]); // a stub paints nothing worth styling: it goes at once
        continue;
      }
      expect(styles($('head', page)!), name).toHaveLength(1);
      expect(styles(page), name).toHaveLength(1);
    }
  });

  it("is allowed by the CSP's style-src through the SHA-256 of its exact text, on every page, and nothing else is", () => {
    const carried = new Set<string>();
    for (const p of PAGES) {
      const sources = styleSources(p);
      const inline = styles(html(p));
      expect(sources, p).toEqual(expect.arrayContaining(inline.map(cspHash))); // byte for byte: a changed character is another hash
      inline.forEach((css) => carried.add(cspHash(css)));
    }
    // few hashes, since every response carries them: one for each stylesheet a page carries, no other; and the site
    // itself, for the estimate file's stylesheet, as the site's pages have estimate buttons
    expect(PAGES.some((p) => $('[data-estimate-ui]', parseHtml(html(p))))).toBe(true);
    expect(new Set(PAGES.flatMap((p) => styleSources(p)))).toEqual(new Set([...carried, "'self'"]));
  });

  it("holds the CSS of the components the page rendered: a map's where a map is, the toasts' where a form is", async () => {
    const whole = await bundleCss();
    const symbols = (css: string) => new Set([...css.matchAll(/[.#](-?[A-Za-z_][\w-]*)/g)].map((m) => m[1]));
    const city = symbols(styles(html(facts.cities[0].path))[0]);
    const service = styles(html(SERVICE_PATHS[0]))[0];
    expect(city.has('map__card')).toBe(true);
    expect(symbols(service).has('map__card')).toBe(false);
    // the toasts' rules, those of what the client builds in them too, on a page with a form of its own; none without
    expect($('#toasts', parseHtml(html('/')))).not.toBeNull();
    expect(symbols(styles(html('/'))[0]).has('toast--destructive')).toBe(true);
    expect(city.has('toast__close')).toBe(false);
    expect(service.length).toBeLessThan(whole.length);
  });
});

/** Every selector of a minified stylesheet's style rules, those inside @media too (not a keyframe's steps). */
function selectorsOf(css: string): string[] {
  const lists = [...css.matchAll(/([^{}]+)\{[^{}]*\}/g)].map((m) => m[1]).filter((l) => !/^(@|\d|from$|to$)/.test(l));
  return lists.flatMap((l) => l.split(/,(?![^(]*\))/));
}

describe('the estimate file', () => {
  it('is named by every page with estimate buttons and by no other, and no page carries the dialog itself', () => {
    const doc = (p: string) => parseHtml(html(p));
    const withButtons = PAGES.filter((p) => $('[data-estimate]', doc(p)));
    expect(withButtons).toEqual(expect.arrayContaining(SERVICE_PATHS));
    for (const p of PAGES) {
      expect($('[data-estimate-ui]', doc(p)) !== null, p).toBe(withButtons.includes(p));
      expect($$('dialog', doc(p)), p).toEqual([]);
    }
    // one file for all of them
    expect(new Set(withButtons.map((p) => attr($('[data-estimate-ui]', doc(p))!, 'data-estimate-ui'))).size).toBe(1);
  });

  it('holds the dialog with its form and the toasts with their words, and is kept out of search', () => {
    const file = estimateFile(html(SERVICE_PATHS[0]));
    const doc = parseHtml(file);
    expect(attr($('meta[name="robots"]', doc)!, 'content')).toBe('noindex');
    expect($('dialog#estimate-dialog form#estimate-form', doc)).not.toBeNull();
    // the words the first-visit module says, and the words file's, which the delivery module alone says (both cached
    // for good, as every /assets/ file: headers.test.ts); a page with a form of its own names the same
    const toasts = (page: string) => ['data-words', 'data-words-file'].map((a) => attr($('div#toasts', parseHtml(page))!, a)!);
    const [words, wordsFile] = toasts(file);
    const said = { ...JSON.parse(words), ...JSON.parse(readFileSync(path.join(siteDir(), wordsFile), 'utf8')) };
    expect(said).toMatchObject(facts.forms.messages);
    expect(toasts(html('/'))).toEqual([words, wordsFile]);
  });

  it('links a stylesheet with the CSS of the dialog, its form and its toasts, and nothing a page that fetches it carries', () => {
    const sheet = readFileSync(path.join(siteDir(), estimateUrls(html(SERVICE_PATHS[0]))!.stylesheet), 'utf8');
    expect(selectorsOf(sheet)).toEqual(expect.arrayContaining(['.dialog__head', '.field label', '.toast--destructive']));
    for (const p of PAGES.filter((q) => $('[data-estimate-ui]', parseHtml(html(q))))) {
      const own = selectorsOf(styles(html(p))[0]);
      const both = selectorsOf(sheet).filter((sel) => own.includes(sel));
      expect(both, `${p}: selectors in both its <style> and the estimate file's stylesheet`).toEqual([]);
    }
  });
});

it.each([...routes, '/404'])('%s: the head fetches nothing before the first paint; the one module starts after it', (p) => {
  const doc = parseHtml(html(p));
  const head = $('head', doc)!;
  const scripts = $$('script', doc);
  expect(scripts.filter((s) => attr(s, 'src') !== null).map((s) => s.attribs)).toEqual([]); // no script file, in the head or after it
  // the only classic inline script is the head script (the www rule, the js class, the module's start)
  const classic = scripts.filter((s) => Object.keys(s.attribs).length === 0);
  expect(classic).toHaveLength(1);
  const started = [
    ...scripts
      .map((s) => textContent(s))
      .join('\n')
      .matchAll(/"(\/assets\/app-\w+\.js)"/g),
  ].map((m) => m[1]);
  expect(started).toEqual([expect.stringMatching(/^\/assets\/app-[0-9a-f]{10}\.js$/)]);
  expect(existsSync(path.join(siteDir(), started[0]))).toBe(true);
  // no stylesheet file (the module too waits for the paint), nothing else marked render-blocking
  expect($$('link[rel~=stylesheet], link[rel~=preload], link[rel~=modulepreload]', head).map((l) => l.attribs)).toEqual([]);
  for (const el of $$('[blocking~=render]', head))
    expect({ name: el.name, rel: attr(el, 'rel'), href: attr(el, 'href') }).toEqual({
      name: 'link',
      rel: 'expect',
      href: expect.stringMatching(/^#[\w-]+$/),
    });
  // the favicon comes with the page, not as a request of its own
  expect(attr($('link[rel=icon]', head)!, 'href')).toMatch(/^data:image\/svg\+xml,/);
  // the head script starts the client module once a paint is reported (or at once in a hidden tab)
  expect(classic[0].parent === head, 'the classic script is in the head').toBe(true);
  const script = textContent(classic[0]);
  expect(script).toMatch(/"\/assets\/app-\w+\.js"[\s\S]*import\(/);
  expect(script).toMatch(/PerformanceObserver[\s\S]*supportedEntryTypes[\s\S]*type:"paint"/);
  expect(script).toContain('document.hidden');
});

describe('the first round trip', () => {
  it('carries every page up to the end of its header and its <h1>, compressed as hosts send it, in 14 KB with the headers', () => {
    const rows: string[] = [];
    const over: string[] = [];
    let larger = 0;
    for (const p of routes) {
      const page = readFileSync(path.join(siteDir(), fileForPath(p)));
      const text = page.toString('utf8');
      const doc = parseHtml(text);
      expect($('header.site-header', doc)!.endIndex!, p).toBeLessThan($('h1', doc)!.endIndex!);
      // in bytes, as they travel: the parser says where the <h1> ends
      const upTo = throughH1(text);
      const cells = (['br', 'gzip'] as const).map((enc) => {
        const bytes = headerBytes(rules, p, enc) + compressedPrefix(page, upTo, enc);
        if (bytes > FIRST_WINDOW) over.push(`${p} (${enc}): ${bytes} B`);
        return `${enc} ${bytes} B`;
      });
      // the whole response, for comparison: Lighthouse's model paints only once all of it has arrived
      // (docs/decisions/first-paint.md), so above TCP's 14,600 bytes it counts a second round trip
      const whole = headerBytes(rules, p, 'br') + compressed(page, 'br').length;
      if (whole > TCP_WINDOW) larger++;
      rows.push(`${p.padEnd(45)} to </h1>: ${cells.join(', ')}; whole page br ${whole} B`);
    }
    console.log(
      `${facts.business.name}: the first response up to the <h1>, with its headers\n${rows.join('\n')}\n` +
        `${larger} of ${routes.length} whole pages (brotli) are larger than TCP's first window (${TCP_WINDOW} B)`,
    );
    expect(over).toEqual([]);
  });

  it('measures where a page stops being decodable: a later <h1> needs more of the stream', () => {
    const page = readFileSync(path.join(siteDir(), fileForPath('/about')));
    const h1 = throughH1(page.toString('utf8'));
    for (const enc of ['br', 'gzip'] as const) {
      const whole = compressed(page, enc).length;
      expect(compressedPrefix(page, h1, enc)).toBeLessThan(compressedPrefix(page, page.length, enc));
      expect(compressedPrefix(page, page.length, enc)).toBeLessThanOrEqual(whole);
      expect(compressedPrefix(page, 1, enc)).toBeGreaterThan(0);
    }
  });
});
