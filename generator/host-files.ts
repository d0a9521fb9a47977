// What a host needs besides the pages: the sitemap, robots.txt, redirects (`_redirects`) and response headers
// (Netlify / Cloudflare Pages `_headers`); the nginx server block, made of the same headers, is in nginx.ts. Pure
// functions of the site model and route table, so every host and the tests share one source of truth.
import { createHash } from 'node:crypto';
import { escapeXml } from '../templates/escape.ts';
import type { Route, Site } from '../templates/model/types.ts';
import { EDITOR_PATH } from '../templates/model/constants.ts';

/** Frames the site embeds: the maps service (templates/parts/blocks.tsx MapFrame, made only on the visitor's press by
 * client/first-visit/page.ts initMaps), which redirects to www.google.com. */
export const FRAME_SOURCES = ['https://maps.google.com', 'https://www.google.com'];

/** Hashed file names never change content, so browsers and CDNs may keep them for a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Pages keep their address when their content changes: always ask the server (cheap with ETag / Last-Modified). */
export const REVALIDATE_CACHE = 'public, max-age=0, must-revalidate';

/** `'sha256-…'` for a CSP script-src or style-src: the hash of the exact text between <script> and </script> (<style> and </style>). */
export function cspHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/** The inline scripts the build emits: the head script on every page (www rule, js class, the module's start), the redirect script on the stubs (if any). */
export function inlineScripts(site: Site): string[] {
  const { head, redirect } = site.assets.inlineScripts;
  return site.redirects.length ? [head, redirect] : [head];
}

/** The Content-Security-Policy: only what the site really loads, no inline code but the hashed scripts. */
export function contentSecurityPolicy(site: Site): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScripts(site).map(cspHash)],
    // The one <style> in every head (the CSS of the components the page rendered) by its hash: one hash for each
    // distinct <style>; and, where pages have estimate buttons, the estimate file's stylesheet, which the client links
    // from the site itself.
    // No style attributes: the client sets element.style, which CSP allows.
    ['style-src', ...(site.assets.dialog ? ["'self'"] : []), ...site.assets.styles.map(cspHash)],
    ['img-src', "'self'", 'data:'],
    ['frame-src', ...FRAME_SOURCES],
    ...formSources(site),
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/**
 * Where quote requests may go (site.yaml forms.delivery). Simulated, the contact form's no-JavaScript fallback is
 * action="mailto:..."; Netlify takes the posts on the site's own origin; a form service adds its origin, nothing more.
 */
export function formSources(site: Site): [string, ...string[]][] {
  const { delivery, endpoint } = site.forms;
  if (delivery === 'simulate')
    return [
      ['connect-src', "'self'"],
      ['form-action', "'self'", 'mailto:'],
    ];
  const origin = new URL(site.business.origin).origin;
  const target = delivery === 'endpoint' && endpoint ? new URL(endpoint, origin).origin : origin;
  const extra = target === origin ? [] : [target];
  return [
    ['connect-src', "'self'", ...extra],
    ['form-action', "'self'", ...extra],
  ];
}

/** The editor's address, from the shared leaf (links into the editor start there too), for the hosts' files. */

/**
 * The policy of the editor at /admin/ (Sveltia CMS), in place of the public one: as strict as it runs under. It
 * needs inline styles for its own interface (Svelte sets style attributes), blob: and data: for the photos it
 * previews, and, once connected to GitHub (site.yaml cms:), GitHub's API and the editors' avatars. Everything it
 * would fetch from elsewhere (an update check, web fonts, a status page) is refused, and it works without them.
 */
export function editorSecurityPolicy(site: Site): string {
  const github = site.cms ? ['https://api.github.com'] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...(site.cms ? ['https://avatars.githubusercontent.com'] : [])],
    ['media-src', "'self'", 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", 'data:', 'blob:', ...github],
    ['worker-src', "'self'", 'blob:'],
    ['frame-src', "'self'", 'blob:'],
    ['form-action', "'none'"],
    ['base-uri', "'none'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** What /admin/ answers with besides the shared headers: its own policy, never indexed, always revalidated. */
export function editorHeaders(site: Site): [string, string][] {
  return [
    ['Content-Security-Policy', editorSecurityPolicy(site)],
    ['X-Robots-Tag', 'noindex, nofollow'],
    ['Cache-Control', REVALIDATE_CACHE],
  ];
}

/** Headers every response gets, whatever the path. */
export function securityHeaders(site: Site): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(site)],
    ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'], // frame-ancestors 'none' for browsers that predate CSP 2
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()'],
  ];
}

/**
 * Path patterns that cover every page, in `_headers` syntax: top-level pages one by one, deeper ones by their
 * folder with a placeholder for the last segment (`/blog/:slug`, `/blog/page/:slug`, `/service-area/:slug`) so the
 * file stays small as posts are added. Not `/blog/*`: Netlify's splat also matches `/blog` itself, which would give
 * that page two Cache-Control values (tests/deploy/netlify.test.ts). None overlaps /assets/*.
 */
export function pagePatterns(pagePaths: string[]): string[] {
  const patterns = pagePaths.map((p) => (p.split('/').length > 2 ? `${p.slice(0, p.lastIndexOf('/'))}/:slug` : p));
  return [...new Set(patterns)];
}

/**
 * `dist/_headers` for Netlify and Cloudflare Pages. Both apply every rule whose pattern matches and join repeated
 * header names with commas, so no header name appears in two rules that can match the same path.
 */
export function headersFile(site: Site, pagePaths: string[]): string {
  const block = (pattern: string, headers: [string, string][]) => [pattern, ...headers.map(([k, v]) => `  ${k}: ${v}`)].join('\n');
  const assetsDir = site.assets.js.split('/')[1];
  return (
    [
      '# Generated by build.ts (generator/host-files.ts) from content/site.yaml: rebuild rather than edit.',
      block('/*', securityHeaders(site)),
      block(`/${assetsDir}/*`, [['Cache-Control', IMMUTABLE_CACHE]]),
      // The editor replaces the public CSP: Cloudflare Pages joins a header that two rules set unless the later one
      // detaches it first ("! Name"); Netlify ignores that line (it has no colon) and lets the later rule win.
      [`${EDITOR_PATH}*`, `  ! Content-Security-Policy`, ...editorHeaders(site).map(([k, v]) => `  ${k}: ${v}`)].join('\n'),
      ...pagePatterns(pagePaths).map((p) => block(p, [['Cache-Control', REVALIDATE_CACHE]])),
    ].join('\n\n') + '\n'
  );
}

/** The sitemap protocol's limit of URLs per file. */
export const SITEMAP_LIMIT = 50_000;

/**
 * sitemap.xml with every route; past `limit` URLs, sitemap.xml becomes an index of sitemap-1.xml, sitemap-2.xml, ...
 * of at most `limit` URLs each, as the protocol asks. Returns [file, body] pairs.
 */
export function sitemapFiles(site: Site, routes: Route[], limit = SITEMAP_LIMIT): [string, string][] {
  const o = site.business.origin;
  const urls = routes.map((r) => {
    const lastmod = r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : '';
    return `<url><loc>${escapeXml(o + r.path)}</loc>${lastmod}</url>`;
  });
  const urlset = (part: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${part.join('\n')}\n</urlset>\n`;
  if (urls.length <= limit) return [['sitemap.xml', urlset(urls)]];
  const parts: [string, string][] = [];
  for (let i = 0; i < urls.length; i += limit) parts.push([`sitemap-${parts.length + 1}.xml`, urlset(urls.slice(i, i + limit))]);
  const index = parts.map(([f]) => `<sitemap><loc>${escapeXml(`${o}/${f}`)}</loc></sitemap>`);
  return [
    [
      'sitemap.xml',
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join('\n')}\n</sitemapindex>\n`,
    ],
    ...parts,
  ];
}

export function robotsTxt(site: Site): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.business.origin}/sitemap.xml\n`;
}

/** `_redirects` for Netlify and Cloudflare Pages. */
export function redirectsFile(site: Site): string {
  // Plain 301: Cloudflare Pages rejects Netlify's forcing `301!`. Netlify serves the stub page at the old
  // address instead (it redirects in the browser); Cloudflare and nginx answer with a real 301.
  return site.redirects.map((r) => `${r.from} ${r.to} 301`).join('\n') + '\n';
}
