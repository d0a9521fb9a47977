// dist/_headers as the build writes it: security headers on every path, a strict CSP made from what the pages carry,
// caching by what a file is. Enforced: tests/browser/csp.test.ts; served: tests/deploy/; style hashes: first-paint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspHash, cspOf, headersFor, siteHeaders } from '../support/server.ts';
import { allFiles, publicFiles, siteDir } from '../support/site.ts';
import { ROUTES } from '../support/facts.ts';
import { textContent } from 'domutils';
import { $$, attr, parseHtml } from '../support/html.ts';

const rules = siteHeaders(siteDir());
const csp = cspOf(siteDir());

const htmlFiles = () => publicFiles().filter((f) => f.endsWith('.html'));
/** Bodies of the classic inline scripts of a page (not JSON-LD data blocks, not external modules), as written: the CSP
 *  hashes these bytes. */
const inlineScripts = (html: string) =>
  $$('script:not([src]):not([type="application/ld+json"])', parseHtml(html)).map((s) => textContent(s));

describe('dist/_headers', () => {
  it('gives every path the security headers', () => {
    const assets = allFiles().map((f) => '/' + path.relative(siteDir(), f).split(path.sep).join('/'));
    for (const p of [...ROUTES, '/no-such-page', '/404.html', ...assets]) {
      const h = headersFor(rules, p);
      expect(h['Content-Security-Policy'], p).toBeTruthy();
      expect(h['Strict-Transport-Security'], p).toMatch(/^max-age=\d{8,}/);
      expect(h['X-Content-Type-Options'], p).toBe('nosniff');
      expect(h['Referrer-Policy'], p).toBe('strict-origin-when-cross-origin');
      expect(h['Permissions-Policy'], p).toMatch(/camera=\(\)/);
    }
  });

  it('has a strict CSP: self, hashed inline scripts and style, no unsafe-inline or unsafe-eval anywhere', () => {
    const value = headersFor(rules, '/')['Content-Security-Policy'];
    expect(value).not.toMatch(/unsafe-|\*|https?:\s|'strict-dynamic'/);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')![0]).toBe("'self'");
    for (const source of csp.get('script-src')!.slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
    // style-src: the site and the hashes of the stylesheets the pages carry, and nothing else (first-paint.test.ts)
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-src')).toEqual(['https://maps.google.com', 'https://www.google.com']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'", 'mailto:']);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('hashes exactly the inline scripts the pages carry (the head script and the redirect stub script)', () => {
    const used = new Set(htmlFiles().flatMap((f) => inlineScripts(readFileSync(f, 'utf8')).map(cspHash)));
    expect(used.size).toBe(2);
    expect(new Set(csp.get('script-src')!.slice(1))).toEqual(used);
  });

  it('leaves nothing in the markup that the CSP would block: no style attributes, handlers or javascript: URLs', () => {
    const problems: string[] = [];
    for (const f of htmlFiles()) {
      // a JSON-LD block is text to the parser: what it says is no markup
      const doc = parseHtml(readFileSync(f, 'utf8'));
      const name = path.relative(siteDir(), f);
      for (const el of $$('*', doc))
        for (const [a, value] of Object.entries(el.attribs)) {
          if (a === 'style' || /^on[a-z]+$/.test(a)) problems.push(`${name}: ${a} attribute`);
          if (['href', 'src', 'action'].includes(a) && /^\s*javascript:/i.test(value)) problems.push(`${name}: javascript: URL`);
        }
      if ($$('style', doc).some((s) => Object.keys(s.attribs).length)) problems.push(`${name}: a <style> with attributes`);
      // a map's frame, made on a press from its placeholder's data-map-src (client/first-visit/page.ts)
      for (const src of [
        ...$$('iframe[src]', doc).map((el) => attr(el, 'src')!),
        ...$$('[data-map-src]', doc).map((el) => attr(el, 'data-map-src')!),
      ]) {
        if (!csp.get('frame-src')!.includes(new URL(src).origin)) problems.push(`${name}: frame ${src} not in frame-src`);
      }
      for (const src of $$('img[src]', doc).map((el) => attr(el, 'src')!)) {
        if (!src.startsWith('/') && !src.startsWith('data:')) problems.push(`${name}: image ${src} not in img-src`);
      }
      for (const action of $$('form[action]', doc).map((el) => attr(el, 'action')!)) {
        if (!action.startsWith('/') && !action.startsWith('mailto:')) problems.push(`${name}: form action ${action} not in form-action`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('caches hashed assets for a year and makes pages revalidate, never setting a header twice for one path', () => {
    const files = publicFiles().map((f) => '/' + path.relative(siteDir(), f).split(path.sep).join('/'));
    const assets = files.filter((p) => p.startsWith('/assets/'));
    // the first-visit module, the quote-delivery module it may load later with the words it says, and the estimate
    // file with its stylesheet, which it fetches on a page with estimate buttons (a page's own stylesheet is in the page)
    expect(assets.map((p) => p.replace(/-\w+\.(\w+)$/, '.$1')).sort()).toEqual([
      '/assets/app.js',
      '/assets/delivery.js',
      '/assets/estimate.css',
      '/assets/estimate.html',
      '/assets/words.json',
    ]);
    for (const p of assets) expect(headersFor(rules, p)['Cache-Control'], p).toBe('public, max-age=31536000, immutable');
    for (const p of [...ROUTES, '/thanks']) expect(headersFor(rules, p)['Cache-Control'], p).toMatch(/max-age=0, must-revalidate|no-cache/);
    // Netlify and Cloudflare Pages join a header set by two matching rules with a comma: "max-age=0, ..., immutable"
    for (const p of [...ROUTES, ...files, '/no-such-page']) {
      const names = rules.filter((r) => Object.keys(headersFor([r], p)).length).flatMap((r) => r.headers.map(([k]) => k.toLowerCase()));
      expect(names.length, `${p}: ${names}`).toBe(new Set(names).size);
    }
  });
});
