// What docs/deploy.md promises a visitor gets from a published dist/, as one table for every host it names:
// nginx (tests/deploy/nginx.test.ts), Cloudflare Pages (cloudflare.test.ts) and Netlify (netlify.test.ts). Each row
// is one request and the answer the docs promise; where a host answers otherwise, the row names that host's
// difference and why, so a difference is a decision written down, never a silent skip. Paths, redirects and pages
// come from the site model (tests/support/facts.ts) and the build's own files, never typed here.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { contentType, fileForPath } from '../../generator/build-site.ts';
import { REDIRECTS, ROUTES } from '../support/facts.ts';
import { walk } from '../support/files.ts';
import { OFFICE_PATH } from '../../templates/model/constants.ts';

export type Host = 'nginx' | 'cloudflare' | 'netlify';

/** The headers a response must carry, besides those the row names itself. */
export type HeaderRule =
  | 'page' // every header `_headers` gives the path, Cache-Control the revalidating one
  | 'file' // every header `_headers` gives the path (hashed assets: the immutable Cache-Control)
  | 'security' // every security header of `/*`, exactly; Cache-Control never immutable
  | 'none'; // nothing asked (an engine's own error answer)

export interface Expect {
  status: number;
  /** The Location header; null: none at all. Absent: not checked. */
  location?: string | null;
  /** The body is this file of dist/, byte for byte. */
  body?: string;
  /** The Content-Type header. */
  type?: string;
  headers: HeaderRule;
}

export interface Row {
  /** The promise of docs/deploy.md this row checks (the test's name). */
  promise: string;
  path: string;
  /** Asks for WWW.{host}: in capitals, as a host name is the same in any case of letters. */
  www?: boolean;
  expect: Expect;
  /** A host that answers otherwise: what it does instead, and why that is accepted (and what docs/deploy.md says). */
  differs?: Partial<Record<Host, { expect: Partial<Expect>; why: string }>>;
}

// the hosts' known differences, each the reason docs/deploy.md gives at more length
const WHY = {
  netlifyStub: 'an existing file wins over an unforced rule (`301!`, which Pages rejects): the stub page answers, and moves at once',
  cloudflareSlash: 'Pages moves /x/, /x.html and /index(.html) to the clean URL itself with a 308, permanent as a 301',
  netlifySlash: "`netlify dev` answers the page (the CDN: the Pretty URLs setting); the canonical names the page's one address",
  indexHtml: 'no x/index.html file exists, so 404: no second address of the page (nginx moves it to /x as a courtesy)',
  cloudflare404: 'Pages moves /404.html to /404 (308), which shows the noindex not-found page; `_redirects` cannot answer 404',
  netlify404: '`netlify dev` serves /404.html as a file (200); it is noindex, and a missing path still answers 404 with it',
  cloudflareHostFiles: '`wrangler pages dev` answers 502 (Pages in production never uploads them: 404); not served either way',
  cloudflareWww: "`_redirects` takes no domains: www. is a Redirect Rule in Cloudflare's dashboard; meanwhile the www script moves",
  netlifyWww: 'Netlify moves www. to the primary domain itself once both are added; `netlify dev` knows no domains',
  netlifyAdmin: "`netlify dev` answers /admin with the editor itself; Netlify's /admin/* rule still gives it its own policy",
  cloudflareTypes: 'Pages sends JavaScript as application/javascript and XML without a charset; browsers read both alike',
  netlifyTypes: '`netlify dev` sends JavaScript as application/javascript, XML without and JSON with a charset; read alike',
  netlifyCache:
    "`netlify dev`'s own Cache-Control wins over `_headers`; the CDN applies `_headers` (read by Netlify's parser: netlify.test.ts)",
};

/** Pages' and netlify dev's MIME tables, where they differ from the build's. */
function hostType(file: string, host: 'cloudflare' | 'netlify'): string {
  const t = contentType(file);
  if (t.startsWith('text/javascript')) return host === 'cloudflare' ? 'application/javascript' : 'application/javascript; charset=utf-8';
  if (t.startsWith('application/xml')) return 'application/xml';
  if (t === 'application/json' && host === 'netlify') return 'application/json; charset=utf-8';
  return t;
}

// ───────────── the table ─────────────

/** A top-level page: /about. */
const page = ROUTES.find((p) => p.split('/').length === 2 && p !== '/')!;

/** Every row of the table for a build into `out` (its dist/). */
export function table(out: string): Row[] {
  const rows: Row[] = [];
  const deep = ROUTES.find((p) => p.split('/').length > 2)!; // a page in a folder: /blog/...
  const folder = ROUTES.find((p) => ROUTES.some((q) => q.startsWith(`${p}/`)))!; // a page with pages under it: /blog

  for (const p of ROUTES)
    rows.push({
      promise: 'every page answers 200 at its clean URL, with the headers of `_headers`',
      path: p,
      expect: { status: 200, body: fileForPath(p), type: 'text/html; charset=utf-8', headers: 'page' },
      differs: { netlify: { expect: { headers: 'security' }, why: WHY.netlifyCache } },
    });

  for (const file of walk(out, (f) => !f.endsWith('.html') && !f.startsWith('_'))) {
    const f = path.relative(out, file).split(path.sep).join('/');
    const typed = (host: 'cloudflare' | 'netlify') => (hostType(f, host) === contentType(f) ? {} : { type: hostType(f, host) });
    rows.push({
      promise: 'every other file of dist/ answers 200 with its type; hashed assets are cached for a year, immutable',
      path: `/${f}`,
      expect: { status: 200, body: f, type: contentType(f), headers: 'file' },
      differs: {
        cloudflare: { expect: typed('cloudflare'), why: WHY.cloudflareTypes },
        netlify: { expect: { ...typed('netlify'), headers: 'security' }, why: `${WHY.netlifyTypes} ${WHY.netlifyCache}` },
      },
    });
  }

  // the estimate file, which pages with estimate buttons fetch at the address they name (data-estimate-ui)
  for (const file of walk(out, (f) => f.startsWith('assets/') && f.endsWith('.html'))) {
    const f = path.relative(out, file).split(path.sep).join('/');
    rows.push({
      promise: 'the estimate file answers at the address the pages fetch, as it is or (Cloudflare Pages) after a move',
      path: `/${f}`,
      expect: { status: 200, body: f, type: 'text/html; charset=utf-8', headers: 'file' },
      differs: {
        cloudflare: {
          // the move is itself a hashed address's answer: cached for a year, as the file is
          expect: { status: 308, location: `/${f.slice(0, -'.html'.length)}`, body: undefined, type: undefined },
          why: WHY.cloudflareSlash,
        },
        netlify: { expect: { headers: 'security' }, why: WHY.netlifyCache },
      },
    });
  }

  const move = (from: string, to: string, promise: string, differs: Row['differs']): Row => ({
    promise,
    path: from,
    expect: { status: 301, location: to, headers: 'security' },
    differs,
  });
  const redirectRow = (from: string, to: string, promise: string) =>
    move(from, to, promise, {
      netlify: { expect: { status: 200, location: null, body: fileForPath(new URL(from, 'http://x').pathname) }, why: WHY.netlifyStub },
    });
  for (const [from, to] of REDIRECTS)
    rows.push(redirectRow(from, to, 'every redirect of site.yaml answers 301 to its target, with the security headers'));

  // the query is kept, before the target's hash
  const withHash = REDIRECTS.find(([, to]) => to.includes('#'));
  const plain = REDIRECTS.find(([, to]) => !to.includes('#') && !to.includes('?'));
  if (plain) rows.push(redirectRow(`${plain[0]}?utm_source=card&x=1`, `${plain[1]}?utm_source=card&x=1`, 'a redirect keeps the query'));
  if (withHash) {
    const [to, hash] = withHash[1].split('#');
    rows.push(redirectRow(`${withHash[0]}?ref=footer`, `${to}?ref=footer#${hash}`, "a redirect keeps the query, before the target's hash"));
  }

  rows.push({
    promise: 'www. in any case of letters answers a 301 to the bare host, keeping path and query',
    path: `${deep}?ref=x`,
    www: true,
    expect: { status: 301, location: `http://{host}${deep}?ref=x`, headers: 'none' },
    differs: {
      cloudflare: { expect: { status: 200, location: null, body: fileForPath(deep), headers: 'page' }, why: WHY.cloudflareWww },
      netlify: { expect: { status: 200, location: null, body: fileForPath(deep), headers: 'security' }, why: WHY.netlifyWww },
    },
  });

  const notFound = (p: string, promise: string, differs?: Row['differs']): Row => ({
    promise,
    path: p,
    expect: { status: 404, body: '404.html', type: 'text/html; charset=utf-8', headers: 'security' },
    differs,
  });
  const missingCity = `${deep.slice(0, deep.lastIndexOf('/'))}/no-such-page`;
  for (const p of ['/no-such-page', missingCity, '/assets/app-0000000000.js', `${page}.htm`])
    rows.push(notFound(p, 'a missing path answers 404 with the 404 page and the security headers'));
  rows.push(
    notFound('/404.html', 'the 404 page has no address of its own', {
      cloudflare: { expect: { status: 308, location: '/404', body: undefined, type: undefined }, why: WHY.cloudflare404 },
      netlify: { expect: { status: 200 }, why: WHY.netlify404 },
    }),
  );
  for (const f of ['_headers', '_redirects'])
    rows.push(
      notFound(`/${f}`, '`_headers` and `_redirects` are read by the host, not served', {
        cloudflare: { expect: { status: 502, body: undefined, type: undefined, headers: 'none' }, why: WHY.cloudflareHostFiles },
      }),
    );

  // one address per page
  const slashDiffers = (to: string): Row['differs'] => ({
    cloudflare: { expect: { status: 308 }, why: WHY.cloudflareSlash },
    netlify: { expect: { status: 200, location: null, body: fileForPath(new URL(to, 'http://x').pathname) }, why: WHY.netlifySlash },
  });
  for (const [from, to] of [
    [`${page}/?a=1`, `${page}?a=1`],
    [`${folder}/`, folder],
    [`${deep}/`, deep],
  ])
    rows.push(move(from, to, 'a trailing slash moves to the clean URL, keeping the query', slashDiffers(to)));
  const html = '/x.html, /index and /index.html move to the clean URL, keeping the query';
  for (const [from, to] of [
    ['/index.html', '/'],
    ['/index', '/'],
    ['/index.html?ref=x', '/?ref=x'],
    [`${page}.html`, page],
    [`${page}.html?utm_source=card&x=1`, `${page}?utm_source=card&x=1`],
    [`${deep}.html`, deep],
  ])
    rows.push(move(from, to, html, slashDiffers(to)));
  rows.push(
    move(`${page}/index.html`, page, '/x/index.html moves to /x (nginx) or is not found (no such file)', {
      cloudflare: { expect: { status: 404, location: null, body: '404.html' }, why: WHY.indexHtml },
      netlify: { expect: { status: 404, location: null, body: '404.html' }, why: WHY.indexHtml },
    }),
  );
  // the editor: its page answers with its own policy in place of the public one (the files of admin/ are rows above)
  if (existsSync(path.join(out, 'admin/index.html'))) {
    rows.push({
      promise: '/admin/ answers the editor with its own policy, never the public one, and noindex',
      path: '/admin/',
      expect: { status: 200, body: 'admin/index.html', type: 'text/html; charset=utf-8', headers: 'file' },
      differs: { netlify: { expect: { headers: 'security' }, why: WHY.netlifyCache } },
    });
    rows.push({
      promise: '/admin moves to /admin/, where the editor is',
      path: '/admin',
      expect: { status: 301, location: '/admin/', headers: 'none' },
      differs: {
        cloudflare: { expect: { status: 308 }, why: WHY.cloudflareSlash },
        netlify: { expect: { status: 200, location: null, body: 'admin/index.html', headers: 'security' }, why: WHY.netlifyAdmin },
      },
    });
  }
  // the office page a request's office link opens (every build with visits:), in the editor's room and under its policy
  if (existsSync(path.join(out, OFFICE_PATH.slice(1), 'index.html')))
    rows.push({
      promise: "the office page answers at the address a request's office link names, with the editor's policy, and noindex",
      path: OFFICE_PATH,
      expect: { status: 200, body: `${OFFICE_PATH.slice(1)}index.html`, type: 'text/html; charset=utf-8', headers: 'file' },
      differs: { netlify: { expect: { headers: 'security' }, why: WHY.netlifyCache } },
    });
  return rows;
}

/** Requests no host may turn into a redirect elsewhere, an injected header or a file outside dist/, whatever the status
 *  (the nginx probes). */
export function probes(): { path: string; why: string }[] {
  const [from] = REDIRECTS[0] ?? [page];
  return [
    { path: '//evil.example/', why: 'a path a browser reads as another host' },
    { path: '//evil.example', why: 'the same without the slash' },
    { path: '/%5Cevil.example/', why: 'an encoded backslash: /\\evil.example' },
    { path: '/\\evil.example/', why: 'a raw backslash' },
    { path: '//evil.example.html', why: 'through the .html move' },
    { path: '/%5Cevil.example.html', why: 'through the .html move, encoded' },
    { path: '/\\evil.example/index.html', why: 'through the index.html move' },
    { path: '/%2e%2e/%2e%2e/%2e%2e/etc/passwd', why: 'encoded traversal' },
    { path: '/%2e%2e/etc/passwd.html', why: 'encoded traversal through the .html move' },
    { path: '/assets/..%2f..%2f..%2fetc%2fpasswd', why: 'encoded slashes in a traversal' },
    { path: `${page}%0d%0aSet-Cookie:%20injected=1`, why: 'a CRLF in the path' },
    { path: `${from}?x=%0d%0aSet-Cookie:%20injected=1`, why: 'a CRLF in the query a redirect keeps' },
    { path: `${page}/%0d%0aSet-Cookie:%20injected=1/`, why: 'a CRLF through the trailing-slash move' },
  ];
}
