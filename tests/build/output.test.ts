// What `npm run build` writes: a file per route, redirects, sitemap, robots, head tags, JSON-LD, budgets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileForPath, routeTable } from '../../generator/build-site.ts';
import { todayIn } from '../../generator/time.ts';
import { countWord } from '../../templates/model/words.ts';
import { textContent } from 'domutils';
import { allFiles, publicFiles, html, jsonLd, siteDir, visibleText } from '../support/site.ts';
import { sitemapEntries } from '../support/files.ts';
import { $, $$, attr, parseHtml, text, type AnyNode } from '../support/html.ts';
import { BUDGET, eagerAssets, firstVisitBytes, PHOTO_BUDGET } from '../support/weight.ts';
import { business, CITY_NAMES, CITY_SLUGS, ORIGIN, REDIRECTS, ROUTES, SERVICE_PATHS, site, TEL } from '../support/facts.ts';

/** A meta tag's content, by its name or property (null without one). */
const meta = (doc: AnyNode, key: string) => {
  const tag = $(`meta[name="${key}"], meta[property="${key}"]`, doc);
  return tag && attr(tag, 'content');
};
const doc = (p: string) => parseHtml(html(p));

describe('routes', () => {
  it('has exactly the route table: the URL rules applied to the published content', () => {
    // single pages at /{file name} (the home page at /), of every kind of single page
    const singles = routeTable(site).filter((r) => r.source.startsWith('pages/') && r.kind !== 'blog');
    for (const r of singles) expect(r.path, r.source).toBe(r.source === 'pages/home.md' ? '/' : `/${path.basename(r.source, '.md')}`);
    expect(singles.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/about', '/service-areas']));
    // services at /{slug}, the blog's pages at /blog and /blog/page/N, posts at /blog/{slug}, cities at /service-area/{slug}
    const { perPage } = site.blogSettings;
    const expected = [
      ...singles.map((r) => r.path),
      ...SERVICE_PATHS,
      ...Array.from({ length: Math.max(1, Math.ceil(site.posts.length / perPage)) }, (_, i) => (i ? `/blog/page/${i + 1}` : '/blog')),
      ...site.posts.map((p) => `/blog/${p.slug}`),
      ...CITY_SLUGS.map((c) => `/service-area/${c}`),
    ];
    expect([...ROUTES].sort()).toEqual([...expected].sort());
    // and the built site has a page for each, and no other page
    const pages = allFiles()
      .map((f) => path.relative(siteDir(), f))
      .filter((f) => f.endsWith('.html') && !f.startsWith('admin/') && !f.startsWith('assets/')); // assets/: the estimate file
    const others = new Set(['404.html', 'thanks.html', ...REDIRECTS.map(([from]) => fileForPath(from))]);
    expect(pages.filter((f) => !others.has(f)).sort()).toEqual(expected.map(fileForPath).sort());
  });
  it.each(ROUTES)('%s is a complete page with its own title, description, h1, canonical, Open Graph and Twitter tags', (p) => {
    const page = doc(p);
    // the doctype first (standards mode), then the document in English as Canadians write it
    const [first, root] = page.children;
    expect([first.type, 'data' in first && first.data]).toEqual(['directive', '!doctype html']);
    expect(root).toBe($('html', page));
    expect(attr($('html', page)!, 'lang')).toBe('en-CA');
    expect(meta(page, 'description')!.length).toBeGreaterThanOrEqual(50);
    expect($$('h1', page)).toHaveLength(1);
    expect(attr($('link[rel=canonical]', page)!, 'href')).toBe(`${ORIGIN}${p}`);
    expect($('main#main', page)).not.toBeNull();
    const title = text($('title', page));
    expect(title.length).toBeGreaterThanOrEqual(10);
    expect(['og:title', 'og:url', 'twitter:title'].map((key) => meta(page, key))).toEqual([title, `${ORIGIN}${p}`, title]);
    expect(meta(page, 'og:image')).toMatch(/^https:\/\/[^"]+\.png$/);
    expect(meta(page, 'twitter:card')).toBe('summary_large_image');
  });
  it('gives every page a different title and description', () => {
    const titles = ROUTES.map((p) => text($('title', doc(p))));
    const descriptions = ROUTES.map((p) => meta(doc(p), 'description'));
    expect(new Set(titles).size).toBe(ROUTES.length);
    expect(new Set(descriptions).size).toBe(ROUTES.length);
  });
  it('shows the current year where the company is in the footer', () => {
    expect(text($('footer', doc('/')))).toContain(`© ${todayIn(site.blogSettings.timeZone).slice(0, 4)} `);
  });
  it('writes a helpful noindex 404 page', () => {
    const page = doc('/404');
    expect(meta(page, 'robots')).toBe('noindex');
    for (const href of [TEL, '/service-areas', SERVICE_PATHS[0]]) expect($(`a[href="${href}"]`, page), href).not.toBeNull();
  });
});

describe('redirects', () => {
  it.each(REDIRECTS)('%s has a stub that replaces navigation to %s', (from, to) => {
    const page = doc(from);
    const [target, hash] = to.split('#');
    expect(attr($('[data-to]', page)!, 'data-to')).toBe(target);
    if (hash) expect(attr($('[data-hash]', page)!, 'data-hash')).toBe(`#${hash}`);
    expect(attr($('meta[http-equiv=refresh]', page)!, 'content')).toBe(`0; url=${to}`);
    expect(attr($('link[rel=canonical]', page)!, 'href')).toBe(`${ORIGIN}${to}`);
    expect(
      $$('script', page)
        .map((s) => textContent(s))
        .join('\n'),
    ).toContain('location.replace(');
  });
  it('/services/stump-removal says where it goes and is noindex,follow', () => {
    const page = doc('/services/stump-removal');
    expect(visibleText($$('body', page))).toContain('Redirecting to our main stump grinding page...');
    expect(meta(page, 'robots')).toBe('noindex,follow');
  });
  // _redirects, a 301 for each: read by Netlify's own parser (tests/deploy/netlify.test.ts) and served by each host
});

describe('sitemap and robots', () => {
  it('lists every route and no redirect', () => {
    const entries = sitemapEntries(readFileSync(path.join(siteDir(), 'sitemap.xml'), 'utf8'));
    const locs = entries.map((e) => e.loc.replace(ORIGIN, ''));
    expect(locs.sort()).toEqual([...ROUTES].sort());
    for (const post of site.posts)
      expect(entries).toContainEqual({ loc: `${ORIGIN}/blog/${post.slug}`, lastmod: post.modified ?? post.published });
  });
  it('robots.txt names the sitemap', () => {
    expect(readFileSync(path.join(siteDir(), 'robots.txt'), 'utf8')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('JSON-LD', () => {
  // no < or > that could end a block's script, whatever the content says: hostile-content.test.ts
  it.each(ROUTES)('%s describes the local business and its breadcrumb', (p) => {
    const blocks = jsonLd(html(p));
    const biz = blocks.find((b) => b['@type'] === 'HomeAndConstructionBusiness')!;
    const { name, phoneE164: telephone, openingHours, priceRange } = business;
    // one @id: one business, however much a page says of it
    expect(biz).toMatchObject({ '@id': `${ORIGIN}/#business`, name, telephone, openingHours, priceRange });
    expect(biz.address['@type']).toBe('PostalAddress');
    expect(biz.sameAs[0]).toMatch(/^https:\/\//);
    // the whole block where the page is about the business (home) or its work in a city; elsewhere, the summary
    const whole = p === '/' || p.startsWith('/service-area/');
    if (whole) expect(biz.contactPoint).toMatchObject({ contactType: 'customer service', areaServed: 'CA-BC' });
    for (const k of ['contactPoint', 'areaServed', 'openingHoursSpecification', 'email', 'description'])
      expect(k in biz, `${p}: ${k}`).toBe(whole);
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, name: 'Home', item: `${ORIGIN}/` });
  });
  it('names every city, then the extra areas served', () => {
    const biz = jsonLd(html('/')).find((b) => b['@type'] === 'HomeAndConstructionBusiness')!;
    const names = biz.areaServed.map((a: { name: string }) => a.name);
    expect(names).toEqual([...CITY_NAMES, ...business.extraAreasServed]);
  });
  it('gives /about an Organization with a postal address', () => {
    const org = jsonLd(html('/about')).find((b) => b['@type'] === 'Organization')!;
    const { street, city, region } = business.address;
    expect(org.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: street, addressLocality: city, addressRegion: region });
  });
});

/** Each crumb as `label -> href`, the current page's as its label alone. */
const crumbs = (p: string) =>
  $$('nav.breadcrumb li', doc(p)).map((li) => {
    const a = $('a', li);
    return a ? `${text(a)} -> ${attr(a, 'href')}` : text($('span[aria-current=page]', li));
  });
const titled = (slug: string) => slug.replace(/(^|-)(\w)/g, (_, dash, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`);
const steps = (...between: string[]) => [`${site.labels.home} -> /`, ...between];
it("breadcrumbs name a service by its content's breadcrumb label where it gives one, every other step by its title-cased segment, and put city pages under Service Areas", () => {
  for (const s of site.services) expect(crumbs(s.path)).toEqual(steps(s.breadcrumb ?? titled(s.slug)));
  for (const c of site.cities) expect(crumbs(c.path)).toEqual(steps('Service Areas -> /service-areas', titled(c.slug)));
  for (const p of site.posts) expect(crumbs(`/blog/${p.slug}`)).toEqual(steps('Blog -> /blog', titled(p.slug)));
});

describe('budgets', () => {
  const gz = (f: string) => gzipSync(readFileSync(f), { level: 9 }).length;
  it('the client JavaScript a first visit loads is at most 8 KB gzip: one module, importing nothing up front', () => {
    const src = html('/').match(/"(\/assets\/app-\w+\.js)"/)![1];
    const main = path.join(siteDir(), src);
    const text = readFileSync(main, 'utf8');
    // a static import would load another file on every first visit; only import("...") is allowed
    expect(text).not.toMatch(/(^|[;}])import\s*[{*"]/);
    console.log(`JS ${gz(main)} B gzip on a first visit`);
    expect(gz(main)).toBeLessThanOrEqual(8192);
    // the rest is the quote-delivery module, loaded once a visitor touches a form (and only with real delivery; every
    // file of /assets/: headers.test.ts)
    expect(text).toMatch(/import\("\.\/delivery-\w+\.js"\)/);
  });
  it("all CSS is at most 12 KB gzip: the stylesheet a page carries in its head (its kind's share), with the estimate file's where the page fetches it", () => {
    const files = publicFiles().filter((f) => f.endsWith('.css'));
    expect(files.map((f) => path.relative(siteDir(), f))).toEqual([expect.stringMatching(/^assets\/estimate-\w+\.css$/)]);
    const sizes = ROUTES.map((p) => {
      const page = doc(p);
      // each stylesheet's bytes as written, compressed as they travel
      const css = $$('style', page).map((s) => textContent(s));
      if ($('[data-estimate-ui]', page)) css.push(readFileSync(files[0], 'utf8'));
      return css.reduce((n, c) => n + gzipSync(c, { level: 9 }).length, 0);
    });
    console.log(
      `CSS ${Math.min(...sizes)}-${Math.max(...sizes)} B gzip a page (its kind's share, and the estimate file's stylesheet on pages with estimate buttons)`,
    );
    expect(Math.max(...sizes)).toBeLessThanOrEqual(12288);
  });
  it('ships no web font', () => {
    expect(allFiles().filter((f) => /\.(woff2?|ttf|otf)$/.test(f))).toHaveLength(0);
  });
  it('first-visit bytes (what a first visit fetches before any interaction, brotli) stay within 50 KB on every route, 80 KB with a hero photo', () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const p of ROUTES) {
      // the stylesheet is in the page (first-paint.test.ts), the app module and the estimate file's stylesheet counted here
      const { bytes, assets } = firstVisitBytes(siteDir(), p);
      expect(assets, p).toContainEqual(expect.stringMatching(/^\/assets\/app-\w+\.js$/));
      const estimate = $('[data-estimate-ui]', doc(p)) ? [expect.stringMatching(/^\/assets\/estimate-\w+\.css$/)] : [];
      const css = assets.filter((a) => a.endsWith('.css'));
      expect(css, p).toEqual(estimate);
      rows.push(`${p.padEnd(45)} ${(bytes / 1024).toFixed(1)} KB`);
      const limit = assets.some((a) => a.startsWith('/assets/img/')) ? PHOTO_BUDGET : BUDGET; // 80 KB with a hero photo
      if (bytes > limit) over.push(`${p}: ${bytes} B`);
    }
    console.log(rows.join('\n'));
    expect(over).toEqual([]);
  });
  it("counts stylesheets and eager images, an eager <picture> at the file Lighthouse's phone (412 px, DPR 1.75) picks, and a lazy one not at all", () => {
    expect(eagerAssets('<img src="/a.png"><img loading="lazy" src="/b.png"><link rel="stylesheet" href="/c.css">')).toEqual([
      '/c.css',
      '/a.png',
    ]);
    const picture = (loading: string) =>
      '<picture><source type="image/avif" srcset="/p-400.avif 400w, /p-800.avif 800w, /p-1600.avif 1600w" sizes="(min-width: 60em) 34rem, calc(100vw - 2rem)">' +
      `<img src="/p-800.jpg" srcset="/p-400.jpg 400w, /p-800.jpg 800w" sizes="100vw" width="4" height="3" alt="" ${loading}></picture>`;
    expect(eagerAssets(picture('fetchpriority="high"'))).toEqual(['/p-800.avif']); // (412 - 32) x 1.75 = 665 px: the 800w file
    expect(eagerAssets(picture('loading="lazy"'))).toEqual([]);
  });
});

describe('home page content', () => {
  const page = () => doc('/');
  it('shows the four service cards with their starting prices and links', () => {
    for (const [slug, price] of [
      ['tree-removal', 300],
      ['stump-grinding', 120],
      ['tree-trimming', 150],
      ['tree-health-inspection', 75],
    ] as const) {
      expect(site.services.find((s) => s.slug === slug)!.startingPrice).toBe(price);
      // the price in bold, in its sentence
      const prices = $$('strong', page()).filter((s) => text(s) === `$${price}`);
      expect(
        prices.map((s) => text(s.parent)).some((t) => t.includes(`Starting at $${price}`)),
        slug,
      ).toBe(true);
      expect($(`a.text-link[href="/${slug}"]`, page()), slug).not.toBeNull();
    }
  });
  it("carries the company's claims", () => {
    const text = visibleText(page());
    const claims =
      'certified|insured|licensed arborists|15\\+|500\\+|free written quote|24/7|cleanup|chip|permit|insurance|within the week';
    for (const claim of [...claims.split('|'), `${countWord(CITY_NAMES.length)}|${CITY_NAMES.length} cities`])
      expect(text).toMatch(new RegExp(claim, 'i'));
  });
  it('has three testimonials, a review link and the contact section', () => {
    expect($$('.card.testimonial', page())).toHaveLength(3);
    expect($('#contact', page())).not.toBeNull();
    // the map is a placeholder until the visitor asks (tests/browser/maps.test.ts): no frame in the page
    expect($$('div.map[data-map-src^="https://maps.google.com/"]', page())).not.toEqual([]);
    expect($$('iframe', page())).toEqual([]);
  });
});
