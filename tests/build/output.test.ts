// What `npm run build` writes: a file per route, redirects, sitemap, robots, head tags, JSON-LD, budgets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileForPath, routeTable } from '../../generator/build-site.ts';
import { todayIn } from '../../generator/time.ts';
import { countWord } from '../../templates/model/words.ts';
import { allFiles, publicFiles, html, jsonLd, siteDir } from '../support/site.ts';
import { BUDGET, eagerAssets, firstVisitBytes, PHOTO_BUDGET } from '../support/weight.ts';
import { business, CITY_NAMES, CITY_SLUGS, ORIGIN, REDIRECTS, ROUTES, SERVICE_PATHS, site, TEL } from '../support/facts.ts';

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
    const page = html(p);
    expect(page.startsWith('<!doctype html><html lang="en-CA">')).toBe(true);
    expect(page).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(page.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const s of [`<link rel="canonical" href="${ORIGIN}${p}"/>`, '<main id="main"']) expect(page).toContain(s);
    const title = page.match(/<title>([^<]{10,})<\/title>/)![1];
    for (const tag of [
      `property="og:title" content="${title}"`,
      `property="og:url" content="${ORIGIN}${p}"`,
      `name="twitter:title" content="${title}"`,
    ])
      expect(page).toContain(`<meta ${tag}/>`);
    expect(page).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\.png"/);
    expect(page).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });
  it('gives every page a different title and description', () => {
    const titles = ROUTES.map((p) => html(p).match(/<title>(.*?)<\/title>/)![1]);
    const descriptions = ROUTES.map((p) => html(p).match(/<meta name="description" content="(.*?)"/)![1]);
    expect(new Set(titles).size).toBe(ROUTES.length);
    expect(new Set(descriptions).size).toBe(ROUTES.length);
  });
  it('shows the current year where the company is in the footer', () => {
    expect(html('/')).toContain(`© ${todayIn(site.blogSettings.timeZone).slice(0, 4)} `);
  });
  it('writes a helpful noindex 404 page', () => {
    for (const s of ['<meta name="robots" content="noindex"/>', `href="${TEL}"`, 'href="/service-areas"', `href="${SERVICE_PATHS[0]}"`])
      expect(html('/404')).toContain(s);
  });
});

describe('redirects', () => {
  it.each(REDIRECTS)('%s has a stub that replaces navigation to %s', (from, to) => {
    const page = html(from);
    const [target, hash] = to.split('#');
    expect(page).toContain(`data-to="${target}"`);
    if (hash) expect(page).toContain(`data-hash="#${hash}"`);
    for (const s of [
      `<meta http-equiv="refresh" content="0; url=${to}"/>`,
      `<link rel="canonical" href="${ORIGIN}${to}"/>`,
      'location.replace(',
    ])
      expect(page).toContain(s);
  });
  it('/services/stump-removal says where it goes and is noindex,follow', () => {
    for (const s of ['Redirecting to our main stump grinding page...', '<meta name="robots" content="noindex,follow"/>'])
      expect(html('/services/stump-removal')).toContain(s);
  });
  // _redirects, a 301 for each: read by Netlify's own parser (tests/deploy/netlify.test.ts) and served by each host
});

describe('sitemap and robots', () => {
  it('lists every route and no redirect', () => {
    const xml = readFileSync(path.join(siteDir(), 'sitemap.xml'), 'utf8');
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1].replace(ORIGIN, ''));
    expect(locs.sort()).toEqual([...ROUTES].sort());
    for (const post of site.posts)
      expect(xml).toContain(`<loc>${ORIGIN}/blog/${post.slug}</loc><lastmod>${post.modified ?? post.published}</lastmod>`);
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
  [
    ...html(p)
      .match(/<nav class="breadcrumb[\s\S]*?<\/nav>/)![0]
      .matchAll(/<li>(?:<a href="([^"]*)">|<span aria-current="page">)(.*?)</g),
  ].map((m) => (m[1] ? `${m[2]} -> ${m[1]}` : m[2]));
const titled = (slug: string) => slug.replace(/(^|-)(\w)/g, (_, dash, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`);
const steps = (...between: string[]) => [`${site.labels.home} -> /`, ...between];
it("breadcrumbs name a service by its content's breadcrumb label where it gives one, every other step by its title-cased segment, and put city pages under Service Areas", () => {
  for (const s of site.services) expect(crumbs(s.path)).toEqual(steps((s.breadcrumb ?? titled(s.slug)).replaceAll('&', '&amp;')));
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
      const page = html(p);
      const css = [...page.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]);
      if (page.includes('data-estimate-ui=')) css.push(readFileSync(files[0], 'utf8'));
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
      const estimate = html(p).includes(' data-estimate-ui=') ? [expect.stringMatching(/^\/assets\/estimate-\w+\.css$/)] : [];
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
  const page = () => html('/');
  it('shows the four service cards with their starting prices and links', () => {
    for (const [slug, price] of [
      ['tree-removal', 300],
      ['stump-grinding', 120],
      ['tree-trimming', 150],
      ['tree-health-inspection', 75],
    ] as const) {
      expect(site.services.find((s) => s.slug === slug)!.startingPrice).toBe(price);
      expect(page()).toContain(`Starting at <strong>$${price}</strong>`);
      expect(page()).toMatch(new RegExp(`<a class="text-link" href="/${slug}">`));
    }
  });
  it("carries the company's claims", () => {
    const text = page().replace(/<[^>]+>/g, ' ');
    const claims =
      'certified|insured|licensed arborists|15\\+|500\\+|free written quote|24/7|cleanup|chip|permit|insurance|within the week';
    for (const claim of [...claims.split('|'), `${countWord(CITY_NAMES.length)}|${CITY_NAMES.length} cities`])
      expect(text).toMatch(new RegExp(claim, 'i'));
  });
  it('has three testimonials, a review link and the contact section', () => {
    expect(page().match(/class="card testimonial"/g)).toHaveLength(3);
    expect(page()).toContain('id="contact"');
    // the map is a placeholder until the visitor asks (tests/browser/maps.test.ts): no frame in the page
    expect(page()).toMatch(/<div class="map [^>]*data-map-src="https:\/\/maps\.google\.com\//);
    expect(page()).not.toContain('<iframe');
  });
});
