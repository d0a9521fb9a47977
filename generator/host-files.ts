// What a host needs besides the pages: the sitemap, robots.txt, redirects (`_redirects`), response headers
// (Netlify / Cloudflare Pages `_headers`) and an nginx server block. Pure functions of the site model and
// route table, so every host and the tests share one source of truth.
import { createHash } from 'node:crypto';
import { escapeXml } from '../templates/escape.ts';
import type { Route, Site } from '../templates/model.ts';
import { CONTENT_TYPES } from './content-types.ts';

/** Frames the site embeds: the maps service (templates/parts/blocks.tsx MapFrame), which redirects to www.google.com. */
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
    // The one <style> (the whole stylesheet, in every head) by its hash; no stylesheet file, no style attributes.
    // The client sets element.style, which CSP allows.
    ['style-src', cspHash(site.assets.style)],
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

/** The editor's address (generator/cms.ts): its page is /admin/, its files beside it. */
export const ADMIN_PATH = '/admin/';

/**
 * The policy of the editor at /admin/ (Sveltia CMS), in place of the public one: as strict as it runs under. It
 * needs inline styles for its own interface (Svelte sets style attributes), blob: and data: for the photos it
 * previews, and, once connected to GitHub (site.yaml cms:), GitHub's API and the editors' avatars. Everything it
 * would fetch from elsewhere (an update check, web fonts, a status page) is refused, and it works without them.
 */
export function adminSecurityPolicy(site: Site): string {
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
export function adminHeaders(site: Site): [string, string][] {
  return [
    ['Content-Security-Policy', adminSecurityPolicy(site)],
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
      [`${ADMIN_PATH}*`, `  ! Content-Security-Policy`, ...adminHeaders(site).map(([k, v]) => `  ${k}: ${v}`)].join('\n'),
      ...pagePatterns(pagePaths).map((p) => block(p, [['Cache-Control', REVALIDATE_CACHE]])),
    ].join('\n\n') + '\n'
  );
}

/** The host the site answers on: the origin's, without a leading www. (which the site redirects away from). */
export function apexHost(site: Site): string {
  return new URL(site.business.origin).hostname.replace(/^www\./, '');
}

const NGINX_TYPES = CONTENT_TYPES.map((t) => [t.type, t.ext.join(' ')]);
// nginx adds the charset to text/html by itself, and compresses HTML always
const CHARSET_TYPES = CONTENT_TYPES.filter((t) => t.text && t.type !== 'text/html')
  .map((t) => t.type)
  .join(' ');
const GZIP_TYPES = CONTENT_TYPES.filter((t) => t.compress)
  .map((t) => t.type)
  .join(' ');

/** A double-quoted nginx string. nginx has no escape for `$`, so a value with one (or a line break) is refused. */
function nginxString(s: string, what: string): string {
  if (/[$\r\n\0]/.test(s)) throw new Error(`${what} "${s}" cannot be written to an nginx config ($, line breaks and NUL are not allowed)`);
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

export interface NginxOptions {
  root: string; // absolute path of the built dist/
  serverName?: string; // defaults to the origin's host without www.
  port?: number; // defaults to 80; put TLS in front (certbot, a load balancer or a CDN)
  address?: string; // listen only on this address (tests use 127.0.0.1); default: every IPv4 and IPv6 address
}

/**
 * An nginx `server` block (for the http context, e.g. /etc/nginx/conf.d/) serving dist/ like Netlify does:
 * clean URLs, the redirects as real 301s keeping the query, www. to the bare host, 404.html, the headers of
 * `_headers` and gzip for text.
 */
export function nginxConf(site: Site, opts: NginxOptions): string {
  const serverName = opts.serverName ?? apexHost(site);
  const port = opts.port ?? 80;
  const listen = opts.address ? [`${opts.address}:${port}`] : [`${port}`, `[::]:${port}`];
  const assetsDir = site.assets.js.split('/')[1];
  const headers = (extra: [string, string][], indent: string) =>
    [...securityHeaders(site), ...extra].map(([k, v]) => `${indent}add_header ${k} ${nginxString(v, k)} always;`);
  const cacheHeader = (value: string, indent: string) => `${indent}add_header Cache-Control ${nginxString(value, 'Cache-Control')};`;
  // nginx drops the server's add_header lines in any location that has its own, so each such location repeats them all.
  const pageLocation = (match: string, tryFiles: string) => [
    `  location ${match} {`,
    `    try_files ${tryFiles} =404;`,
    ...headers([], '    '),
    cacheHeader(REVALIDATE_CACHE, '    '),
    '  }',
  ];
  const redirect = (r: Site['redirects'][number]) => {
    const quoted = nginxString(r.to, `redirect target of ${r.from}`).slice(1, -1);
    const at = quoted.includes('#') ? quoted.indexOf('#') : quoted.length;
    const [to, hash] = [quoted.slice(0, at), quoted.slice(at)];
    // keep the visitor's query (utm tags) like the stub pages do, before the hash; a target with its own query keeps only that
    const args = to.includes('?') ? '' : '$is_args$args';
    return `  location = ${nginxString(r.from, 'redirect source')} { return 301 "${to}${args}${hash}"; }`;
  };
  return [
    '# Generated by build.ts (generator/host-files.ts) from content/site.yaml: rebuild rather than edit.',
    `# Serves ${opts.root}; include it in nginx's http block (e.g. /etc/nginx/conf.d/site.conf).`,
    'server {',
    ...listen.map((l) => `  listen ${l};`),
    `  server_name ${serverName} www.${serverName};`,
    `  root ${nginxString(opts.root, 'root')};`,
    '  server_tokens off;',
    '  absolute_redirect off; # Location: /tree-removal, right behind any proxy or port',
    '',
    '  # www. goes to the bare host, keeping path and query (the page script does the same for the hash)',
    '  if ($http_host ~* ^www\\.(.+)$) { return 301 $scheme://$1$request_uri; }',
    '',
    '  types {',
    ...NGINX_TYPES.map(([type, ext]) => `    ${type} ${ext};`),
    '  }',
    '  default_type application/octet-stream;',
    '  charset utf-8;',
    `  charset_types ${CHARSET_TYPES};`,
    '  gzip on;',
    '  gzip_vary on;',
    '  gzip_comp_level 6;',
    '  gzip_min_length 256;',
    `  gzip_types ${GZIP_TYPES};`,
    '',
    ...headers([], '  '),
    '',
    '  error_page 404 /404.html;',
    '  location = /404.html {',
    '    internal;',
    ...headers([['Cache-Control', REVALIDATE_CACHE]], '    '),
    '  }',
    '  # the host configuration files are not part of the site',
    '  location = /_headers { return 404; }',
    '  location = /_redirects { return 404; }',
    '',
    '  # clean URLs: /about is about.html, / is index.html; /about/ moves to /about (only slug paths: no open redirect)',
    ...pageLocation('= /', '/index.html'),
    ...pageLocation('/', '$uri $uri.html'),
    '  location ~ "^(/[a-z0-9-]+(?:/[a-z0-9-]+)*)/$" { return 301 $1$is_args$args; }',
    '  # one address per page (Cloudflare Pages moves the same addresses, with a 308): /index, /index.html, /about.html',
    '  # and /about/index.html move to the clean URL, keeping the query (regular expressions in order; slug paths only)',
    '  location ~ "^/index(?:\\.html)?$" { return 301 /$is_args$args; }',
    '  location ~ "^(/[a-z0-9-]+(?:/[a-z0-9-]+)*)/index\\.html$" { return 301 $1$is_args$args; }',
    '  location ~ "^(/[a-z0-9-]+(?:/[a-z0-9-]+)*)\\.html$" { return 301 $1$is_args$args; }',
    '',
    '  # the editor (generator/cms.ts): its own policy, never indexed; /admin moves to /admin/, where its page is',
    '  location = /admin { return 301 /admin/$is_args$args; }',
    `  location ^~ ${ADMIN_PATH} {`,
    '    index index.html;',
    '    try_files $uri $uri/ =404;',
    ...[
      ...securityHeaders(site).filter(([k]) => k !== 'Content-Security-Policy'),
      ...adminHeaders(site).filter(([k]) => k !== 'Cache-Control'),
    ].map(([k, v]) => `    add_header ${k} ${nginxString(v, k)} always;`),
    cacheHeader(REVALIDATE_CACHE, '    '),
    '  }',
    '',
    '  # content-hashed CSS and JS',
    `  location /${assetsDir}/ {`,
    '    try_files $uri =404;',
    ...headers([], '    '),
    cacheHeader(IMMUTABLE_CACHE, '    '),
    '  }',
    '',
    '  # redirects (content/site.yaml), the same as _redirects',
    ...site.redirects.map(redirect),
    '}',
    '',
  ].join('\n');
}

/** Every page's address, with the post's last change where there is one. */
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
