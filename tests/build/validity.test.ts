// Every built page is valid HTML, loads nothing from another origin, and no internal link of the output is broken.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate } from 'html-validate';
import { LinkChecker } from 'linkinator';
import { expect, it } from 'vitest';
import { ROUTES } from '../support/facts.ts';
import { $$, attr, parseHtml } from '../support/html.ts';
import { allFiles, baseUrl, siteDir } from '../support/site.ts';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // React's spelling of markup: <meta/>, <!doctype html>, charSet, required="": all valid HTML
    'void-style': 'off',
    'doctype-style': 'off',
    'attr-case': 'off',
    'attribute-boolean-style': 'off',
    'no-inline-style': 'error',
    'long-title': ['error', { maxlength: 90 }],
    'no-redundant-role': 'off',
    // tel links keep their number on one line with CSS (white-space: nowrap) instead of &nbsp; entities
    'tel-non-breaking': 'off',
  },
});

it('html-validate: finds zero errors on any page', async () => {
  const pages = allFiles().filter((f) => f.endsWith('.html'));
  expect(pages.length).toBeGreaterThan(ROUTES.length); // every route's, the 404's, the stubs'
  const problems: string[] = [];
  for (const file of pages) {
    const report = await validator.validateString(readFileSync(file, 'utf8'), file);
    for (const r of report.results)
      for (const m of r.messages) problems.push(`${path.relative(siteDir(), file)}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
  }
  expect(problems).toEqual([]);
});

// The Nu Html Checker (vnu) refuses an href or src with a character URLs do not allow as it is (the favicon's data:
// URL once carried raw spaces), which browsers forgive and html-validate does not check.
it('every href and src in the markup is a valid URL: no space, quote, angle bracket or other character URLs do not allow', () => {
  const pages = allFiles().filter((f) => f.endsWith('.html'));
  const bad: string[] = [];
  for (const file of pages)
    for (const el of $$('[href], [src]', parseHtml(readFileSync(file, 'utf8'))))
      for (const name of ['href', 'src']) {
        const value = attr(el, name);
        if (value !== null && /[^\w!$&'()*+,\-./:;=?@~%#]/.test(value))
          bad.push(`${path.relative(siteDir(), file)}: ${name}="${value.slice(0, 60)}..."`);
      }
  expect(pages.length).toBeGreaterThan(ROUTES.length);
  expect(bad).toEqual([]);
});

// (React spells some attributes in camel case: srcSet.) What the engines see a page fetch, on a page of each kind (tests/engines/pages.test.ts), is in every route's markup:
// an element that loads (eager or lazy) names a file of the site, or data: (a map's frame comes on a press, from its
// placeholder's data-map-src: tests/browser/maps.test.ts).
it('no page holds anything that would load from another origin: src, srcset or a loaded link by a path on the site', () => {
  const pages = allFiles().filter((f) => f.endsWith('.html'));
  // (the parser decodes references in attributes: &#x2F;&#x2F; is read as //)
  const elsewhere = (u: string) => !/^(\/(?!\/)|data:|#)/.test(u.trim());
  const found: string[] = [];
  for (const file of pages) {
    const name = path.relative(siteDir(), file);
    const doc = parseHtml(readFileSync(file, 'utf8'));
    for (const el of $$('iframe[src], frame[src], img[src], script[src], source[src], video[src], audio[src], embed[src]', doc))
      if (elsewhere(attr(el, 'src')!)) found.push(`${name}: <${el.name} src="${attr(el, 'src')}">`);
    for (const el of $$('link[href]', doc))
      if (/\b(stylesheet|preload|modulepreload|icon)\b/.test(attr(el, 'rel') ?? '') && elsewhere(attr(el, 'href')!))
        found.push(`${name}: <link rel="${attr(el, 'rel')}" href="${attr(el, 'href')}">`);
    for (const el of $$('[srcset]', doc))
      for (const u of attr(el, 'srcset')!
        .split(',')
        .map((c) => c.trim().split(/\s+/)[0]))
        if (elsewhere(u)) found.push(`${name}: srcset ${u}`);
  }
  expect(pages.length).toBeGreaterThan(ROUTES.length);
  expect(found).toEqual([]);
});

it('linkinator: finds no broken internal link in dist/', async () => {
  const checker = new LinkChecker();
  const result = await checker.check({
    path: baseUrl() + '/', // served with clean URLs, as a static host would
    recurse: true,
    concurrency: 10,
    linksToSkip: [`^(?!${baseUrl()})`], // outside links cannot be reached offline
  });
  const broken = result.links.filter((l) => l.state === 'BROKEN').map((l) => `${l.status} ${l.url} (from ${l.parent})`);
  expect(broken).toEqual([]);
  // it really crawled the site: every route was reached and answered
  const ok = new Set(result.links.filter((l) => l.state === 'OK').map((l) => l.url.replace(baseUrl(), '').replace(/#.*$/, '')));
  for (const p of ROUTES) expect(ok, p).toContain(p);
  // the app module, which the head script starts and linkinator cannot see: first-paint.test.ts (the file exists) and
  // tests/deploy/ (each host serves it as JavaScript)
});
